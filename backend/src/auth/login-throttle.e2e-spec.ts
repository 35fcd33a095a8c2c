import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { startTestRedis } from '../../test/redis-server';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';
import { ACCOUNT_FAILURE_FACTOR, loginLockedMessage } from './login-throttle';

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;
const LOCKED = { message: loginLockedMessage(WINDOW_MINUTES), statusCode: 429 };
const WRONG = { message: 'E-posta/kullanıcı adı veya şifre hatalı.', statusCode: 401 };

const redis = await startTestRedis();

/**
 * Per-account lockout beside the per-IP limiter: the limiter is on, with the largest budget the
 * settings allow, so it does not interfere. The app trusts the loopback proxy, so a test plays
 * clients at other addresses through X-Forwarded-For (ATTACKER, OWNER); without it, 127.0.0.1.
 */
const config = { rateLimitEnabled: true, loginMaxFailures: MAX_FAILURES, loginFailureWindowMs: WINDOW_MINUTES * 60_000, trustProxy: ['loopback'] };
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

async function openPerIpLimiter(t: TestApp): Promise<void> {
  await t.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: 1000 } }, await t.createUser({ role: 'admin' }));
}

const login = (t: TestApp, name: string, password: string, from?: string) => {
  const req = t.http.post('/api/auth/login');
  if (from) req.set('x-forwarded-for', from);
  return req.send({ login: name, password });
};

function expectLocked(res: Response): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: LOCKED });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(WINDOW_MINUTES * 60 - 120);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
}

/** MAX_FAILURES wrong passwords, each answered with the plain 401. */
async function fail(t: TestApp, name: string, times = MAX_FAILURES, from?: string): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(t, name, `yanlis-${i}`, from);
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
    const answers = async (name: string, from: string) => {
      const list = [];
      for (let i = 0; i < MAX_FAILURES + 2; i++) {
        const res = await login(t, name, `yanlis-${i}`, from);
        list.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] === undefined ? 'none' : 'set' });
      }
      return list;
    };
    const knownAnswers = await answers(known.username, '192.0.2.1');
    const unknownAnswers = await answers(unknownName, '192.0.2.1');
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => a.status)).toEqual([...Array(MAX_FAILURES).fill(401), 429, 429]);
    // The same for e-mail logins (from another address: the account is locked for the first).
    expect(await answers(`${unknownName}@ornek.com`, '192.0.2.2')).toEqual(await answers(known.email, '192.0.2.2'));
  });

  it('does not let an attacker at one address lock out the owner at another, an admin’s account included', async () => {
    for (const role of ['user', 'admin'] as const) {
      const owner = await t.createUser({ role });
      await fail(t, owner.username, MAX_FAILURES, ATTACKER);
      expectLocked(await login(t, owner.username, owner.password, ATTACKER));
      expectLocked(await login(t, owner.email, owner.password, ATTACKER));
      await login(t, owner.username, owner.password, OWNER).expect(200);
      await login(t, owner.email, owner.password, OWNER).expect(200);
      // The owner's sign-in clears the lock of their own address only: the attacker's stays.
      expectLocked(await login(t, owner.username, 'yanlis-yine', ATTACKER));
    }
  });

  it('counts guesses at the username and at the e-mail of one account together', async () => {
    const user = await t.createUser();
    await fail(t, user.username, 3, ATTACKER);
    await fail(t, user.email.toUpperCase(), MAX_FAILURES - 3, ATTACKER);
    expectLocked(await login(t, user.email, user.password, ATTACKER));
    expectLocked(await login(t, user.username, user.password, ATTACKER));
  });

  it('locks addresses the owner never signed in from, not the owner’s, when the guessing is spread over many', async () => {
    const user = await t.createUser();
    await login(t, user.username, user.password, OWNER).expect(200);
    // 10 × MAX_FAILURES failures, each address under its own budget.
    for (let i = 0; i < ACCOUNT_FAILURE_FACTOR * MAX_FAILURES; i++) {
      const res = await login(t, user.username, `yanlis-${i}`, `10.1.${i}.1`);
      expect(res.status).toBe(401);
    }
    expect((await login(t, user.username, user.password, '10.2.0.1')).status).toBe(429);
    await login(t, user.username, user.password, OWNER).expect(200);
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
    // An attacker behind the owner's own address (one NAT) holds the account locked there, by
    // its username and its e-mail alike.
    await fail(t, user.username, 3);
    await fail(t, user.email, MAX_FAILURES - 3);
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
    const [onA, onB] = [await a.createUser(input), await b.createUser(input)];
    // One account of one database in production: the counters are keyed on its id.
    // (Its people-search words go first: they point at the id, and these tests search no name.)
    await b.db.query('DELETE FROM user_name_words WHERE user_id = $1', [onB.id]);
    await b.db.query('UPDATE users SET id = $1 WHERE id = $2', [onA.id, onB.id]);
    return [onA, { ...onB, id: onA.id } as User & { password: string }];
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
