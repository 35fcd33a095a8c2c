import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { startTestRedis } from '../../test/redis-server';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';
import { loginLockedMessage } from './login-throttle';

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;
const LOCKED = { message: loginLockedMessage(WINDOW_MINUTES), statusCode: 429 };
const WRONG = { message: 'E-posta/kullanıcı adı veya şifre hatalı.', statusCode: 401 };

const redis = await startTestRedis();

/**
 * Per-account lockout beside the per-IP limiter: the limiter is on, with the largest budget the
 * settings allow, so every request here comes from one address without it interfering.
 */
const config = { rateLimitEnabled: true, loginMaxFailures: MAX_FAILURES, loginFailureWindowMs: WINDOW_MINUTES * 60_000 };

async function openPerIpLimiter(t: TestApp): Promise<void> {
  await t.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: 1000 } }, await t.createUser({ role: 'admin' }));
}

const login = (t: TestApp, name: string, password: string) => t.http.post('/api/auth/login').send({ login: name, password });

function expectLocked(res: Response): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: LOCKED });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(WINDOW_MINUTES * 60 - 120);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
}

/** MAX_FAILURES wrong passwords, each answered with the plain 401. */
async function fail(t: TestApp, name: string, times = MAX_FAILURES): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(t, name, `yanlis-${i}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: WRONG });
  }
}

async function resetLink(t: TestApp, email: string): Promise<{ token: string; email: string }> {
  await t.app.get(MailService).flush();
  const dir = join(t.config.dataDir, 'outbox');
  for (const file of readdirSync(dir).sort().reverse()) {
    const raw = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!raw.includes(`To: ${email}`)) continue;
    const match = /https?:\/\/\S+?reset-password\?token=[A-Za-z0-9_-]+&email=[^\s"<]+/.exec(raw);
    if (match) {
      const url = new URL(match[0]);
      return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
    }
  }
  throw new Error(`no reset mail for ${email}`);
}

describe('per-account login lockout (real PostgreSQL, in-memory counters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(config);
    await openPerIpLimiter(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks a login after MAX_FAILURES wrong passwords: 429, Retry-After, Turkish message; the right password too', async () => {
    const user = await t.createUser();
    await fail(t, user.username);
    expectLocked(await login(t, user.username, 'yanlis-yine'));
    expectLocked(await login(t, user.username, user.password));
    // Every spelling the lookup accepts is the same login.
    expectLocked(await login(t, user.username.toUpperCase(), user.password));
    expectLocked(await login(t, ` ${user.username} `, user.password));
  });

  it('answers an unknown login exactly like a known one, before and during the lock', async () => {
    const known = await t.createUser();
    const unknownName = uniqueName('kimse');
    const answers = async (name: string) => {
      const list = [];
      for (let i = 0; i < MAX_FAILURES + 2; i++) {
        const res = await login(t, name, `yanlis-${i}`);
        list.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] === undefined ? 'none' : 'set' });
      }
      return list;
    };
    const knownAnswers = await answers(known.username);
    const unknownAnswers = await answers(unknownName);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => a.status)).toEqual([...Array(MAX_FAILURES).fill(401), 429, 429]);
    // The same for e-mail logins.
    expect(await answers(`${unknownName}@ornek.com`)).toEqual(await answers(known.email));
  });

  it('leaves other accounts signing in from the same address alone', async () => {
    const [victim, neighbour] = [await t.createUser(), await t.createUser()];
    await fail(t, victim.username);
    expectLocked(await login(t, victim.username, victim.password));
    await login(t, neighbour.username, neighbour.password).expect(200);
    await login(t, neighbour.email, neighbour.password).expect(200);
    await login(t, neighbour.username, 'yanlis').expect(401);
  });

  it('clears the count on a successful login', async () => {
    const user = await t.createUser();
    await fail(t, user.username, MAX_FAILURES - 1);
    await login(t, user.username, user.password).expect(200);
    await fail(t, user.username, MAX_FAILURES);
    expectLocked(await login(t, user.username, user.password));
  });

  it('lets the owner in through the reset link during the lock: a completed reset lifts it', async () => {
    const user = await t.createUser();
    // An attacker holds both the username and the e-mail locked.
    await fail(t, user.username);
    await fail(t, user.email);
    expectLocked(await login(t, user.email, user.password));
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const link = await resetLink(t, user.email);
    await t.http.post('/api/auth/reset-password').send({ ...link, newPassword: 'yeni-sifre-9' }).expect(200);
    await login(t, user.username, 'yeni-sifre-9').expect(200);
    await login(t, user.email, 'yeni-sifre-9').expect(200);
  });

  it('lets a parallel burst test no more than MAX_FAILURES passwords', async () => {
    const user = await t.createUser();
    const burst = await Promise.all(Array.from({ length: MAX_FAILURES * 3 }, (_, i) => login(t, user.username, `paralel-${i}`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(MAX_FAILURES * 2).fill(429)]);
    for (const res of burst.filter((r) => r.status === 429)) expectLocked(res);
  });
});

(redis ? describe : describe.skip)('per-account login lockout across two nodes (real Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two nodes of one deployment: same Redis and prefix. Their databases differ here, so the
    // account is created on both with the same names and password.
    const shared = { ...config, redisUrl: redis!.url, redisPrefix: `gundem-test-${randomBytes(4).toString('hex')}` };
    [a, b] = [await createTestApp(shared), await createTestApp(shared)];
    for (const node of [a, b]) await openPerIpLimiter(node);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  async function onBoth(): Promise<[User & { password: string }, User & { password: string }]> {
    const username = uniqueName('ortak');
    const input = { username, email: `${username}@ornek.com`, password: 'ortak-sifre-1' };
    return [await a.createUser(input), await b.createUser(input)];
  }

  it('shares one lock: failures on either node count, both refuse the right password', async () => {
    const [user] = await onBoth();
    const statuses = [];
    for (let i = 0; i < MAX_FAILURES + 2; i++) statuses.push((await login(i % 2 ? b : a, user.username, `yanlis-${i}`)).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), 429, 429]);
    expectLocked(await login(a, user.username, user.password));
    expectLocked(await login(b, user.username, user.password));
  });

  it('a reset completed on one node lifts the lock on the other', async () => {
    const [user] = await onBoth();
    await fail(a, user.email);
    expectLocked(await login(b, user.email, user.password));
    await a.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    await a.http.post('/api/auth/reset-password').send({ ...(await resetLink(a, user.email)), newPassword: 'yeni-sifre-9' }).expect(200);
    // Node b's database still has the old password; the shared lock is gone.
    await login(b, user.email, user.password).expect(200);
  });
});
