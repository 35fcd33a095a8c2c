import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { freePort, startEmbeddedPostgres } from '../../backend/src/database/embedded-postgres';
import { createTestDatabase } from '../../backend/test/test-database';
import { canConnect, LOCAL_POSTGRES } from '../support/postgres';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/**
 * What the multi-node tests need: a fresh PostgreSQL database, a Redis, and backend processes
 * (the built `backend/dist/main.js`) sharing both. Nothing here skips under CI=true.
 */

export const CI = process.env.CI === 'true';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * Builds the backend (only it: these tests serve no SPA) when `backend/dist/main.js` is missing
 * or older than its sources. `npm test` has built everything already by then.
 */
export function ensureBackendBuilt(): void {
  const main = join(repoRoot, 'backend/dist/main.js');
  if (existsSync(main) && statSync(main).mtimeMs >= newestMtime(join(repoRoot, 'backend/src'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('[realtime] backend derlenemedi');
}

/** Outside CI a missing service skips the suite, loudly; under CI it is a failure. */
export function unavailable(reason: string): true {
  if (CI) throw new Error(`[realtime] ${reason} (CI=true: bu testler atlanamaz)`);
  console.warn(`\n⚠️  [realtime] ATLANDI: ${reason}\n`);
  return true;
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on DATABASE_URL (default: the local service CI uses), migrated (a clone of the
 * run's template) unless `empty`; when no server answers there, an empty one on an embedded
 * PostgreSQL of its own, so the suite never depends on one being installed.
 */
export async function freshDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  let adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES;
  // The run's migrated template (test/support/global-setup.ts) when it is on that server: a clone
  // instead of the 16 migrations each server would run at boot. `empty` is for what must start
  // from nothing (the migrate CLI's first run, a pg_restore target).
  if (!options.empty && process.env.GUNDEM_TEST_TEMPLATE && process.env.GUNDEM_TEST_ADMIN_URL === adminUrl) return createTestDatabase();
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!(await canConnect(adminUrl))) {
    console.warn(`[realtime] ${adminUrl} yanıt vermiyor; gömülü PostgreSQL başlatılıyor.`);
    dir = mkdtempSync(join(tmpdir(), 'gundem-rt-pg-'));
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(join(dir, 'data'), { database: 'postgres', persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const name = `gundem_rt_${randomBytes(5).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await stopEmbedded?.();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false, disconnectTimeout: 50 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A throwaway `redis-server` on a fixed port: no persistence, killable and restartable. */
export class RedisProcess {
  private child?: ChildProcess;
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.restart();
    return redis;
  }

  /** (Re)starts on the same port and resolves once it answers PING (bounded). */
  async restart(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await redisAnswers(this.url))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGKILL, like a crash: no goodbye to the clients. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Two or more nodes of one deployment: same database, Redis, JWT secret and channel prefix. */
export async function startNodes(
  count: number,
  env: { databaseUrl: string; redisUrl: string; redisPrefix: string; extra?: Record<string, string> },
): Promise<RunningServer[]> {
  const shared = {
    ...env.extra,
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
  };
  const nodes: RunningServer[] = [];
  // One after the other: the first applies the migrations, the rest find them done.
  for (let i = 0; i < count; i++) nodes.push(await startServer(shared));
  return nodes;
}

export interface Member {
  id: string;
  username: string;
  displayName: string;
  token: string;
}

let counter = 0;

/** A member as a newcomer becomes one: `POST /api/auth/register`, then `/api/auth/login`. */
export async function registerMember(baseUrl: string, name = 'uye'): Promise<Member> {
  counter += 1;
  const username = `${name}${process.pid.toString(36)}${randomBytes(3).toString('hex')}${counter}`.slice(0, 30);
  const password = 'gizli123';
  const email = `${username}@ornek.com`;
  const displayName = `Üye ${username}`;
  const reg = await api(baseUrl, 'POST', '/api/auth/register', { body: { username, displayName, email, password } });
  if (reg.status !== 201) throw new Error(`register ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await api(baseUrl, 'POST', '/api/auth/login', { body: { login: email, password } });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${JSON.stringify(login.body)}`);
  return { id: login.body.user.id, username, displayName, token: login.body.token };
}

/** fetch with JSON in and out, a bearer token, and a hard timeout (a hang is a failure, not a wait). */
export async function api(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field, each asserted
): Promise<{ status: number; retryAfter: string | null; body: any; ms: number }> {
  const started = Date.now();
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null, ms: Date.now() - started };
}

/** TEST_REDIS_URL (CI's service) when it answers, else a throwaway redis-server, else none. */
const SHARED_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
let redisMode: Promise<'shared' | 'own' | 'none'> | undefined;

/** Asked once per test file, and only by the files that start a cluster. */
function clusterRedisMode(): Promise<'shared' | 'own' | 'none'> {
  redisMode ??= (async () => ((await redisAnswers(SHARED_REDIS_URL)) ? 'shared' : hasRedisServer() ? 'own' : 'none'))();
  return redisMode;
}

/** true when no Redis can be had: the suite skips loudly (a failure under CI=true, see unavailable). */
export async function noClusterRedis(): Promise<boolean> {
  return (await clusterRedisMode()) === 'none' && unavailable(`Redis yok (${SHARED_REDIS_URL} yanıt vermiyor, redis-server da bulunamadı)`);
}

export interface Cluster {
  db: TestDatabase;
  nodes: RunningServer[];
  /** Their REDIS_PREFIX: the Socket.IO channels are named after it. */
  redisPrefix: string;
  stop(): Promise<void>;
}

/**
 * `count` nodes of one deployment on a fresh database and a Redis (the shared one, or a
 * throwaway redis-server; or `options.redisUrl`, e.g. a test Redis Cluster's, '' for none: then
 * `options.env` names it), with a channel
 * prefix of their own so parallel runs on one Redis never hear each other. `options.env` is
 * added to every node's environment. `stop` ends the nodes, the throwaway Redis and the database.
 */
export async function startCluster(count: number, options: { redisUrl?: string; env?: Record<string, string> } = {}): Promise<Cluster> {
  ensureBackendBuilt();
  const db = await freshDatabase();
  const ownRedis = options.redisUrl === undefined && (await clusterRedisMode()) === 'own' ? await RedisProcess.start() : undefined;
  const redisPrefix = `gundem-rt-${randomBytes(4).toString('hex')}`;
  const redisUrl = options.redisUrl ?? ownRedis?.url ?? SHARED_REDIS_URL;
  const nodes = await startNodes(count, { databaseUrl: db.url, redisUrl, redisPrefix, extra: options.env });
  return {
    db,
    nodes,
    redisPrefix,
    stop: async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await ownRedis?.kill();
      await db.drop();
    },
  };
}
