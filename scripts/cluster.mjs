// `npm run cluster`: the production topology on one machine. Debian's nginx, configured from
// docker/nginx.conf (the file the compose deployment mounts, with only its marked blocks swapped),
// in front of two built gündem nodes (`--nodes=N`) sharing a fresh PostgreSQL database and Redis;
// `--replica` gives them a PostgreSQL primary and streaming replica of their own instead, and
// `--redis-cluster` a six-process Redis Cluster (three nodes by default with either). Prints the
// URL and keeps running; Ctrl-C stops every process and removes the database and the temporary
// directory. test/cluster/cluster.test.ts drives the same functions.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildOrExit, root } from './build-if-needed.mjs';

const require = createRequire(import.meta.url);

export const NGINX_TEMPLATE = join(root, 'docker/nginx.conf');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const STATS_MESSAGE = 'gundem:stats'; // backend/src/diagnostics/ipc-stats.ts
const START_TIMEOUT_MS = 90_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------- nginx configuration ----------

/**
 * docker/nginx.conf with each `# >>> NAME` … `# <<< NAME` block replaced by `blocks[NAME]` (lines,
 * indented like the marker). Every block of the template must be given and every given block
 * must be in the template, so the two cannot drift apart silently.
 */
export function renderTemplate(template, blocks) {
  const seen = new Set();
  const out = template.replace(/^([ \t]*)# >>> ([\w-]+)\n[\s\S]*?^[ \t]*# <<< \2\n/gm, (_match, indent, name) => {
    if (!(name in blocks)) throw new Error(`nginx şablonunda bilinmeyen blok: ${name}`);
    seen.add(name);
    return blocks[name].map((line) => `${indent}${line}\n`).join('');
  });
  const missing = Object.keys(blocks).filter((name) => !seen.has(name));
  if (missing.length) throw new Error(`nginx şablonunda bulunmayan blok: ${missing.join(', ')}`);
  return out;
}

/** The local nginx's configuration: upstream `servers` (host:port), listening on `listen`, its files in `dir`. */
export function renderNginxConfig({ servers, listen, dir, template = readFileSync(NGINX_TEMPLATE, 'utf8') }) {
  return renderTemplate(template, {
    process: [`pid ${join(dir, 'nginx.pid')};`],
    'http-paths': ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, `${kind}_temp`)};`),
    servers: servers.map((server) => `server ${server} max_fails=1 fail_timeout=5s;`),
    'access-log': [`access_log ${join(dir, 'access.log')} gundem;`],
    listen: [`listen ${listen};`],
  });
}

/** NGINX, else `nginx` on PATH, else Debian's /usr/sbin/nginx; undefined when there is none. */
export function findNginx() {
  const candidates = [process.env.NGINX, ...(process.env.PATH ?? '').split(delimiter).map((dir) => dir && join(dir, 'nginx')), '/usr/sbin/nginx'];
  return candidates.find((path) => path && existsSync(path));
}

/** `nginx -t` on a configuration, with the same prefix and `-g` the run uses. */
export function testNginxConfig(nginx, dir, configPath) {
  const result = spawnSync(nginx, ['-t', '-p', dir, '-c', configPath, '-g', 'daemon off;'], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

// ---------- services ----------

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PING over a bare TCP connection (no client library needed): true on `+PONG`. */
export function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function canConnect(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url, sql) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `gundem_cluster_<random>` on `adminUrl`; when nothing answers there, on an
 * embedded PostgreSQL in `dir` (the backend's own, from its build).
 */
async function freshDatabase(adminUrl, dir, log) {
  let stopEmbedded;
  if (!(await canConnect(adminUrl))) {
    log(`${adminUrl} yanıt vermiyor; gömülü PostgreSQL başlatılıyor…`);
    const { startEmbeddedPostgres } = require(join(root, 'backend/dist/database/embedded-postgres.js'));
    const embedded = await startEmbeddedPostgres(join(dir, 'postgres'), { database: 'postgres', persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const name = `gundem_cluster_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await stopEmbedded?.();
    },
  };
}

