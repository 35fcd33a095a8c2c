import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Pool, PoolClient } from 'pg';
import type { DestinationStream } from 'pino';
import { DataSource, In, type QueryRunner } from 'typeorm';
import { createApp } from '../src/app.factory';
import { AuthService } from '../src/auth/auth.service';
import { type AppConfig, loadConfig } from '../src/config/app-config';
import { MailService } from '../src/mail/mail.service';
import type { PostResponse } from '../src/posts/dto/post.response';
import { NotificationsWriter } from '../src/notifications/notifications.writer';
import { PostViewsBuffer } from '../src/posts/post-views.buffer';
import { PostsService } from '../src/posts/posts.service';
import { User } from '../src/users/user.entity';
import { HomeFeedWriter } from '../src/posts/home-feed.writer';
import { hashPassword } from '../src/users/password-hashing';
import { type NewUser, UsersService } from '../src/users/users.service';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: TestAgent;
  db: DataSource;
  /**
   * Runs a test's bulk set-up (thousands of rows) on a connection of its own without the statement
   * timeout: the scene of a test is not a request, and on a loaded host a fill of 15,000 accounts
   * outlasted the pool's 5 s (admin-totals, CI). The request path keeps its bounds.
   */
  fill<T>(fn: (q: QueryRunner) => Promise<T>): Promise<T>;
  /** Creates an active account; unique names unless given. */
  createUser(overrides?: Partial<NewUser> & { isActive?: boolean }): Promise<User & { password: string }>;
  /**
   * Many active accounts fast: one multi-row INSERT sharing one precomputed argon2 hash of
   * FAST_PASSWORD (argon2 per user would take seconds for hundreds). Ordered as created.
   */
  createUsers(count: number): Promise<(User & { password: string })[]>;
  tokenFor(user: Pick<User, 'id'>): Promise<string>;
  /** `Bearer <token>` for the user's Authorization header, signed once per user and app. */
  bearer(user: Pick<User, 'id'>): Promise<string>;
  /** Starts listening on a free loopback port (once) for real clients such as socket.io-client; the base URL. */
  listen(): Promise<string>;
  /** Creates a post (or a reply) through PostsService, counters and all. */
  createPost(author: Pick<User, 'id'>, content: string, replyToId?: string): Promise<PostResponse>;
  /** Runs fn and counts every SQL statement sent to PostgreSQL meanwhile (see countingPool); pending views are flushed first. */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number; statements: Statement[] }>;
  /**
   * The reads (SELECT/WITH) a GET of `path` sends (200 expected), each EXPLAINed with its own
   * parameters: the query-plan tests' way to see what a route really asks PostgreSQL.
   */
  plansOf(path: string, authorization?: string): Promise<{ sql: string; plan: string }[]>;
  /**
   * Waits until the writes earlier requests left to the background are in: pending views,
   * queued notifications, the kept following feeds. A test that then deletes rows wholesale
   * cannot deadlock with a batch still locking them (trending, CI).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A statement as sent to the driver: its text and parameters (query-plans.e2e-spec.ts EXPLAINs them). */
export interface Statement {
  text: string;
  values: unknown[];
}

export const FAST_PASSWORD = 'parola123';
let fastHash: Promise<string> | undefined;

/**
 * Counts statements at the pg driver, below TypeORM: every query TypeORM (or anything else)
 * sends goes through `client.query` of a client checked out of the pool, and pg-pool emits
 * `acquire` on every checkout, so wrapping each client's `query` there sees them all — including
 * BEGIN/COMMIT and the guard's session lookup. (TypeORM's `logger` option is fixed when the
 * DataSource is built, and wrapping `pool.query` alone would miss checked-out clients.) Only the
 * statements of HTTP requests count (inRequest), not those of the app's own timers.
 */
/**
 * The requests' own async context: countQueries counts the statements sent within it only. The
 * app's timers (the trends' recompute, the suspension and feed sweeps, flushes) query too, and on a
 * loaded host one fired inside a count now and then (CI: a page counted 4 statements against 2).
 */
const inRequest = new AsyncLocalStorage<true>();

function countingPool(pool: Pool): { count: number; active: boolean; statements: Statement[] } {
  const state = { count: 0, active: false, statements: [] as Statement[] };
  const counted = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (state.active && inRequest.getStore()) {
        state.count += 1;
        const [first, second] = args;
        const config = (typeof first === 'object' && first !== null ? first : {}) as { text?: unknown; values?: unknown };
        const text = typeof first === 'string' ? first : String(config.text ?? '');
        const values = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
        state.statements.push({ text, values });
      }
      return query(...args);
    };
  });
  return state;
}

