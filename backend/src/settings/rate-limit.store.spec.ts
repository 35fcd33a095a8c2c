import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { startTestRedis } from '../../test/redis-server';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './rate-limit.store';

const redis = await startTestRedis();

/** The same behaviour from both stores: `limit` per sliding window, refused hits not counted. */
async function slidingWindow(store: RateLimitStore, sleep: (ms: number) => Promise<void>, windowMs: number): Promise<void> {
  const key = `k${randomBytes(4).toString('hex')}`;
  const first = await store.hit(key, windowMs, 3);
  expect(first).toEqual({ allowed: true, hits: 1, resetMs: expect.any(Number) });
  expect(first.resetMs).toBeGreaterThan(windowMs * 0.5);
  expect(first.resetMs).toBeLessThanOrEqual(windowMs);
  await sleep(windowMs * 0.4);
  expect((await store.hit(key, windowMs, 3)).allowed).toBe(true);
  expect((await store.hit(key, windowMs, 3)).hits).toBe(3);
  const refused = await store.hit(key, windowMs, 3);
  expect(refused).toMatchObject({ allowed: false, hits: 4 });
  // Until the first hit leaves the window.
  expect(refused.resetMs).toBeLessThanOrEqual(windowMs * 0.6 + 50);
  expect((await store.hit('another-client', windowMs, 3)).allowed).toBe(true);
  await sleep(windowMs * 0.7);
  // The first hit left the window: one more fits, the next does not (refused hits were not counted).
  expect((await store.hit(key, windowMs, 3)).allowed).toBe(true);
  expect((await store.hit(key, windowMs, 3)).allowed).toBe(false);
}

describe('MemoryRateLimitStore', () => {
  afterEach(() => jest.useRealTimers());

  it('allows `limit` requests per sliding window per key', async () => {
    jest.useFakeTimers({ now: new Date('2025-11-20T10:00:00Z') });
    const store = new MemoryRateLimitStore();
    await slidingWindow(store, async (ms) => void jest.advanceTimersByTime(ms), 60_000);
    store.onApplicationShutdown();
  });

  it('forgets idle clients', async () => {
    jest.useFakeTimers({ now: new Date('2025-11-20T10:00:00Z') });
    const store = new MemoryRateLimitStore();
    await store.hit('idle', 1_000, 10);
    expect((store as unknown as { log: Map<string, unknown> }).log.size).toBe(1);
    jest.advanceTimersByTime(61_000);
    expect((store as unknown as { log: Map<string, unknown> }).log.size).toBe(0);
    store.onApplicationShutdown();
  });
});

(redis ? describe : describe.skip)('RedisRateLimitStore (real Redis)', () => {
  const prefix = `gundem-test-${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    await redis?.stop();
  });

  const stores: RedisRateLimitStore[] = [];
  const connected = async (url: string, storePrefix = prefix) => {
    const store = new RedisRateLimitStore(url, storePrefix);
    stores.push(store);
    await store.onModuleInit();
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.onApplicationShutdown()));
  });

  it('behaves like the in-memory store, on Redis’ clock', async () => {
    const store = await connected(redis!.url);
    await slidingWindow(store, (ms) => new Promise((resolve) => setTimeout(resolve, ms)), 600);
  });

  it('shares the counters between two nodes', async () => {
    const [a, b] = [await connected(redis!.url), await connected(redis!.url)];
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await (i % 2 ? b : a).hit('shared', 60_000, 5)).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
    // A deployment with another prefix counts apart.
    const other = await connected(redis!.url, `${prefix}-other`);
    expect((await other.hit('shared', 60_000, 5)).allowed).toBe(true);
  });

  it('falls back to the node’s own counters while Redis is unreachable, without throwing or waiting', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const store = new RedisRateLimitStore('redis://127.0.0.1:1', prefix);
      stores.push(store);
      expect(await store.ready(300)).toBe(false);
      const started = Date.now();
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await store.hit('offline', 60_000, 3)).allowed);
      expect(results).toEqual([true, true, true, false]);
      expect(Date.now() - started).toBeLessThan(200);
      // One warning for the outage, not one per request.
      expect(warn.mock.calls.filter(([message]) => String(message).includes('Redis'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
