import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { startTestRedis } from '../../test/redis-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SEARCH_READ_COST } from '../posts/posts.service';
import type { User } from '../users/user.entity';
import { SettingsService } from './settings.service';

const RATE_LIMITED = { message: 'Çok fazla istek gönderdiniz. Lütfen biraz sonra tekrar deneyin.', statusCode: 429 };
const BUDGET = 10;
const READS = 8;

const redis = await startTestRedis();

/** Sets the app's budget to `maxRequests` writes a minute through the API (the admin is exempt, so this costs nothing). */
async function setBudget(t: TestApp, admin: User, maxRequests: number): Promise<void> {
  await t.http
    .patch('/api/admin/settings')
    .set('authorization', `Bearer ${await t.tokenFor(admin)}`)
    .send({ rateLimit: { windowMs: 60_000, maxRequests } })
    .expect(200);
}

/** Not counted at all: answered normally and without the limiter's headers. */
function expectUncounted(res: Response): void {
  expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  expect(res.headers['retry-after']).toBeUndefined();
}

/** Counted against the read budget of `limit` units (default: the guest's), not the write budget. */
function expectRead(res: Response, limit = 300): void {
  expect(res.headers['x-ratelimit-scope']).toBe('read');
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
}

function expectRefused(res: Response): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(RATE_LIMITED);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
}

const wrongLogin = (t: TestApp) => t.http.post('/api/auth/login').send({ login: 'kimse', password: 'yanlis-sifre' });

/*
 * Two apps in one process share passport's strategy registry (the last one created verifies
 * every app's tokens), so the tests that start a second app only send guest requests after it.
 */

describe('API rate limit on writes (real PostgreSQL, in-memory counters)', () => {
  let t: TestApp;
  let admin: User;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true });
    admin = await t.createUser({ role: 'admin' });
    await setBudget(t, admin, BUDGET);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the login after maxRequests from one address with 429 and Retry-After, while reads stay open', async () => {
    const member = await t.createUser();
    for (let i = 1; i <= BUDGET; i++) {
      const res = await wrongLogin(t).expect(401);
      expect(res.headers['x-ratelimit-limit']).toBe(String(BUDGET));
      expect(res.headers['x-ratelimit-scope']).toBe('write');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(BUDGET - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    expectRefused(await wrongLogin(t));
    // The budget is the address's across every write: the right password and a registration wait too.
    expectRefused(await t.http.post('/api/auth/login').send({ login: member.username, password: member.password }));
    expectRefused(await t.http.post('/api/auth/register').send({ displayName: 'Yeni', username: 'yeni_uye', email: 'yeni@test.gundem', password: 'parola123' }));

    // Reads have a budget of their own: a guest keeps browsing from the same address.
    for (let i = 0; i < 3 * BUDGET; i++) expectRead(await t.http.get('/api/posts/timeline').expect(200));
    expectRead(await t.http.get('/api/trending/hashtags').expect(200));
    expectRead(await t.http.head('/api/posts/timeline').expect(200));
    expectUncounted(await t.http.get('/api/health').expect(200));
  });

  it('counts a member’s writes by account, not by address, and never their reads', async () => {
    const member = await t.createUser();
    const other = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    // Many reads first: they must not eat into the write budget.
    for (let i = 0; i < 3 * BUDGET; i++) expectRead(await t.http.get('/api/auth/me').set('authorization', auth).expect(200), 1500);
    // The guest budget of this address is spent (previous test); the member's is whole.
    const made: string[] = [];
    for (let i = 1; i <= BUDGET; i++) {
      const res = await t.http.post('/api/posts').set('authorization', auth).send({ content: `gönderi ${i}` }).expect(201);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(BUDGET - i));
      made.push(res.body.post.id);
    }
    expectRefused(await t.http.post('/api/posts').set('authorization', auth).send({ content: 'çok hızlı' }));
    expectRefused(await t.http.post(`/api/posts/${made[0]}/like`).set('authorization', auth));
    expect((await t.db.query('SELECT count(*)::int AS n FROM posts WHERE author_id = $1', [member.id]))[0].n).toBe(BUDGET);

    // Still reading after the limit.
    expectRead(await t.http.get('/api/auth/me').set('authorization', auth).expect(200), 1500);
    const own = await t.http.get(`/api/posts/user/${member.username}`).set('authorization', auth).expect(200);
    expect(own.body.posts).toHaveLength(BUDGET);
    // Another member from the same address has a budget of their own.
    await t.http.post(`/api/posts/${made[0]}/like`).set('authorization', `Bearer ${await t.tokenFor(other)}`).expect(200);
  });

  it('exempts staff writes', async () => {
    const moderator = await t.createUser({ role: 'moderator' });
    const auth = `Bearer ${await t.tokenFor(moderator)}`;
    const ids: string[] = [];
    for (let i = 0; i < 2 * BUDGET; i++) {
      const res = await t.http.post('/api/posts').set('authorization', auth).send({ content: `moderatör ${i}` }).expect(201);
      expectUncounted(res);
      ids.push(res.body.post.id);
    }
    for (const id of ids.slice(0, BUDGET + 2)) expectUncounted(await t.http.delete(`/api/admin/posts/${id}`).set('authorization', auth).expect(200));
  });

  it('applies a new budget from the settings at once', async () => {
    const member = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    const post = (n: number) => t.http.post('/api/posts').set('authorization', auth).send({ content: `ayar ${n}` });
    for (let i = 0; i < BUDGET; i++) await post(i).expect(201);
    expectRefused(await post(BUDGET));
    await setBudget(t, admin, BUDGET + 5);
    for (let i = 0; i < 5; i++) await post(BUDGET + 1 + i).expect(201);
    expectRefused(await post(99));
    await setBudget(t, admin, BUDGET);
  });

  // Last in this block: it starts a second app (see above).
  it('is off when RATE_LIMIT_ENABLED is false (how the other test files run)', async () => {
    const off = await createTestApp();
    try {
      expect(off.config.rateLimitEnabled).toBe(false);
      for (let i = 0; i < 12 * BUDGET; i++) {
        expectUncounted(await off.http.post('/api/auth/forgot-password').send({ email: `kimse${i}@test.gundem` }).expect(200));
      }
    } finally {
      await off.close();
    }
  });
});

