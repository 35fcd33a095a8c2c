import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway Redis Cluster for the tests that need one: six `redis-server` processes (three
 * masters, three replicas) in a temporary directory, no persistence, a short node timeout so a
 * killed master fails over in about a second. `stop()` kills every process and removes the
 * directory. One per test file (its ports are fixed: two files at once would collide, so the
 * files that use it run it in their `beforeAll` and share it among their tests).
 */
export interface RedisClusterNode {
  port: number;
  pid: number;
}

export interface TestRedisCluster {
  /** Every node, masters and replicas. */
  ports: number[];
  /** `host:port,host:port,…`, as REDIS_CLUSTER_NODES takes it. */
  nodesSetting: string;
  /** `redis+cluster://host:port,…`, as REDIS_URL takes it. */
  url: string;
  /** The hash slot of a key or shard channel name (CLUSTER KEYSLOT). */
  slotOf(key: string): Promise<number>;
  /** The master serving `slot` right now (CLUSTER SLOTS asked of any live node). */
  masterOf(slot: number): Promise<number>;
  /** The port of the replica of the master on `port`. */
  replicaOf(port: number): Promise<number>;
  /** SIGKILL, like a crash: the node's clients see their connections drop at once. */
  kill(port: number): Promise<void>;
  /** Resolves once every live node says cluster_state:ok and `port` (if given) is a master. */
  waitHealthy(options?: { master?: number; timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export const CLUSTER_PORTS = [7300, 7301, 7302, 7303, 7304, 7305];

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 5_000 });
  return stdout;
}

async function poll<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Processes of clusters not yet stopped: killed when the worker exits, so a failed test leaves none behind. */
const running = new Set<ChildProcess>();
const leftovers: string[] = [];
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
});

export async function startRedisCluster(ports: number[] = CLUSTER_PORTS): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'gundem-redis-cluster-'));
  leftovers.push(dir);
  const children = new Map<number, ChildProcess>();
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

  const cluster: TestRedisCluster = {
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
