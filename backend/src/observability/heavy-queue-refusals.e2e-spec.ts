import { createTestApp, type TestApp } from '../../test/test-app';
import { SERVER_BUSY } from '../common/common.texts';
import { HEAVY_CONCURRENCY, HEAVY_QUEUE_TIMEOUT_MS, HeavyQueries } from '../common/concurrency/heavy-queries';

/** The value of gundem_rate_limit_refusals_total for `limiter` in /api/metrics. */
async function refusals(t: TestApp, limiter: string): Promise<number> {
  const res = await t.http.get('/api/metrics').expect(200);
  const match = new RegExp(`^gundem_rate_limit_refusals_total\\{limiter="${limiter}"\\} (\\S+)$`, 'm').exec(res.text);
  if (!match) throw new Error(`no refusals series for ${limiter}:\n${res.text}`);
  return Number(match[1]);
}

describe('a heavy request refused after waiting for its turn (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 and is counted in /api/metrics as limiter="heavy_queue", apart from the rate limits', async () => {
    expect(await refusals(t, 'heavy_queue')).toBe(0);
    // Every heavy slot of the node taken, as by a burst of slow searches.
    const heavy = t.app.get(HeavyQueries);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: HEAVY_CONCURRENCY }, () => heavy.run(() => held));
    try {
      const started = Date.now();
      const res = await t.http.get('/api/posts/search?q=kahve');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: SERVER_BUSY, statusCode: 503 });
      // It waited in the queue for its turn, then gave up (not refused at once by something else).
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEAVY_QUEUE_TIMEOUT_MS - 50);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect(await refusals(t, 'heavy_queue')).toBe(1);
    for (const limiter of ['api_read', 'api_write']) expect(await refusals(t, limiter)).toBe(0);
    // With a slot free again, a search is served and counts nothing.
    await t.http.get('/api/posts/search?q=kahve').expect(200);
    expect(await refusals(t, 'heavy_queue')).toBe(1);
  });
});