/** `redisUrl` when it answers, else a throwaway `redis-server` (no persistence) when installed. */
async function redisFor(redisUrl, log) {
  if (await redisAnswers(redisUrl)) return { url: redisUrl, stop: async () => {} };
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`Redis yanıt vermiyor (${redisUrl}) ve redis-server bulunamadı: REDIS_URL ile bir Redis verin.`);
  }
  const port = await freePort();
  log(`${redisUrl} yanıt vermiyor; geçici redis-server başlatılıyor (port ${port})…`);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('geçici redis-server yanıt vermedi');
    }
    await sleep(50);
  }
  return { url, stop: () => stopChild(child, 'SIGTERM', 5_000) };
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves once the process is gone. */
function stopChild(child, signal, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Resolves once `url` answers 200, rejects when `child` exits first or after `timeoutMs`. */
async function waitForHealth(url, child, timeoutMs, what, output) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} çıktı (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} ${timeoutMs} ms içinde hazır olmadı:\n${output()}`);
    await sleep(200);
  }
}

/** One built gündem node (`backend/dist/main.js`) with an IPC channel for its statistics. */
async function startNode({ name, port, env, onLine, track }) {
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  track(child);
  let out = '';
  const onData = (data) => {
    out += data;
    if (onLine) for (const line of String(data).split('\n')) if (line.trim()) onLine(`[${name}] ${line}`);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const url = `http://127.0.0.1:${port}`;
  const node = {
    name,
    port,
    url,
    pid: child.pid,
    output: () => out,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** The node's own figures over IPC (backend/src/diagnostics/ipc-stats.ts): `connections` is its Socket.IO connection count. */
    stats(timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error(`${name}: istatistik ${timeoutMs} ms içinde gelmedi`));
        }, timeoutMs);
        const onMessage = (message) => {
          if (message?.type !== STATS_MESSAGE) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        child.send({ type: STATS_MESSAGE });
      });
    },
    /** SIGKILL (a crash: no goodbye to its clients) by default; resolves once it is gone. */
    kill(signal = 'SIGKILL') {
      return stopChild(child, signal, 15_000);
    },
  };
  try {
    await waitForHealth(`${url}/api/health`, child, START_TIMEOUT_MS, name, () => out);
  } catch (error) {
    await stopChild(child, 'SIGKILL', 0);
    throw error;
  }
  return node;
}

// ---------- the topology ----------

/**
 * Starts nginx in front of `nodes` gündem nodes. Options: `databaseUrl` (a server where a fresh
 * database is created; default DATABASE_URL or the local service), `redisUrl` (default
 * REDIS_URL or the local service), `port` (nginx's; a free one by default), `env` (more
 * variables for every node), `seedDemo` (the first node seeds the demo accounts; default true),
 * `log` (progress lines), `onNodeLine` (each line a node prints).
 * Returns `{ url, nodes, nginx, databaseUrl, redisPrefix, stop() }`; on failure everything
 * started so far is stopped before the error is thrown.
 */
