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

/** peek reads without counting; reset forgets one client only (the login throttle's two extra calls). */
async function peekAndReset(store: RateLimitStore, windowMs: number): Promise<void> {
  const key = `k${randomBytes(4).toString('hex')}`;
  expect(await store.peek(key, windowMs)).toEqual({ hits: 0, resetMs: 0 });
  await store.hit(key, windowMs, 2);
  await store.hit(key, windowMs, 2);
  await store.hit('bystander', windowMs, 2);
  for (let i = 0; i < 3; i++) {
    const peek = await store.peek(key, windowMs);
    expect(peek.hits).toBe(2);
    expect(peek.resetMs).toBeGreaterThan(0);
    expect(peek.resetMs).toBeLessThanOrEqual(windowMs);
  }
  expect((await store.hit(key, windowMs, 2)).allowed).toBe(false);
  await store.reset(key);
  expect(await store.peek(key, windowMs)).toEqual({ hits: 0, resetMs: 0 });
  expect((await store.hit(key, windowMs, 2)).allowed).toBe(true);
  expect((await store.peek('bystander', windowMs)).hits).toBe(1);
}

/** A request of cost n takes n units, and one that would overrun the limit is refused whole. */
async function weighted(store: RateLimitStore): Promise<void> {
  const key = `w${randomBytes(4).toString('hex')}`;
  expect(await store.hit(key, 60_000, 12, 5)).toMatchObject({ allowed: true, hits: 5 });
  expect(await store.hit(key, 60_000, 12, 5)).toMatchObject({ allowed: true, hits: 10 });
  // 10 + 5 > 12: refused, and nothing of it counted, so two single units still fit.
  expect(await store.hit(key, 60_000, 12, 5)).toMatchObject({ allowed: false, hits: 15 });
  expect(await store.hit(key, 60_000, 12)).toMatchObject({ allowed: true, hits: 11 });
  expect(await store.hit(key, 60_000, 12)).toMatchObject({ allowed: true, hits: 12 });
  expect(await store.hit(key, 60_000, 12)).toMatchObject({ allowed: false, hits: 13 });
}

describe('MemoryRateLimitStore', () => {
  it('counts a weighted request as that many units', async () => {
    const store = new MemoryRateLimitStore();
    await weighted(store);
    store.onApplicationShutdown();
  });

  afterEach(() => jest.useRealTimers());

  it('allows `limit` requests per sliding window per key', async () => {
    jest.useFakeTimers({ now: new Date('2025-11-20T10:00:00Z') });
    const store = new MemoryRateLimitStore();
    await slidingWindow(store, async (ms) => void jest.advanceTimersByTime(ms), 60_000);
    store.onApplicationShutdown();
  });

  it('peeks without counting and resets one client', async () => {
    const store = new MemoryRateLimitStore();
    await peekAndReset(store, 60_000);
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

  it('peeks without counting and resets one client, like the in-memory store', async () => {
    await peekAndReset(await connected(redis!.url), 60_000);
  });

  it('counts a weighted request as that many units, like the in-memory store', async () => {
    await weighted(await connected(redis!.url));
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
      // peek and reset fall back the same way.
      expect((await store.peek('offline', 60_000)).hits).toBe(3);
      await store.reset('offline');
      expect((await store.hit('offline', 60_000, 3)).allowed).toBe(true);
      // One warning for the outage, not one per request.
      expect(warn.mock.calls.filter(([message]) => String(message).includes('Redis'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
