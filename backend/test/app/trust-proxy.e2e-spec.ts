import { createTestApp, type TestApp } from '../test-app';
import { SettingsService } from '../../src/settings/settings.service';

/*
 * TRUST_PROXY through the real app and its write limiter (real PostgreSQL, in-memory counters).
 * The test's requests all come from 127.0.0.1, so that address stands for the proxy: an nginx
 * on another host in the first block, an attacker's own process in the second.
 */

const BUDGET = 10;
let serial = 0;

/** A counted write that never fails on its own (unknown e-mails get the same 200). */
function write(t: TestApp, forwardedFor?: string) {
  const req = t.http.post('/api/auth/forgot-password').send({ email: `kimse${serial++}@test.gundem` });
  return forwardedFor ? req.set('x-forwarded-for', forwardedFor) : req;
}

async function statuses(t: TestApp, count: number, forwardedFor: (i: number) => string | undefined): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await write(t, forwardedFor(i))).status);
  return seen;
}

async function appWithBudget(trustProxy: TestApp['config']['trustProxy']): Promise<TestApp> {
  const t = await createTestApp({ rateLimitEnabled: true, trustProxy });
  await t.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: BUDGET } }, await t.createUser({ role: 'admin' }));
  return t;
}

describe('behind a trusted proxy on another host (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithBudget(['127.0.0.1']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every client behind the proxy a budget of its own: one client spending its budget locks out nobody else', async () => {
    expect(await statuses(t, BUDGET + 1, () => '203.0.113.1')).toEqual([...Array(BUDGET).fill(200), 429]);
    // Before TRUST_PROXY, this client shared the proxy's address and was refused too.
    expect(await statuses(t, BUDGET, () => '203.0.113.2')).toEqual(Array(BUDGET).fill(200));
  });

  it('ignores the entries a client writes itself: the proxy appends the real address after them', async () => {
    expect(await statuses(t, BUDGET, () => '198.51.100.7')).toEqual(Array(BUDGET).fill(200));
    // Rotating a fake address in front does not give a fresh budget.
    expect(await statuses(t, 3, (i) => `10.9.9.${i}, 198.51.100.7`)).toEqual([429, 429, 429]);
  });
});

describe('with no trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithBudget(false);
  });
  afterAll(async () => {
    await t.close();
  });

  it('never honours X-Forwarded-For: rotating it from one peer still spends that peer’s one budget', async () => {
    expect(t.config.trustProxy).toBe(false);
    expect(await statuses(t, BUDGET + 2, (i) => `203.0.113.${i + 10}`)).toEqual([...Array(BUDGET).fill(200), 429, 429]);
  });
});
