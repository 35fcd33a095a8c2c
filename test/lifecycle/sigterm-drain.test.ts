import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedUrl, passwordFileOf, runningClusterPort } from '../../backend/src/database/embedded-postgres';
import { hashPassword } from '../../backend/src/users/password-hashing';
import { ensureBackendBuilt, freshDatabase, hasRedisServer, redisAnswers, RedisProcess, type TestDatabase } from '../realtime/cluster';
import { type RunningServer, startServer } from '../support/server';

/**
 * Fault test: SIGTERM in the middle of a write burst. Many clients create posts (each with its
 * own Idempotency-Key) and like posts with PUT on one node (the built backend/dist/main.js on a
 * fresh database); the node gets SIGTERM while they run. It must exit 0 within its bound, answer
 * no 500 and no 401 meanwhile, have stored every write it acknowledged, and a retry of every write
 * whose client saw an error, sent to a restarted node with the same key, must create no duplicate.
 *
 * Twice: on a fresh database of the PostgreSQL service with Redis (as nodes behind a load balancer
 * run), and on the node's own embedded database (whose package used to stop PostgreSQL at the
 * first signal, under the requests still running).
 */

const CLIENTS = 24;
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Exit within the drain bound plus the closing of Socket.IO, Redis and the pool. */
const EXIT_BOUND_MS = SHUTDOWN_TIMEOUT_MS + 5_000;
const PASSWORD = 'parola123';
const JWT_SECRET = 'drain-test-secret-'.padEnd(48, 'x');

interface Attempt {
  kind: 'post' | 'like';
  token: string;
  key?: string;
  content?: string;
  postId?: string;
  userId: string;
  status?: number;
  error?: string;
}

function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
}