export async function startCluster(options = {}) {
  const log = options.log ?? (() => {});
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx bulunamadı (Debian: apt-get install nginx; ya da NGINX=/yol/nginx).');
  if (!existsSync(join(root, 'backend/dist/main.js'))) throw new Error('backend derlenmemiş: npm run build');

  const dir = mkdtempSync(join(tmpdir(), 'gundem-cluster-'));
  // nginx's workers run as an unprivileged user when the master is root: they must reach their temp paths.
  chmodSync(dir, 0o755);
  const cleanups = [];
  // If this process exits without stop() (an uncaught error, process.exit), no child outlives it
  // and the directory goes; the database is dropped only by stop(), which is asynchronous.
  const children = [];
  const track = (child) => children.push(child);
  const lastResort = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(child.spawnfile === process.execPath ? 'SIGKILL' : 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', lastResort);
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((error) => log(`temizlik: ${error.message}`));
    cleanups.length = 0;
    process.off('exit', lastResort);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // `replica`: a PostgreSQL primary and a streaming replica of their own (Debian's binaries,
    // backend/src/cli/replica-pair.ts) instead of a database on the local server; the nodes read
    // what tolerates lag from the replica (DATABASE_REPLICA_URLS).
    let db;
    let replicaEnv = {};
    if (options.replica) {
      const { startReplicaPair } = require(join(root, 'backend/dist/cli/replica-pair.js'));
      log('PostgreSQL birincil ve akış kopyası başlatılıyor (initdb, pg_basebackup -R)…');
      const pair = await startReplicaPair();
      db = { url: pair.primaryUrl, drop: () => pair.stop(), pair };
      replicaEnv = { DATABASE_REPLICA_URLS: pair.replicaUrl };
    } else {
      db = await freshDatabase(options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, dir, log);
    }
    cleanups.push(() => db.drop());
    // `redisCluster`: a six-process Redis Cluster of its own (scripts/redis-cluster.mjs) instead of
    // one Redis: the nodes use Socket.IO's sharded adapter over it.
    let redis;
    if (options.redisCluster) {
      const { freeClusterPorts, startRedisCluster } = await import('./redis-cluster.mjs');
      log('Redis Cluster başlatılıyor (3 ana, 3 yedek düğüm)…');
      const redisCluster = await startRedisCluster(await freeClusterPorts(6));
      redis = { url: redisCluster.url, stop: () => redisCluster.stop(), cluster: redisCluster };
    } else {
      redis = await redisFor(options.redisUrl ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL, log);
    }
    cleanups.push(() => redis.stop());

    const nginxPort = options.port || (await freePort());
    const url = `http://127.0.0.1:${nginxPort}`;
    const redisPrefix = `gundem-cluster-${randomBytes(4).toString('hex')}`;
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      // nginx runs on this machine: it connects to the nodes from loopback.
      TRUST_PROXY: 'loopback',
      // One folder of pictures for every node: nginx may ask any node for any /media file.
      MEDIA_DIR: join(dir, 'media'),
      APP_URL: url,
      ...replicaEnv,
      ...options.env,
    };
    const nodes = [];
    cleanups.push(() => Promise.all(nodes.map((node) => node.kill('SIGTERM'))));
    // One after the other: the first migrates (and seeds), the others find it done.
    for (let i = 0; i < (options.nodes ?? 2); i++) {
      const name = `node${i + 1}`;
      const dataDir = join(dir, name);
      mkdirSync(dataDir, { mode: 0o700 });
      log(`${name} başlatılıyor…`);
      const seed = i === 0 && options.seedDemo !== false;
      nodes.push(await startNode({ name, port: await freePort(), env: { ...shared, DATA_DIR: dataDir, SEED_DEMO: String(seed) }, onLine: options.onNodeLine, track }));
    }

    const configPath = join(dir, 'nginx.conf');
    writeFileSync(configPath, renderNginxConfig({ servers: nodes.map((node) => `127.0.0.1:${node.port}`), listen: `127.0.0.1:${nginxPort}`, dir }));
    const test = testNginxConfig(nginxBin, dir, configPath);
    if (!test.ok) throw new Error(`nginx -t başarısız:\n${test.output}`);
    log(`nginx -t: ${test.output.split('\n').pop()}`);

    const nginx = spawn(nginxBin, ['-p', dir, '-c', configPath, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(nginx);
    let nginxOut = '';
    nginx.stdout.on('data', (data) => (nginxOut += data));
    nginx.stderr.on('data', (data) => (nginxOut += data));
    // SIGTERM is nginx's fast shutdown: it does not wait for open WebSockets as SIGQUIT would.
    cleanups.push(() => stopChild(nginx, 'SIGTERM', 10_000));
    await waitForHealth(`${url}/api/health`, nginx, 15_000, 'nginx', () => nginxOut);

    return {
      url,
      nodes,
      databaseUrl: db.url,
      replica: db.pair,
      redisCluster: redis.cluster,
      redisPrefix,
      nginx: { configPath, dir, test, accessLog: join(dir, 'access.log'), output: () => nginxOut, pid: nginx.pid },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

// ---------- `npm run cluster` ----------

async function main() {
  buildOrExit();
  const say = (line) => console.log(`[cluster] ${line}`);
  let cluster;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say('durduruluyor…');
    await cluster?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    const args = process.argv.slice(2);
    const unknown = args.filter((arg) => arg !== '--replica' && arg !== '--redis-cluster' && !/^--nodes=\d+$/.test(arg));
    if (unknown.length) throw new Error(`bilinmeyen seçenek: ${unknown.join(' ')} (kullanım: npm run cluster -- [--replica] [--redis-cluster] [--nodes=N])`);
    const replica = args.includes('--replica');
    const redisCluster = args.includes('--redis-cluster');
    // The scaled-out topology has three nodes by default, the plain one two.
    const nodes = Number(args.find((arg) => arg.startsWith('--nodes='))?.slice('--nodes='.length) ?? (replica || redisCluster ? 3 : 2));
    if (nodes < 1 || nodes > 16) throw new Error('--nodes 1 ile 16 arasında olmalı');
    cluster = await startCluster({
      replica,
      redisCluster,
      nodes,
      port: process.env.GUNDEM_PORT ? Number(process.env.GUNDEM_PORT) : undefined,
      log: say,
      onNodeLine: process.env.CLUSTER_QUIET ? undefined : (line) => console.log(line),
    });
  } catch (error) {
    console.error(`[cluster] ${error.message}`);
    await shutdown(1);
    return;
  }
  if (stopping) return;
  console.log(
    [
      '',
      `  gündem kümesi çalışıyor: ${cluster.url}  (nginx → ${cluster.nodes.map((node) => `${node.name} ${node.url}`).join(', ')})`,
      `  nginx yapılandırması:    ${cluster.nginx.configPath}`,
      `  Veritabanı:              ${new URL(cluster.databaseUrl).pathname.slice(1)} (durunca silinir)`,
      ...(cluster.replica ? [`  PostgreSQL:              birincil ${cluster.replica.primaryUrl}, akış kopyası ${cluster.replica.replicaUrl}`] : []),
      ...(cluster.redisCluster ? [`  Redis Cluster:           ${cluster.redisCluster.nodesSetting} (3 ana, 3 yedek)`] : []),
      '  Demo hesapları (şifre: gundem123): admin@gundem.local, moderator@gundem.local, ayse@gundem.local',
      '  Bir düğümü öldürmeyi deneyin: kill -9 <pid> (' + cluster.nodes.map((node) => `${node.name}: ${node.pid}`).join(', ') + ')',
      '  Durdurmak için Ctrl-C.',
      '',
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
