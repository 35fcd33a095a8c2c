import { randomBytes } from 'node:crypto';
import { createSpaFixture, type SpaFixture } from '../../test/spa-fixture';
import { rawGet } from '../../test/raw-get';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RATE_LIMITED } from '../common/common.texts';
import { FIRST_PAGE_ELEMENT_ID } from '../common/spa/home-page';
import { MEMBER_STATE_ELEMENT_ID } from '../common/spa/member-home-page';
import { HOME_COOKIE } from '../auth/home-session';
import { METRICS_UNAUTHORIZED } from '../observability/observability.texts';

/*
 * A member's server-rendered `/` and GET /api/metrics under the rate limiter's read budgets
 * (issue 22: 980 renders in 5 s from one address were all answered). The limiter is on with a
 * small budget, as the limiter's own tests set it.
 */
const MEMBER_BUDGET = 3;
const GUEST_BUDGET = 2;

function expectRetryAfter(headers: Record<string, unknown>): void {
  const seconds = Number(headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
}

describe('a member’s server-rendered / counts in their read budget', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir, rateLimitEnabled: true, readRateLimitMember: MEMBER_BUDGET, readRateLimitGuest: 100, readRateLimitWindowMs: 60_000 });
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('answers the member’s / with the API’s 429 and Retry-After, as a small Turkish page, once API reads and renders spend the budget', async () => {
    const user = await t.createUser();
    const login = await t.http.post('/api/auth/login').send({ login: user.username, password: user.password }).expect(200);
    const cookie = [login.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${HOME_COOKIE}=`))!.split(';')[0];
    const bearer = `Bearer ${(login.body as { token: string }).token}`;

    for (let i = 1; i < MEMBER_BUDGET; i++) {
      const page = await rawGet(base, '/', { cookie });
      expect(page.status).toBe(200);
      expect(page.body.toString('utf8')).toContain(MEMBER_STATE_ELEMENT_ID);
      expect(page.headers['x-ratelimit-scope']).toBe('read');
      expect(page.headers['x-ratelimit-remaining']).toBe(String(MEMBER_BUDGET - i));
    }
    // The API's reads draw on the same budget: this one spends the last unit.
    await t.http.get('/api/posts/timeline').set('authorization', bearer).expect(200);

    const refused = await rawGet(base, '/', { cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['cache-control']).toBe('no-store');
    expectRetryAfter(refused.headers);
    const html = refused.body.toString('utf8');
    expect(html).toContain(RATE_LIMITED);
    expect(html).toContain('<html lang="tr">');
    expect(html).not.toContain(MEMBER_STATE_ELEMENT_ID);
    // And the API answers the member as it always did over the budget.
    const api = await t.http.get('/api/posts/timeline').set('authorization', bearer).expect(429);
    expect(api.body).toEqual({ message: RATE_LIMITED, statusCode: 429 });

    // A guest's / (the shared, cached page) is not a member's render and stays open.
    const guest = await rawGet(base, '/');
    expect(guest.status).toBe(200);
    expect(guest.body.toString('utf8')).toContain(FIRST_PAGE_ELEMENT_ID);
  });
});

describe('GET /api/metrics without METRICS_TOKEN: open, but limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true, readRateLimitGuest: GUEST_BUDGET, readRateLimitWindowMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GUEST_BUDGET scrapes from one address, then the Turkish 429 with Retry-After', async () => {
    for (let i = 0; i < GUEST_BUDGET; i++) await t.http.get('/api/metrics').expect(200);
    const refused = await t.http.get('/api/metrics').expect(429);
    expect(refused.body).toEqual({ message: RATE_LIMITED, statusCode: 429 });
    expectRetryAfter(refused.headers);
    expect(refused.text).not.toContain('gundem_');
  });
});

describe('GET /api/metrics with METRICS_TOKEN: the token is never limited, wrong ones are', () => {
  const token = randomBytes(24).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true, readRateLimitGuest: GUEST_BUDGET, readRateLimitWindowMs: 60_000, metricsToken: token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts wrong or missing tokens against the address (401, then 429), and answers the right token whatever the count', async () => {
    for (let i = 0; i < 3 * GUEST_BUDGET; i++) await t.http.get('/api/metrics').set('authorization', `Bearer ${token}`).expect(200);
    for (const authorization of [`Bearer ${token}x`, undefined]) {
      const req = t.http.get('/api/metrics');
      if (authorization) req.set('authorization', authorization);
      expect((await req.expect(401)).body).toEqual({ message: METRICS_UNAUTHORIZED, statusCode: 401 });
    }
    const refused = await t.http.get('/api/metrics').set('authorization', 'Bearer tahmin-edilen-anahtar-1').expect(429);
    expect(refused.body).toEqual({ message: RATE_LIMITED, statusCode: 429 });
    expectRetryAfter(refused.headers);
    const scrape = await t.http.get('/api/metrics').set('authorization', `Bearer ${token}`).expect(200);
    expect(scrape.text).toMatch(/gundem_rate_limit_refusals_total\{limiter="metrics"\} 1/);
  });
});
