import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { connectSocket } from '../socket-client';
import { createSpaFixture, type SpaFixture } from '../spa-fixture';
import { createTestApp, type TestApp } from '../test-app';

/*
 * The log as production writes it (NODE_ENV=production, LOG_FORMAT=json, LOG_LEVEL=debug so the
 * health polls show), captured from pino's destination: request ids, the access line, and what
 * must never be in it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Line {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  context?: string;
  [key: string]: unknown;
}

/** Every chunk pino writes, as written. */
function capture(): DestinationStream & { chunks: string[]; text(): string; lines(): Line[] } {
  const chunks: string[] = [];
  return {
    chunks,
    write: (chunk: string) => void chunks.push(chunk),
    text: () => chunks.join(''),
    lines: () => chunks.map((chunk) => JSON.parse(chunk) as Line),
  };
}

describe('structured logs', () => {
  const log = capture();
  let t: TestApp;
  let spa: SpaFixture;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ nodeEnv: 'production', logFormat: 'json', logLevel: 'debug', frontendDist: spa.dir }, { logDestination: log });
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  /** The access line of the request `id` (bounded wait: it is written when the answer is finished). */
  async function accessLine(id: string): Promise<Line> {
    for (let i = 0; i < 100; i++) {
      const line = log.lines().find((l) => l.reqId === id && typeof l.statusCode === 'number');
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no access line for ${id}`);
  }

  it('writes JSON lines: one object per write, newline-terminated, level by name, ISO time', async () => {
    await t.http.get('/api/health').expect(200);
    expect(log.chunks.length).toBeGreaterThan(0);
    for (const chunk of log.chunks) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.indexOf('\n')).toBe(chunk.length - 1);
      const line = JSON.parse(chunk) as Line;
      expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
      expect(new Date(line.time).toISOString()).toBe(line.time);
      expect(typeof line.msg).toBe('string');
    }
  });

  it('generates a request id, echoes it, and logs one access line with it (health polls at debug)', async () => {
    const res = await t.http.get('/api/health').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const line = await accessLine(id);
    expect(line).toMatchObject({ level: 'debug', method: 'GET', url: '/api/health', statusCode: 200, msg: expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/) });
    expect(typeof line.responseTime).toBe('number');
    expect(log.lines().filter((l) => l.reqId === id && typeof l.statusCode === 'number')).toHaveLength(1);
    // The other polls: liveness, readiness, Prometheus.
    for (const path of ['/api/health/live', '/api/health/ready', '/api/metrics']) {
      const poll = await t.http.get(path).expect(200);
      expect(await accessLine(poll.headers['x-request-id'])).toMatchObject({ level: 'debug', url: path });
    }
  });

  it('honours a sane incoming X-Request-Id and replaces one that is not', async () => {
    const kept = 'lb-7f3a.2026:req_19';
    expect((await t.http.get('/api/trending/hashtags').set('X-Request-Id', kept).expect(200)).headers['x-request-id']).toBe(kept);
    expect(await accessLine(kept)).toMatchObject({ level: 'info', method: 'GET', url: '/api/trending/hashtags', route: '/api/trending/hashtags', statusCode: 200 });

    for (const bad of ['iki kelime', 'x'.repeat(129), '<script>', 'a,b', 'ç']) {
      const res = await t.http.get('/api/health').set('X-Request-Id', bad);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(log.text()).not.toContain(`"reqId":"${bad}"`);
    }
  });

  it('echoes the id on every answer: API errors, unknown API paths, the SPA and its 404s', async () => {
    const answers = await Promise.all([
      t.http.post('/api/auth/login').send({ login: '' }).expect(400),
      t.http.get('/api/yok-boyle-bir-yol').expect(404),
      t.http.get('/explore').expect(200),
      t.http.get('/boyle/bir/sayfa/yok').expect(404),
      t.http.get('/.env').expect(404),
      t.http.get('/assets/index-abc123.js').expect(200),
    ]);
    for (const res of answers) {
      expect(res.headers['x-request-id']).toMatch(UUID);
      await accessLine(res.headers['x-request-id']);
    }
  });

  it('a line a service writes during the request carries the request id (the mail queued by forgot-password)', async () => {
    const user = await t.createUser();
    await t.http.post('/api/auth/forgot-password').set('X-Request-Id', 'sifre-unuttum-1').send({ email: user.email }).expect(200);
    await t.app.get((await import('../../src/mail/mail.service')).MailService).flush();
    const mailLine = log.lines().find((l) => l.context === 'Mail' && l.msg.includes(user.email));
    expect(mailLine).toMatchObject({ reqId: 'sifre-unuttum-1', level: 'info' });

    // The reset token is in the mail (the outbox), and nowhere in the log.
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes(encodeURIComponent(user.email)) || text.includes(user.email));
    const token = /reset-password\?token(?:=3D|=)([A-Za-z0-9_-]{20,})/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain('reset-password?token');
  });

  it('never logs a login’s password, the JWT it returns, or the Authorization header', async () => {
    const password = 'Gizli-Parola-2026!';
    const user = await t.createUser({ password });
    const login = await t.http.post('/api/auth/login').set('X-Request-Id', 'giris-1').send({ login: user.email, password }).expect(200);
    const token: string = login.body.token;
    const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).set('Cookie', 'oturum=cerez-degeri').expect(200);
    const line = await accessLine(me.headers['x-request-id']);
    // The access line names the signed-in member.
    expect(line).toMatchObject({ userId: user.id, statusCode: 200, url: '/api/auth/me' });
    await accessLine('giris-1');
    const text = log.text();
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
    expect(text).not.toContain('cerez-degeri');
    expect(text).not.toMatch(/authorization/i);
  });

  it('logs URLs without the values of secret query parameters (a JWT in ?token=, a reset token)', async () => {
    const jwt = await t.tokenFor(await t.createUser());
    const res = await t.http.get(`/api/health?token=${jwt}&kaynak=test`).expect(200);
    const line = await accessLine(res.headers['x-request-id']);
    expect(line).toMatchObject({ level: 'debug', url: '/api/health?token=[gizlendi]&kaynak=test' });
    const page = await t.http.get('/reset-password?token=tek-kullanimlik-anahtar&email=a%40b.c');
    await accessLine(page.headers['x-request-id']);
    expect(log.text()).not.toContain(jwt);
    expect(log.text()).not.toContain('tek-kullanimlik-anahtar');
  });

  it('logs a Socket.IO connection and its end with the socket and user ids, not the token', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    const socket = await connectSocket(await t.listen(), token);
    const socketId = socket.id;
    socket.close();
    for (let i = 0; i < 100 && !log.lines().some((l) => l.msg === 'Socket.IO bağlantısı kapandı' && l.socketId === socketId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lines = log.lines().filter((l) => l.socketId === socketId);
    expect(lines.map((l) => [l.msg, l.userId])).toEqual([
      ['Socket.IO bağlantısı açıldı', user.id],
      ['Socket.IO bağlantısı kapandı', user.id],
    ]);
    expect(log.text()).not.toContain(token);
  });

  // Last: it breaks the messages table of this file's database.
  it('a 500: the access line at error level, and the filter’s stack line under the same id', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    await t.db.query('ALTER TABLE messages RENAME TO messages_gone');
    const res = await t.http.get('/api/messages/conversations').set('Authorization', `Bearer ${token}`).set('X-Request-Id', 'hata-500').expect(500);
    expect(res.headers['x-request-id']).toBe('hata-500');
    const access = await accessLine('hata-500');
    expect(access).toMatchObject({ level: 'error', statusCode: 500, userId: user.id, url: '/api/messages/conversations' });
    expect(access.err).toBeUndefined();
    const stack = log.lines().find((l) => l.reqId === 'hata-500' && l.context === 'HTTP');
    expect(stack).toMatchObject({ level: 'error', msg: expect.stringContaining('messages') });
    expect(log.text()).not.toContain(token);
  });
});