async function attempt(url: string, a: Attempt): Promise<void> {
  try {
    const res =
      a.kind === 'post'
        ? await fetch(`${url}/api/posts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'idempotency-key': a.key! },
            body: JSON.stringify({ content: a.content }),
          })
        : await fetch(`${url}/api/posts/${a.postId}/like`, { method: 'PUT', headers: { authorization: `Bearer ${a.token}` } });
    a.status = res.status;
    await res.arrayBuffer();
  } catch (error) {
    a.error = failureCode(error);
  }
}

/** The embedded cluster of a node's DATA_DIR, while a node runs it. */
function embeddedSqlUrl(dataDir: string): string {
  const dir = join(dataDir, 'postgres');
  const port = runningClusterPort(dir);
  if (!port) throw new Error('the embedded cluster is not running');
  return embeddedUrl(port, readFileSync(passwordFileOf(dir), 'utf8').trim(), 'gundem');
}

describe.each(['service', 'embedded'] as const)('SIGTERM during a write burst (%s PostgreSQL)', (database) => {
  let db: TestDatabase | undefined;
  let dataDir: string;
  let node: RunningServer | undefined;
  let restarted: RunningServer | undefined;
  let ownRedis: RedisProcess | undefined;

  /** The shared Redis when it answers, else a redis-server of this test; without either, none. */
  async function redisUrl(): Promise<string | undefined> {
    const shared = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (await redisAnswers(shared)) return shared;
    if (hasRedisServer()) return (ownRedis = await RedisProcess.start()).url;
    console.warn(`[drain] Redis yok (${shared}); bu çalıştırma Redis olmadan.`);
    return undefined;
  }

  beforeAll(() => ensureBackendBuilt());
  afterAll(async () => {
    await node?.stop({ keepData: true }).catch(() => undefined);
    await restarted?.stop({ keepData: true }).catch(() => undefined);
    await ownRedis?.kill();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 in time, answers no 500/401, keeps every acknowledged write, and retries create no duplicates', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gundem-drain-'));
    chmodSync(dataDir, 0o755);
    if (database === 'service') db = await freshDatabase();
    const env = {
      DATABASE_URL: db?.url,
      // A namespace of its own on the shared Redis: nothing of another test or install is touched.
      REDIS_URL: database === 'service' ? await redisUrl() : undefined,
      REDIS_PREFIX: `drain${randomUUID().slice(0, 8)}`,
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: 'false',
      JWT_SECRET,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    };
    node = await startServer(env, { dataDir });
    const sqlUrl = () => db?.url ?? embeddedSqlUrl(dataDir);

    // Members and a few posts to like, straight into the migrated database.
    let sql = new Client({ connectionString: sqlUrl() });
    await sql.connect();
    const hash = await hashPassword(PASSWORD);
    const names = Array.from({ length: CLIENTS }, (_, i) => `drain${i}${randomUUID().slice(0, 6)}`);
    const { rows: users } = await sql.query<{ id: string; username: string }>(
      `INSERT INTO users (username, display_name, email, password_hash, is_email_verified)
       SELECT n, n, n || '@test.gundem', $2, true FROM unnest($1::text[]) AS n RETURNING id, username`,
      [names, hash],
    );
    const { rows: targets } = await sql.query<{ id: string }>(
      `INSERT INTO posts (author_id, content, search_text) SELECT $1, 'beğenilecek ' || n, 'beğenilecek' FROM generate_series(1, 5) n RETURNING id`,
      [users[0].id],
    );
    await sql.query(`UPDATE users SET posts_count = 5 WHERE id = $1`, [users[0].id]);
    const tokens: string[] = [];
    for (const u of users) {
      const res = await fetch(`${node.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: u.username, password: PASSWORD }) });
      expect(res.status).toBe(200);
      tokens.push(((await res.json()) as { token: string }).token);
    }

    // The burst: every client writes in a loop until the node stops taking connections.
    const attempts: Attempt[] = [];
    let signalled = false;
    const url = node.url;
    const clients = users.map(async (u, c) => {
      for (let i = 0; ; i++) {
        const a: Attempt =
          i % 2 === 0
            ? { kind: 'post', token: tokens[c], userId: u.id, key: randomUUID(), content: `sonlanırken ${c}-${i} ${randomUUID()}` }
            : { kind: 'like', token: tokens[c], userId: u.id, postId: targets[(c + i) % targets.length].id };
        attempts.push(a);
        await attempt(url, a);
        if (signalled && (a.error === 'ECONNREFUSED' || i > 10_000)) return;
        if (a.error && !signalled) throw new Error(`a request failed before the signal: ${a.error}`);
      }
    });
    // Let the burst get going, then SIGTERM in the middle of it.
    while (attempts.filter((a) => a.status).length < 150) await new Promise((r) => setTimeout(r, 20));
    // The embedded cluster stops with the node: this connection goes, a new one follows the restart.
    await sql.end();
    const inFlightAtSignal = attempts.filter((a) => a.status === undefined && a.error === undefined).length;
    signalled = true;
    const t0 = Date.now();
    const exitCode = await node.stop({ signal: 'SIGTERM', keepData: true });
    const exitMs = Date.now() - t0;
    node = undefined;
    await Promise.all(clients);

    expect(exitCode).toBe(0);
    expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
    expect(inFlightAtSignal).toBeGreaterThan(0);
    const statuses = attempts.filter((a) => a.status !== undefined).map((a) => a.status!);
    // Nothing answered 500 or 401 because a dependency closed under it; a refusal or 503 is fine.
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);

    // The same database (and, embedded, the same DATA_DIR) behind a restarted node.
    restarted = await startServer(env, { dataDir });
    sql = new Client({ connectionString: sqlUrl() });
    await sql.connect();

    // Every acknowledged write is stored.
    const countPosts = async (content: string) => (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE content = $1', [content])).rows[0].n;
    const acknowledgedPosts = attempts.filter((a) => a.kind === 'post' && a.status === 201);
    for (const a of acknowledgedPosts) expect(await countPosts(a.content!)).toBe(1);
    for (const a of attempts.filter((x) => x.kind === 'like' && x.status === 200)) {
      const { rows } = await sql.query('SELECT 1 FROM likes WHERE user_id = $1 AND post_id = $2', [a.userId, a.postId]);
      expect(rows).toHaveLength(1);
    }

    // Every write whose client saw no answer is retried, with its key, on the restarted node.
    const unanswered = attempts.filter((a) => a.status === undefined || a.status === 503);
    for (const a of unanswered) {
      const retry: Attempt = { ...a, status: undefined, error: undefined };
      await attempt(restarted.url, retry);
      expect(retry.status).toBe(a.kind === 'post' ? 201 : 200);
      if (a.kind === 'post') expect(await countPosts(a.content!)).toBe(1);
    }

    // Nothing unacknowledged was committed beyond its key: no post twice, counters exact.
    const { rows: duplicates } = await sql.query(`SELECT content FROM posts WHERE content LIKE 'sonlanırken %' GROUP BY content HAVING count(*) > 1`);
    expect(duplicates).toEqual([]);
    const { rows: keyless } = await sql.query(
      `SELECT p.id FROM posts p WHERE p.content LIKE 'sonlanırken %'
         AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = p.author_id AND k.response -> 'post' ->> '_id' = p.id::text)`,
    );
    expect(keyless).toEqual([]);
    const { rows: counters } = await sql.query(
      `SELECT p.id FROM posts p WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)
       UNION ALL
       SELECT u.id FROM users u WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`,
    );
    expect(counters).toEqual([]);
    // The node logged its drain.
    await sql.end();
    console.log(
      `[drain ${database}] ${attempts.length} istek; sinyal anında ${inFlightAtSignal} süren; ${unanswered.length} yanıtsız (yeniden denendi); çıkış ${exitMs} ms`,
    );
  });
});