let counter = 0;
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter}`.slice(0, 30);
}

/**
 * The real application on a fresh database of its own: three lines of setup in a test file.
 * The rate limiter is off unless `overrides.rateLimitEnabled` turns it on. The log is silent
 * unless `options.logDestination` asks for its lines.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: { logDestination?: DestinationStream } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'gundem-test-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-'.padEnd(48, 'x'), SEED_DEMO: 'false' }),
    databaseUrl: database.url,
    appUrl: 'http://gundem.test',
    // Every test sends its many requests from one address; the limiter's own tests turn it on.
    rateLimitEnabled: false,
    // No client-side bounds for a hung database (their own specs set them: database/bounded-client
    // and test/fault/postgres-freeze): a test's set-up goes through this pool too, and on a loaded
    // host a fill of 30,000 rows outlasted the 6 s answer bound (npm test, following-feed). The
    // server's statement timeout stays, as before those bounds.
    connectTimeoutMs: 0,
    queryTimeoutMs: 0,
    notificationsEnabled: true,
    // The server-rendered pages' data must come in the tests however loaded the host is: a member's
    // `/` whose state took over the 500 ms default went out plain (home-page-ssr, CI on Node 22).
    ssrWaitMs: 30_000,
    ...overrides,
  };
  // Silent unless the test reads the log (test/app/logging.e2e-spec.ts).
  const app = await createApp(config, options.logDestination ? { logDestination: options.logDestination } : { logger: false });
  app.use((_req: unknown, _res: unknown, next: () => void) => inRequest.run(true, next));
  await app.init();
  const db = app.get(DataSource);
  const users = app.get(UsersService);
  let queryCounter: ReturnType<typeof countingPool> | undefined;
  const settled = async () => {
    // Views pending from earlier requests are written by a timer (PostViewsBuffer).
    await app.get(PostViewsBuffer).flush();
    // Likes, follows and posts of earlier requests queue notifications (NotificationsWriter).
    await app.get(NotificationsWriter).drain();
    // And posts, reposts and follows update the kept following feeds (HomeFeedWriter).
    await app.get(HomeFeedWriter).settled();
  };
  const tokenFor = async (user: Pick<User, 'id'>) => {
    const fresh = await users.findForSession(user.id);
    return app.get(AuthService).sign(fresh!);
  };
  const bearerTokens = new Map<string, string>();
  const testApp: TestApp = {
    app,
    config,
    http: request(app.getHttpServer()),
    db,
    async fill(fn) {
      const runner = db.createQueryRunner();
      try {
        await runner.query('SET statement_timeout = 0');
        return await fn(runner);
      } finally {
        await runner.release();
      }
    },
    async createUser(input = {}) {
      const username = input.username ?? uniqueName();
      const password = input.password ?? 'parola123';
      const user = await users.create({
        username,
        displayName: input.displayName ?? `Test ${username}`,
        email: input.email ?? `${username.toLowerCase()}@test.gundem`,
        password,
        role: input.role,
        isEmailVerified: input.isEmailVerified ?? true,
        isVerified: input.isVerified,
        bio: input.bio,
      });
      if (input.isActive === false) {
        await db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
        user.isActive = false;
      }
      return Object.assign(user, { password });
    },
    async createUsers(count) {
      fastHash ??= hashPassword(FAST_PASSWORD);
      const names = Array.from({ length: count }, () => uniqueName('h'));
      const rows: { id: string }[] = await db.query(
        `INSERT INTO users (username, display_name, email, password_hash, is_email_verified)
         SELECT n, 'Test ' || n, lower(n) || '@test.gundem', $2, true FROM unnest($1::text[]) AS n
         RETURNING id`,
        [names, await fastHash],
      );
      const found = await db.getRepository(User).findBy({ id: In(rows.map((r) => r.id)) });
      const byId = new Map(found.map((u) => [u.id, u]));
      return rows.map((r) => Object.assign(byId.get(r.id)!, { password: FAST_PASSWORD }));
    },
    async createPost(author, content, replyToId) {
      return (await app.get(PostsService).create(author, { content, replyToId })).post;
    },
    settled,
    async countQueries(fn) {
      // Background writes of earlier requests are done first, so none lands inside the count.
      await settled();
      queryCounter ??= countingPool((db.driver as unknown as { master: Pool }).master);
      const state = queryCounter;
      state.count = 0;
      state.statements = [];
      state.active = true;
      try {
        const result = await fn();
        return { result, queries: state.count, statements: state.statements };
      } finally {
        state.active = false;
      }
    },
    async plansOf(path, authorization) {
      const { statements } = await testApp.countQueries(async () => {
        const req = testApp.http.get(path);
        if (authorization) req.set('authorization', authorization);
        const res = await req;
        if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      });
      const plans: { sql: string; plan: string }[] = [];
      for (const s of statements.filter((x: Statement) => /^\s*(SELECT|WITH)\b/i.test(x.text))) {
        const rows: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN ${s.text}`, s.values);
        plans.push({ sql: s.text.replace(/\s+/g, ' ').trim(), plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
      return plans;
    },
    tokenFor,
    async bearer(user) {
      let token = bearerTokens.get(user.id);
      if (!token) bearerTokens.set(user.id, (token = await tokenFor(user)));
      return `Bearer ${token}`;
    },
    async listen() {
      const server = app.getHttpServer();
      if (!server.listening) await app.listen(0, '127.0.0.1');
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async close() {
      await app.get(MailService).flush();
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Two apps on one database and one Redis under a fresh key prefix: one deployment's two nodes,
 * for the specs that check an event caused on one node reaches sockets on the other.
 */
export async function createTestNodes(redisUrl: string, name: string): Promise<[TestApp, TestApp]> {
  const shared = { redisUrl, redisPrefix: `gundem-${name}-${randomBytes(4).toString('hex')}` };
  const a = await createTestApp(shared);
  // Node b on node a's database: one deployment, two processes' worth of app.
  const b = await createTestApp({ ...shared, databaseUrl: a.config.databaseUrl });
  return [a, b];
}
