import { randomBytes } from 'node:crypto';
import { startTestRedis } from '../../test/redis-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { SettingsService } from './settings.service';

const RATE_LIMITED = { message: 'Çok fazla istek gönderdiniz. Lütfen biraz sonra tekrar deneyin.', statusCode: 429 };

const redis = await startTestRedis();

/** Sets the app's budget to `maxRequests` a minute through the API (the admin is exempt, so this costs nothing). */
async function setBudget(t: TestApp, admin: User, maxRequests: number): Promise<void> {
  await t.http
    .patch('/api/admin/settings')
    .set('authorization', `Bearer ${await t.tokenFor(admin)}`)
    .send({ rateLimit: { windowMs: 60_000, maxRequests } })
    .expect(200);
}

/*
 * Two apps in one process share passport's strategy registry (the last one created verifies
 * every app's tokens), so the tests that start a second app only send guest requests after it.
 */

describe('API rate limit (real PostgreSQL, in-memory counters)', () => {
  let t: TestApp;
  let admin: User;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true });
    admin = await t.createUser({ role: 'admin' });
    await setBudget(t, admin, 10);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a guest make maxRequests requests per window, then answers 429 with Retry-After', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await t.http.get('/api/posts/timeline').expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe('10');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(10 - i));
    }
    const refused = await t.http.get('/api/posts/timeline').expect(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The budget is the whole API's, not one route's; writes and public routes count too.
    await t.http.get('/api/trending/hashtags').expect(429);
    await t.http.post('/api/auth/login').send({ login: 'kimse', password: 'yanlis-sifre' }).expect(429);
    // The health check is never limited.
    await t.http.get('/api/health').expect(200);
  });

  it('counts a signed-in member by account, not by address', async () => {
    const member = await t.createUser();
    const other = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    // The guest budget of this address is spent (previous test), the member's is not.
    for (let i = 0; i < 10; i++) await t.http.get('/api/auth/me').set('authorization', auth).expect(200);
    const refused = await t.http.get('/api/posts/timeline').set('authorization', auth).expect(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    await t.http.post('/api/posts').set('authorization', auth).send({ content: 'çok hızlı' }).expect(429);
    await t.http.get('/api/auth/me').set('authorization', `Bearer ${await t.tokenFor(other)}`).expect(200);
  });

  it('exempts staff', async () => {
    const moderator = await t.createUser({ role: 'moderator' });
    const auth = `Bearer ${await t.tokenFor(moderator)}`;
    for (let i = 0; i < 25; i++) await t.http.get('/api/admin/dashboard').set('authorization', auth).expect(200);
    for (let i = 0; i < 5; i++) await t.http.get('/api/posts/timeline').set('authorization', auth).expect(200);
  });

  it('applies a new budget from the settings at once', async () => {
    const member = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    for (let i = 0; i < 10; i++) await t.http.get('/api/auth/me').set('authorization', auth).expect(200);
    await t.http.get('/api/auth/me').set('authorization', auth).expect(429);
    await setBudget(t, admin, 15);
    for (let i = 0; i < 5; i++) await t.http.get('/api/auth/me').set('authorization', auth).expect(200);
    await t.http.get('/api/auth/me').set('authorization', auth).expect(429);
    await setBudget(t, admin, 10);
  });

  // Last in this block: it starts a second app (see above).
  it('is off when RATE_LIMIT_ENABLED is false (how the other test files run)', async () => {
    const off = await createTestApp();
    try {
      expect(off.config.rateLimitEnabled).toBe(false);
      for (let i = 0; i < 120; i++) await off.http.get('/api/trending/hashtags').expect(200);
    } finally {
      await off.close();
    }
  });
});

(redis ? describe : describe.skip)('API rate limit across two nodes (real Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two nodes of one deployment: same Redis and prefix (their databases differ here, which
    // does not matter for the counters; each gets the same budget through its own settings).
    const shared = { rateLimitEnabled: true, redisUrl: redis!.url, redisPrefix: `gundem-test-${randomBytes(4).toString('hex')}` };
    [a, b] = [await createTestApp(shared), await createTestApp(shared)];
    for (const node of [a, b]) await node.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: 10 } }, await node.createUser({ role: 'admin' }));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('shares one budget: requests to either node count against it', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await (i % 2 ? b : a).http.get('/api/posts/timeline')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });
});