describe('API rate limit on reads (real PostgreSQL, in-memory counters)', () => {
  const GUEST = 12;
  const MEMBER = 20;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true, readRateLimitGuest: GUEST, readRateLimitMember: MEMBER, readRateLimitWindowMs: 60_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a guest address GUEST reads (GET and HEAD) a window, then 429 with Retry-After, apart from writes and the uncounted routes', async () => {
    for (let i = 1; i <= GUEST; i++) {
      const res = await (i % 3 ? t.http.get('/api/posts/timeline') : t.http.head('/api/posts/timeline')).expect(200);
      expectRead(res, GUEST);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(GUEST - i));
    }
    expectRefused(await t.http.get('/api/trending/hashtags'));
    expectRefused(await t.http.get('/api/users/profile/kimse'));
    // Not API routes of the budget: the health check and the API document.
    expectUncounted(await t.http.get('/api/health').expect(200));
    expectUncounted(await t.http.get('/api/docs/openapi.json').expect(200));
    // Writes have their own budget: a login still gets its answer.
    const login = await wrongLogin(t).expect(401);
    expect(login.headers['x-ratelimit-scope']).toBe('write');
  });

  it('gives each member MEMBER reads of their own, whatever the address has used', async () => {
    const [member, other, admin] = [await t.createUser(), await t.createUser(), await t.createUser({ role: 'admin' })];
    const auth = `Bearer ${await t.tokenFor(member)}`;
    for (let i = 1; i <= MEMBER; i++) expectRead(await t.http.get('/api/auth/me').set('authorization', auth).expect(200), MEMBER);
    expectRefused(await t.http.get('/api/posts/timeline').set('authorization', auth));
    expectRead(await t.http.get('/api/posts/timeline').set('authorization', `Bearer ${await t.tokenFor(other)}`).expect(200), MEMBER);
    // Staff read without limit.
    for (let i = 0; i < MEMBER + 5; i++) expectUncounted(await t.http.get('/api/admin/dashboard').set('authorization', `Bearer ${await t.tokenFor(admin)}`).expect(200));
  });

  it(`charges a search ${SEARCH_READ_COST} units, and refuses one that would overrun the budget whole`, async () => {
    const member = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    const search = () => t.http.get('/api/posts/search?q=kahve').set('authorization', auth);
    const first = await search().expect(200);
    expect(first.headers['x-ratelimit-remaining']).toBe(String(MEMBER - SEARCH_READ_COST));
    for (let i = 2; i <= Math.floor(MEMBER / SEARCH_READ_COST) - 1; i++) await search().expect(200);
    // MEMBER - 15 = 5 left: a timeline page takes one, so the next search no longer fits but reads do.
    await t.http.get('/api/posts/timeline').set('authorization', auth).expect(200);
    expectRefused(await search());
    const page = await t.http.get('/api/posts/timeline').set('authorization', auth).expect(200);
    expect(page.headers['x-ratelimit-remaining']).toBe(String(MEMBER - 3 * SEARCH_READ_COST - 2));
  });
});

(redis ? describe : describe.skip)('API rate limit across two nodes (real Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two nodes of one deployment: same Redis and prefix (their databases differ here, which
    // does not matter for the counters; each gets the same budget through its own settings).
    const shared = { rateLimitEnabled: true, readRateLimitGuest: READS, redisUrl: redis!.url, redisPrefix: `gundem-test-${randomBytes(4).toString('hex')}` };
    [a, b] = [await createTestApp(shared), await createTestApp(shared)];
    for (const node of [a, b]) await node.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: BUDGET } }, await node.createUser({ role: 'admin' }));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('shares one write budget: logins on either node count against it, reads on both stay open', async () => {
    const statuses = [];
    for (let i = 0; i < BUDGET + 2; i++) statuses.push((await wrongLogin(i % 2 ? b : a)).status);
    expect(statuses).toEqual([...Array(BUDGET).fill(401), 429, 429]);
    for (const node of [a, b]) expectRead(await node.http.get('/api/posts/timeline').expect(200), READS);
  });

  it('shares one read budget: reads on either node count against it', async () => {
    // Two reads were counted by the previous test.
    const statuses = [];
    for (let i = 2; i < READS + 2; i++) statuses.push((await (i % 2 ? b : a).http.get('/api/trending/users')).status);
    expect(statuses).toEqual([...Array(READS - 2).fill(200), 429, 429]);
  });
});
