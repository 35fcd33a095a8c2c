import { randomUUID } from 'node:crypto';
import { Agent, IncomingMessage, request, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Client } from 'pg';
import { createTestApp, type TestApp } from '../test-app';
import type { User } from '../../src/users/user.entity';
import { SHUTTING_DOWN } from '../../src/common/common.texts';
import { installHttpDrain } from '../../src/common/lifecycle/http-drain';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: string, options: { method: string; path: string; headers?: Record<string, string>; body?: string; agent?: Agent }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(options.path, url), { method: options.method, headers: options.headers, agent: options.agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The HTTP side of a graceful shutdown, on the real app, a real socket and a real PostgreSQL. */
describe('HTTP drain', () => {
  let t: TestApp;
  let user: User;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    [user] = await t.createUsers(1);
    token = await t.tokenFor(user);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses new connections, lets the request in flight commit and answer with Connection: close', async () => {
    const url = await t.listen();
    const drain = installHttpDrain(t.app.getHttpServer());
    const agent = new Agent({ keepAlive: true });
    // An idle keep-alive connection from before the drain.
    expect((await send(url, { method: 'GET', path: '/api/health', agent })).status).toBe(200);

    // Holds the author's row so the post's statement (posts_count + 1) waits until released.
    const blocker = new Client({ connectionString: t.config.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const key = randomUUID();
      const inFlight = send(url, {
        method: 'POST',
        path: '/api/posts',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ content: 'kapanırken yazılan' }),
      });
      await until(() => drain.inFlight() === 1, 'the post to be in flight');

      const drained = drain.drain(10_000);
      expect(drain.draining).toBe(true);
      // No new connection is accepted while the request in flight finishes.
      await expect(send(url, { method: 'GET', path: '/api/health' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      await blocker.query('COMMIT');
      const answer = await inFlight;
      expect(answer.status).toBe(201);
      expect(answer.headers.connection).toBe('close');
      expect(await drained).toBe(true);
      expect(drain.inFlight()).toBe(0);
      const rows = await t.db.query('SELECT count(*)::int AS n FROM posts WHERE content = $1', [JSON.parse(answer.body).post.content]);
      expect(rows[0].n).toBe(1);
    } finally {
      await blocker.end();
      agent.destroy();
    }
  });

  it('answers a health or readiness check that still reaches it during the drain with 503 and Connection: close; liveness stays 200', async () => {
    const t2 = await createTestApp();
    try {
      const server = t2.app.getHttpServer();
      const drain = installHttpDrain(server);
      await drain.drain(1000);
      // A request on a connection that was already open (no new one can be made): delivered as
      // the HTTP server delivers it, to the request listeners.
      const deliver = (url: string) =>
        new Promise<{ res: ServerResponse; body: string }>((resolve) => {
          const req = new IncomingMessage(new Socket());
          req.method = 'GET';
          req.url = url;
          const res = new ServerResponse(req);
          let body = '';
          const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
          res.end = ((chunk?: unknown, ...rest: unknown[]) => {
            if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) body += String(chunk);
            const result = end(chunk, ...rest);
            resolve({ res, body });
            return result;
          }) as typeof res.end;
          server.emit('request', req, res);
        });
      for (const url of ['/api/health', '/api/health/ready']) {
        const { res, body } = await deliver(url);
        expect(res.statusCode).toBe(503);
        expect(res.getHeader('connection')).toBe('close');
        expect(JSON.parse(body)).toEqual({ status: 'shutting_down', message: SHUTTING_DOWN, statusCode: 503 });
      }
      const live = await deliver('/api/health/live');
      expect(live.res.statusCode).toBe(200);
      expect(live.res.getHeader('connection')).toBe('close');
      expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
    } finally {
      await t2.close();
    }
  });

  it('reports false after the bound when a request does not finish, and leaves it to be cut', async () => {
    const t3 = await createTestApp();
    const url = await t3.listen();
    const drain = installHttpDrain(t3.app.getHttpServer());
    const [slowUser] = await t3.createUsers(1);
    const slowToken = await t3.tokenFor(slowUser);
    const blocker = new Client({ connectionString: t3.config.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [slowUser.id]);
      const inFlight = send(url, {
        method: 'POST',
        path: '/api/posts',
        headers: { authorization: `Bearer ${slowToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'bitmeyecek' }),
      }).catch((error: NodeJS.ErrnoException) => error.code);
      await until(() => drain.inFlight() === 1, 'the post to be in flight');
      expect(await drain.drain(200)).toBe(false);
      drain.closeAllConnections();
      expect(await inFlight).toBe('ECONNRESET');
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
      await t3.close();
    }
  });
});
