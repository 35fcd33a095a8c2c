import { api, ensureBackendBuilt, type Member, registerMember } from '../realtime/cluster';
import type { RunningServer } from '../support/server';
import { OwnPostgres } from './own-postgres';

/**
 * PostgreSQL hung rather than stopped: every process of the cluster under SIGSTOP, so TCP
 * connections stay open and new ones are accepted by the kernel, but nothing answers. Before the
 * client-side bounds (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS) each request waited as long as
 * the freeze lasted (30 s seen). What a user must see: within seconds the same Turkish 503 with
 * Retry-After that a stopped database gives, and after SIGCONT the app serves again by itself,
 * with no connection left over from the freeze (a write after it is committed, not swallowed by a
 * transaction the freeze left open). Runs on a PostgreSQL of its own: the shared one is never signalled.
 */

const DATABASE_UNAVAILABLE = { message: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 };
/** "Within a few seconds": the defaults give up after 5 s (a connection) or 6 s (an answer). */
const ANSWER_WITHIN_MS = 9_000;

/** One request with a hard limit well past ANSWER_WITHIN_MS: a hang fails here instead of at the test's timeout. */
const call = (baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  api(baseUrl, method, path, { ...options, timeoutMs: 25_000 });

describe('PostgreSQL frozen (SIGSTOP)', () => {
  let pg: OwnPostgres;
  let server: RunningServer;
  /** Signed in and active before the freeze: its session is in the node's cache. */
  let active: Member;
  /** Registered and signed in, but no authenticated request yet: its session is not cached. */
  let idle: Member;

  beforeAll(async () => {
    ensureBackendBuilt();
    pg = await OwnPostgres.start();
    server = await pg.startApp({
      // The defaults are what is tested: whatever the environment of the run says is dropped.
      DB_STATEMENT_TIMEOUT_MS: undefined,
      DB_CONNECT_TIMEOUT_MS: undefined,
      DB_QUERY_TIMEOUT_MS: undefined,
    });
    active = await registerMember(server.url, 'donuk');
    idle = await registerMember(server.url, 'donuk');
  });
  afterAll(async () => {
    // Whatever failed above: the cluster runs again before anything waits on it.
    pg?.thaw();
    await server?.stop();
    await pg?.destroy();
  });

  it('answers 503 with Retry-After within seconds while frozen, and serves again after SIGCONT', async () => {
    // A post to show, so the signed-in timeline reads the viewer's likes of it from the database
    // (an empty first page comes from the node's memory). The pool then holds open connections
    // when the freeze comes (the statements in flight hang on them).
    expect((await call(server.url, 'POST', '/api/posts', { token: active.token, body: { content: 'donmadan önce' } })).status).toBe(201);
    expect((await call(server.url, 'GET', '/api/posts/timeline?limit=20', { token: active.token })).body.posts).toHaveLength(1);
    expect((await call(server.url, 'GET', '/api/auth/me', { token: active.token })).status).toBe(200);
    const login = { login: `${active.username}@ornek.com`, password: 'gizli123' };

    let waves: Record<string, Awaited<ReturnType<typeof call>>>[];
    try {
      pg.freeze();
      // Twice: the first wave meets the pool's open connections (no answer to a statement), the
      // second the new connections that replace the dropped ones (no answer to the handshake).
      // /api/auth/me reads the whole account even for a cached session; the idle member's also
      // needs its session row (the guard's lookup).
      const wave = async () => {
        const [timeline, meCached, meUncached, signIn, post] = await Promise.all([
          call(server.url, 'GET', '/api/posts/timeline?limit=20', { token: active.token }),
          call(server.url, 'GET', '/api/auth/me', { token: active.token }),
          call(server.url, 'GET', '/api/auth/me', { token: idle.token }),
          call(server.url, 'POST', '/api/auth/login', { body: login }),
          call(server.url, 'POST', '/api/posts', { token: active.token, body: { content: 'donma sırasında' } }),
        ]);
        return { timeline, meCached, meUncached, signIn, post };
      };
      waves = [await wave(), await wave()];
    } finally {
      pg.thaw();
    }

    const seen = waves.flatMap((answers, wave) =>
      Object.entries(answers).map(([name, a]) => ({ wave, name, status: a.status, retryAfter: a.retryAfter, body: a.body, fast: a.ms < ANSWER_WITHIN_MS, ms: a.ms })),
    );
    expect(seen.filter((a) => a.status !== 503 || a.retryAfter !== '5' || !a.fast || JSON.stringify(a.body) !== JSON.stringify(DATABASE_UNAVAILABLE))).toEqual([]);

    // The app recovers by itself (bounded wait for the first success, then everything works).
    const deadline = Date.now() + 30_000;
    let timeline = await call(server.url, 'GET', '/api/posts/timeline?limit=20', { token: active.token });
    while (timeline.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      timeline = await call(server.url, 'GET', '/api/posts/timeline?limit=20', { token: active.token });
    }
    expect(timeline.status).toBe(200);
    expect((await call(server.url, 'GET', '/api/auth/me', { token: active.token })).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/auth/me', { token: idle.token })).body.user.id).toBe(idle.id);
    expect((await call(server.url, 'POST', '/api/auth/login', { body: login })).status).toBe(200);

    // Writes after the freeze are committed, whichever pooled connection they run on: none is
    // left inside a transaction (or behind a statement) that the freeze cut off. Concurrent, so
    // that they spread over the pool's connections.
    const posts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(server.url, 'POST', '/api/posts', { token: active.token, body: { content: `donma sonrası ${i}` } })),
    );
    expect(posts.map((p) => p.status)).toEqual(posts.map(() => 201));
    const committed = await pg.query('gundem', 'SELECT count(*)::int AS n FROM posts WHERE id = ANY($1::uuid[])', [posts.map((p) => p.body.post._id)]);
    expect(committed[0].n).toBe(posts.length);

    expect(server.output()).toContain('Veritabanına ulaşılamıyor');
    expect(server.output()).not.toMatch(/Unhandled|ERR_UNHANDLED_REJECTION/);
  });
});
