// A throwaway Redis Cluster: six `redis-server` processes (three masters, three replicas) in a
// temporary directory, no persistence, a short node timeout so a killed master fails over in
// about a second. `stop()` kills every process and removes the directory. Used by
// `npm run cluster -- --redis-cluster` (scripts/cluster.mjs, on free ports) and by the tests
// (test/support/redis-cluster.ts gives it its types; test/realtime/redis-cluster.test.ts).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The tests' fixed ports (one cluster per test file at a time). */
export const CLUSTER_PORTS = [7300, 7301, 7302, 7303, 7304, 7305];

async function cli(port, ...args) {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 5_000 });
  return stdout;
}

async function poll(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Processes of clusters not yet stopped: killed when the worker exits, so a failed test leaves none behind. */
const running = new Set();
const leftovers = [];
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
});

export async function startRedisCluster(ports = CLUSTER_PORTS) {
  const dir = mkdtempSync(join(tmpdir(), 'gundem-redis-cluster-'));
  leftovers.push(dir);
  const children = new Map();
  const alive = new Set(ports);

  const stop = async () => {
    await Promise.all(
      [...children.values()].map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      }),
    );
    children.clear();
    rmSync(dir, { recursive: true, force: true });
    leftovers.splice(leftovers.indexOf(dir), 1);
  };

  try {
    for (const port of ports) {
      const child = spawn(
        'redis-server',
        [
          '--port', String(port),
          '--bind', '127.0.0.1',
          '--cluster-enabled', 'yes',
          '--cluster-config-file', `nodes-${port}.conf`,
          '--cluster-node-timeout', '1000',
          // A replica may be promoted however long ago it last heard from its master: with the
          // default factor an idle replica (no writes, pings every 10 s) can count as too stale
          // and refuse to take over, and the test cluster would stay down.
          '--cluster-replica-validity-factor', '0',
          '--dir', dir,
          '--save', '',
          '--appendonly', 'no',
          '--logfile', join(dir, `redis-${port}.log`),
        ],
        { stdio: 'ignore' },
      );
      children.set(port, child);
      running.add(child);
      child.once('exit', () => running.delete(child));
    }
    for (const port of ports) await poll(`${port} PING yanıtlamadı`, 10_000, async () => ((await cli(port, 'PING')).trim() === 'PONG' ? true : undefined));
    await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'], { timeout: 30_000 });
  } catch (error) {
    await stop();
    throw error;
  }

  /** CLUSTER NODES as seen by a live node: one line per node (id, address, flags, master id, …, slot ranges). */
  const nodesTable = async () =>
    (await cli([...alive][0], 'CLUSTER', 'NODES'))
      .trim()
      .split('\n')
      .map((line) => {
        const [id, address, flags, masterId, , , , , ...slots] = line.split(' ');
        return { id, port: Number(/:(\d+)@/.exec(address)?.[1]), flags: flags.split(','), masterId, slots };
      });

  const cluster = {
    ports,
    nodesSetting: ports.map((p) => `127.0.0.1:${p}`).join(','),
    url: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
    async slotOf(key) {
      return Number((await cli([...alive][0], 'CLUSTER', 'KEYSLOT', key)).trim());
    },
    async masterOf(slot) {
      for (const node of await nodesTable()) {
        if (!node.flags.includes('master') || node.flags.includes('fail')) continue;
        for (const range of node.slots) {
          const [start, end = start] = range.split('-').map(Number);
          if (start <= slot && slot <= end) return node.port;
        }
      }
      throw new Error(`Redis Cluster: ${slot} numaralı yuvanın sahibi yok`);
    },
    async replicaOf(port) {
      const table = await nodesTable();
      const master = table.find((node) => node.port === port);
      const replica = table.find((node) => node.masterId === master?.id);
      if (!replica) throw new Error(`Redis Cluster: ${port} için yedek bulunamadı`);
      return replica.port;
    },
    async kill(port) {
      const child = children.get(port);
      alive.delete(port);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async waitHealthy(options = {}) {
      await poll('cluster_state:ok olmadı', options.timeoutMs ?? 20_000, async () => {
        for (const port of alive) {
          if (!(await cli(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) return undefined;
        }
        if (options.master !== undefined && !(await cli(options.master, 'ROLE')).startsWith('master')) return undefined;
        return true;
      });
    },
    stop,
  };
  try {
    await cluster.waitHealthy();
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` ports for a cluster's nodes, each with its cluster bus port (port + 10000) free too,
 * from 20000–29999 so the bus ports stay below 40000.
 */
export async function freeClusterPorts(count) {
  const ports = [];
  for (let attempt = 0; ports.length < count && attempt < 1000; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 10000);
    if (ports.includes(port)) continue;
    if ((await portFree(port)) && (await portFree(port + 10000))) ports.push(port);
  }
  if (ports.length < count) throw new Error('Redis Cluster için boş port bulunamadı');
  return ports;
}
