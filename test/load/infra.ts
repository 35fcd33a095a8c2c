import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import type { BenchNode, BenchUser, NodeStats } from './types.js';

/** The repository's root (this file runs compiled from test/load/dist). */
export const repoRoot = resolve(__dirname, '../../..');

/**
 * Bumped whenever the seeder's output changes, so a database seeded by an older version is
 * seeded again instead of reused.
 */
export const SEED_VERSION = 2;

export type Scale = 'small' | 'default';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface PostgresServer {
  /** A maintenance database URL on the server (to create and drop others). */
  adminUrl: string;
  /** "PostgreSQL 15.x" etc. */
  version: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * BENCH_DATABASE_URL, else DATABASE_URL, else the local service on 127.0.0.1:5432 when it
 * answers; otherwise an embedded PostgreSQL in DATA_DIR/bench-postgres, kept across runs so the
 * seeded databases are reused.
 */
export async function openPostgres(log: (line: string) => void): Promise<PostgresServer> {
  const candidates = [process.env.BENCH_DATABASE_URL, process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(
    (u): u is string => Boolean(u),
  );
  for (const url of candidates) {
    if (await canConnect(url)) {
      const [{ version }] = await sql<{ version: string }>(url, `SELECT 'PostgreSQL ' || current_setting('server_version') AS version`);
      return { adminUrl: url, version, embedded: false, stop: async () => {} };
    }
  }
  const dir = resolve(process.env.DATA_DIR || join(repoRoot, '.data'), 'bench-postgres');
  log(`PostgreSQL sunucusu bulunamadı; gömülü PostgreSQL başlatılıyor (${dir}).`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  type Embedded = { startEmbeddedPostgres(dir: string, options: { database: string }): Promise<{ url: string; stop(): Promise<void> }> };
  const loaded = (await import(pathToFileURL(join(repoRoot, 'backend/dist/database/embedded-postgres.js')).href)) as Embedded & { default?: Embedded };
  const { startEmbeddedPostgres } = loaded.default ?? loaded;
  const db = await startEmbeddedPostgres(dir, { database: 'postgres' });
  const [{ version }] = await sql<{ version: string }>(db.url, `SELECT 'PostgreSQL ' || current_setting('server_version') AS version`);
  return { adminUrl: db.url, version, embedded: true, stop: () => db.stop() };
}

/**
 * The seeded database of a scale, `gundem_bench_<scale>`: reused when a finished seed of the same
 * SEED_VERSION is recorded in its comment, else created, migrated and seeded (with the seeder's
 * own progress bars). New migrations are applied by the nodes at boot either way.
 */
export async function benchDatabase(pg: PostgresServer, scale: Scale, log: (line: string) => void): Promise<{ url: string; seededNow: boolean; seedSeconds?: number }> {
  // BENCH_DATABASE_PREFIX lets a test seed databases of its own beside a developer's.
  const name = `${process.env.BENCH_DATABASE_PREFIX || 'gundem_bench'}_${scale}`;
  const url = withDatabase(pg.adminUrl, name);
  const marker = `gundem-bench seed v${SEED_VERSION} scale=${scale} complete`;
  const [existing] = await sql<{ comment: string | null }>(
    pg.adminUrl,
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [name],
  );
  if (existing?.comment === marker) {
    log(`Veri: ${name} hazır (daha önce tohumlandı), yeniden kullanılıyor.`);
    return { url, seededNow: false };
  }
  log(`Veri: ${name} oluşturuluyor ve tohumlanıyor (${scale})…`);
  await sql(pg.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await sql(pg.adminUrl, `CREATE DATABASE "${name}"`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(repoRoot, 'backend/dist/cli/seed.js'), '--scale', scale], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  if (run.status !== 0) throw new Error(`Tohumlama başarısız (çıkış kodu ${run.status}).`);
  const seedSeconds = (Date.now() - started) / 1000;
  await sql(pg.adminUrl, `COMMENT ON DATABASE "${name}" IS '${marker}'`);
  return { url, seededNow: true, seedSeconds };
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
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

/** REDIS_URL / TEST_REDIS_URL / the local service, else a throwaway redis-server, else none. */
export async function openRedis(log: (line: string) => void): Promise<RedisServer | null> {
  for (const url of [process.env.BENCH_REDIS_URL, process.env.REDIS_URL, process.env.TEST_REDIS_URL, 'redis://127.0.0.1:6379']) {
    if (url && (await redisAnswers(url))) return { url, stop: async () => {} };
  }
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    log('⚠️  Redis bulunamadı: tek düğüm ölçülecek, düğümler arası ölçümler atlanacak.');
    return null;
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (Date.now() > deadline) throw new Error('redis-server başlamadı');
    await sleep(50);
  }
  return {
    url,
    async stop() {
      child.kill('SIGKILL');
    },
  };
}

export interface RunningNode extends BenchNode {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`backend/dist/main.js`) as in production, with an IPC channel for
 * its figures (backend/src/diagnostics) and `--expose-gc` so heap figures are taken after a GC.
 */
export async function startNode(env: Record<string, string>, label: string): Promise<RunningNode> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `gundem-bench-${label}-`));
  // BENCH_NODE_ARGS: more flags for the nodes' Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a scenario's time goes (the profile is written when the node stops).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', ...extra, join(repoRoot, 'backend/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_ENABLED: 'false',
      // Every benchmark client connects from 127.0.0.1 (thousands of sockets, a few accounts
      // each holding many): the per-node socket caps, meant for real clients, would refuse them.
      SOCKET_MAX_PER_IP: '1000000',
      SOCKET_MAX_PER_USER: '1000000',
      SOCKET_MAX_WATCHED_PER_IP: '100000000',
      SOCKET_EVENTS_PER_SECOND: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`düğüm ${label} 180 sn içinde başlamadı:\n${out}`)), 180_000);
    const check = () => {
      if (out.includes('gündem çalışıyor:')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolveStart();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`düğüm ${label} kapandı (${code}):\n${out}`));
    });
  });

  let pending: { resolve(stats: NodeStats): void; reject(error: Error): void } | undefined;
  child.on('message', (message: { type?: string } & NodeStats) => {
    if (message?.type !== 'gundem:stats' || !pending) return;
    const p = pending;
    pending = undefined;
    p.resolve({ heapUsed: message.heapUsed, rss: message.rss, connections: message.connections, loopDelay: message.loopDelay });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stats(options = {}) {
      if (pending) return Promise.reject(new Error('stats already pending'));
      return new Promise<NodeStats>((resolveStats, reject) => {
        const timer = setTimeout(() => {
          pending = undefined;
          reject(new Error(`düğüm ${label} istatistik vermedi`));
        }, 30_000);
        pending = {
          resolve: (s) => {
            clearTimeout(timer);
            resolveStats(s);
          },
          reject,
        };
        child.send({ type: 'gundem:stats', gc: options.gc ?? false, resetLoop: options.resetLoop ?? false });
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Fixtures {
  users: BenchUser[];
  admin: BenchUser;
  /** Recent visible posts, newest first. */
  recentPostIds: string[];
  /** The most-liked recent post (one hot post that everyone opens). */
  hotPostId: string;
  /** Posts with replies, for the post page. */
  threadPostIds: string[];
  /** Usernames of authors with many posts (profiles). */
  authors: string[];
  /** Search terms by kind, picked from the data so each kind really is common or rare. */
  terms: { common: string; rare: string; hashtag: string; short: string };
  /** Substrings of usernames/display names for the admin search. */
  adminTerms: string[];
  /** Members following FOLLOWING_FIXTURE_FOLLOWS accounts each (the `timeline-following` scenario); see followingMembers. */
  followingUsers?: BenchUser[];
  /** Members with SHIELD_ACCOUNTS blocks and mutes and the SHIELD_WORDS muted words (`timeline-shielded`); see shieldedMembers. */
  shieldedUsers?: BenchUser[];
  /** The same, also following FOLLOWING_FIXTURE_FOLLOWS accounts (`timeline-following-shielded`). */
  shieldedFollowingUsers?: BenchUser[];
}

/** How many accounts each member of the `timeline-following` scenario follows (issue 15's "a member following 1,000 accounts"). */
export const FOLLOWING_FIXTURE_FOLLOWS = 1_000;

/**
 * Makes `members` follow FOLLOWING_FIXTURE_FOLLOWS active seed accounts each, a pseudo-random
 * sample per member (so about 1% of the posts at 100k members), and puts the counters right.
 * Idempotent: a database kept from an earlier run gets no second set.
 */
export async function followingMembers(url: string, members: BenchUser[]): Promise<BenchUser[]> {
  const ids = members.map((m) => m.id);
  await sql(
    url,
    `INSERT INTO follows (follower_id, followee_id)
     SELECT m.id, f.id FROM unnest($1::uuid[]) AS m(id)
     CROSS JOIN LATERAL (
       SELECT u.id FROM users u
        WHERE u.username LIKE 'seed\\_%' AND u.is_active AND u.id <> m.id
        ORDER BY md5(u.id::text || m.id::text) LIMIT $2) f
     WHERE (SELECT count(*) FROM follows WHERE follower_id = m.id) < $2
     ON CONFLICT DO NOTHING`,
    [ids, FOLLOWING_FIXTURE_FOLLOWS],
  );
  await sql(
    url,
    `UPDATE users u SET following_count = (SELECT count(*) FROM follows WHERE follower_id = u.id) WHERE u.id = ANY($1::uuid[])`,
    [ids],
  );
  await sql(
    url,
    `UPDATE users u SET followers_count = c.n
       FROM (SELECT followee_id, count(*)::int AS n FROM follows
              WHERE followee_id IN (SELECT followee_id FROM follows WHERE follower_id = ANY($1::uuid[])) GROUP BY 1) c
      WHERE c.followee_id = u.id AND u.followers_count <> c.n`,
    [ids],
  );
  await sql(url, 'ANALYZE follows');
  return members;
}

/** Issue 25's shielded members: each blocks SHIELD_ACCOUNTS accounts, mutes as many others and mutes SHIELD_WORDS words. */
export const SHIELD_ACCOUNTS = 1_000;
/**
 * The muted words: 45 that no seeded post holds and 5 that some do, so the filter both matches
 * and hides rows (the seeded texts repeat their words: between 16 and 26 of the 100 items of a
 * shielded member's kept following feed hold one); words a real member mutes are mostly rarer.
 */
export const SHIELD_WORDS = [
  ...Array.from({ length: 45 }, (_, i) => `sessizkelime${i + 1}`),
  'kadıköy',
  'kahve',
  'yağmur',
  'otobüste',
  '#futbol',
];

/**
 * Makes `members` shielded (the `timeline-shielded` and `timeline-following-shielded` scenarios,
 * issue 25): SHIELD_ACCOUNTS blocks of seed accounts they do not follow (a block would remove the
 * follow), SHIELD_ACCOUNTS mutes of other seed accounts (a tenth of them among those they follow,
 * when they follow any: a mute is how one quiets a followed account) and the SHIELD_WORDS muted
 * words, added through the API so they are normalised as a member's are. At the small scale
 * (1,000 members, all of them `actors`) there is nobody left to block: the target is the large
 * scale's. Idempotent.
 */
export async function shieldedMembers(url: string, apiUrl: string, members: BenchUser[], actors: BenchUser[]): Promise<BenchUser[]> {
  const ids = members.map((m) => m.id);
  const actorIds = actors.map((a) => a.id);
  // Never one of `actors` (the members the other scenarios act as or read for): a blocked one
  // could not like a shielded member's post (like-toggle would count 404s), and a member whom a
  // block concerns is no longer a baseline with none. Blocks an earlier fixture made so go first.
  await sql(url, 'DELETE FROM blocks WHERE blocker_id = ANY($1::uuid[]) AND blocked_id = ANY($2::uuid[])', [ids, actorIds]);
  const pickSeed = (salt: string, extra: string) => `
    SELECT u.id FROM users u
     WHERE u.username LIKE 'seed\\_%' AND u.is_active AND u.id <> m.id AND u.id <> ALL($3::uuid[]) ${extra}
     ORDER BY md5(u.id::text || m.id::text || '${salt}') LIMIT $2`;
  const notFollowed = `AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = m.id AND f.followee_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = u.id AND f.followee_id = m.id)`;
  await sql(
    url,
    `INSERT INTO blocks (blocker_id, blocked_id)
     SELECT m.id, b.id FROM unnest($1::uuid[]) AS m(id) CROSS JOIN LATERAL (${pickSeed('block', notFollowed)}) b
     WHERE (SELECT count(*) FROM blocks WHERE blocker_id = m.id) < $2
     ON CONFLICT DO NOTHING`,
    [ids, SHIELD_ACCOUNTS, actorIds],
  );
  const notBlocked = `AND NOT EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = m.id AND bk.blocked_id = u.id)`;
  await sql(
    url,
    `INSERT INTO mutes (muter_id, muted_id)
     SELECT m.id, x.id FROM unnest($1::uuid[]) AS m(id)
     CROSS JOIN LATERAL (
       (SELECT f.followee_id AS id FROM follows f WHERE f.follower_id = m.id ORDER BY md5(f.followee_id::text || m.id::text) LIMIT $2 / 10)
       UNION
       (${pickSeed('mute', `${notBlocked} ${notFollowed}`)})
       LIMIT $2) x
     WHERE (SELECT count(*) FROM mutes WHERE muter_id = m.id) < $2
     ON CONFLICT DO NOTHING`,
    [ids, SHIELD_ACCOUNTS, actorIds],
  );
  await sql(url, 'ANALYZE blocks');
  await sql(url, 'ANALYZE mutes');
  for (const member of members) {
    for (const word of SHIELD_WORDS) {
      const res = await fetch(`${apiUrl}/api/users/muted-words`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ word }),
      });
      // 409: muted already (a database kept from an earlier run).
      if (res.status !== 201 && res.status !== 409) throw new Error(`sessize alınan sözcük eklenemedi: ${res.status} ${await res.text()}`);
    }
  }
  return members;
}

function token(secret: string, id: string, ver: number): string {
  return jwt.sign({ sub: id, ver }, secret, { algorithm: 'HS256', expiresIn: '2h' });
}

/** Reads what the scenarios need from the seeded database and signs tokens with the nodes' secret. */
export async function loadFixtures(url: string, jwtSecret: string, userCount: number): Promise<Fixtures> {
  const users = await sql<{ id: string; username: string; session_version: number }>(
    url,
    `SELECT id, username, session_version FROM users WHERE username LIKE 'seed\\_%' AND is_active AND role = 'user'
      ORDER BY username LIMIT $1`,
    [userCount],
  );
  const [admin] = await sql<{ id: string; username: string; session_version: number }>(
    url,
    `SELECT id, username, session_version FROM users WHERE role = 'admin' AND is_active ORDER BY username LIMIT 1`,
  );
  if (!users.length || !admin) throw new Error('Tohumlanmış kullanıcı ya da yönetici yok.');
  const recent = await sql<{ id: string; like_count: number; reply_count: number }>(
    url,
    `SELECT p.id, p.like_count, p.reply_count FROM posts p JOIN users u ON u.id = p.author_id
      WHERE u.is_active ORDER BY p.created_at DESC, p.id DESC LIMIT 2000`,
  );
  const hot = [...recent].sort((a, b) => b.like_count - a.like_count)[0];
  const threads = recent.filter((p) => p.reply_count > 0).slice(0, 200);
  const authors = await sql<{ username: string }>(url, `SELECT username FROM users WHERE is_active ORDER BY posts_count DESC LIMIT 50`);
  // Hashtags by frequency among recent posts: the most common one, and a word of the text.
  const [tag] = await sql<{ tag: string }>(
    url,
    `SELECT tag FROM (SELECT unnest(hashtags) AS tag FROM posts ORDER BY created_at DESC LIMIT 20000) t GROUP BY tag ORDER BY count(*) DESC LIMIT 1`,
  );
  const toBench = (u: { id: string; username: string; session_version: number }): BenchUser => ({
    id: u.id,
    username: u.username,
    token: token(jwtSecret, u.id, u.session_version),
  });
  return {
    users: users.map(toBench),
    admin: toBench(admin),
    recentPostIds: recent.map((p) => p.id),
    hotPostId: hot.id,
    threadPostIds: threads.length ? threads.map((p) => p.id) : recent.slice(0, 200).map((p) => p.id),
    authors: authors.map((a) => a.username),
    // From the seeder's word lists (backend/src/cli/seed-words.ts): "bugün" opens about one post
    // in twelve, "zümrüdüanka" is in a few hundred of a million, "ış" is in many words.
    terms: {
      common: 'bugün',
      rare: 'zümrüdüanka',
      hashtag: `#${tag?.tag ?? 'gündem'}`,
      short: 'ış',
    },
    adminTerms: ['seed_0', 'ayşe', 'kaya', 'seed_123', 'yılmaz'],
  };
}

/** A random 48-byte secret shared by the nodes of one run. */
export const newJwtSecret = () => randomBytes(48).toString('base64url');

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `gundem-bench-${label}-`));
}

export function gitCommit(): string {
  const run = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, encoding: 'utf8' });
  return run.status === 0 ? `${run.stdout.trim()}${dirty.stdout.trim() ? '+değişiklik' : ''}` : 'bilinmiyor';
}

export { existsSync };
