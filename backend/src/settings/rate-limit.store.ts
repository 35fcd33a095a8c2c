import { randomUUID } from 'node:crypto';
import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createRedisConnection, type RedisConnection } from '../common/redis/redis-connection';

/** One request counted against a client's budget. */
export interface RateLimitHit {
  allowed: boolean;
  /** Units used in the window, this request included (a refused one counts as over the limit). */
  hits: number;
  /** Milliseconds until the oldest counted request leaves the window (a refused client may retry then). */
  resetMs: number;
}

/**
 * A sliding-window log per client: a request costing `cost` units (1 unless said) is allowed when
 * the units counted in the last `windowMs` plus its cost stay within `limit`; refused requests
 * are not counted, so a client that keeps knocking gets in again as soon as its oldest counted
 * request leaves the window.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, limit: number, cost?: number): Promise<RateLimitHit>;
  /**
   * Where a client stands, counting nothing: requests in the window, and milliseconds until the
   * oldest leaves it (0 when none). The login throttle reads a lock without adding to it.
   */
  peek(key: string, windowMs: number): Promise<RateLimitPeek>;
  /** Forgets the client's counted requests (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitPeek {
  hits: number;
  resetMs: number;
}

const SWEEP_MS = 60_000;
const REDIS_START_WAIT_MS = 2_000;

/** One node's counters (no REDIS_URL, or while Redis is away). */
export class MemoryRateLimitStore implements RateLimitStore, OnApplicationShutdown {
  private readonly log = new Map<string, { windowMs: number; times: number[] }>();
  private sweeper?: NodeJS.Timeout;

  async hit(key: string, windowMs: number, limit: number, cost = 1): Promise<RateLimitHit> {
    if (!this.sweeper) {
      // Forgets idle clients, so the map does not grow with every address ever seen.
      this.sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_MS);
      this.sweeper.unref();
    }
    const now = Date.now();
    const entry = this.log.get(key) ?? { windowMs, times: [] };
    entry.windowMs = windowMs;
    const times = entry.times.filter((t) => t > now - windowMs);
    const allowed = times.length + cost <= limit;
    if (allowed) for (let i = 0; i < cost; i++) times.push(now);
    entry.times = times;
    this.log.set(key, entry);
    return { allowed, hits: allowed ? times.length : times.length + cost, resetMs: times.length ? times[0] + windowMs - now : windowMs };
  }

  async peek(key: string, windowMs: number): Promise<RateLimitPeek> {
    const now = Date.now();
    const times = (this.log.get(key)?.times ?? []).filter((t) => t > now - windowMs);
    return { hits: times.length, resetMs: times.length ? times[0] + windowMs - now : 0 };
  }

  async reset(key: string): Promise<void> {
    this.log.delete(key);
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.log.clear();
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.log) if (!entry.times.some((t) => t > now - entry.windowMs)) this.log.delete(key);
  }
}

/**
 * The same log in one Redis sorted set per client, scored by Redis' own clock (TIME) so every
 * node counts against the same window whatever its own clock says.
 * One key per script (KEYS[1]), so on a Redis Cluster each client's log lives whole on the shard
 * its key hashes to and the script runs there: no hash tag needed, and clients spread over shards.
 * A request of cost n adds n members (`member`:1 … :n). Returns [hits, 1 when allowed, ms until
 * the oldest counted request leaves the window].
 */
const HIT_SCRIPT = `
local key, window, limit, member, cost = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local hits = redis.call('ZCARD', key)
local allowed = 0
if hits + cost <= limit then
  for i = 1, cost do redis.call('ZADD', key, now, member .. ':' .. i) end
  allowed = 1
end
hits = hits + cost
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return { hits, allowed, reset }`;

/** HIT_SCRIPT's reading without the write: [hits in the window, ms until the oldest leaves it]. */
const PEEK_SCRIPT = `
local key, window = KEYS[1], tonumber(ARGV[1])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local oldest = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local hits = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
local reset = 0
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return { hits, reset }`;

type HitCommand = (key: string, windowMs: number, limit: number, member: string, cost: number) => Promise<[number, number, number]>;
type PeekCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/**
 * Counters shared by every node (REDIS_URL). While Redis is away each node falls back to its
 * own in-memory counters (per-node limits) rather than refusing everyone or letting everything
 * through; one warning per outage.
 */
export class RedisRateLimitStore implements RateLimitStore, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: RedisConnection & { rateLimitHit: HitCommand; rateLimitPeek: PeekCommand };
  private readonly fallback = new MemoryRateLimitStore();
  private down = false;

  constructor(url: string, prefix: string) {
    // On a Redis Cluster, 'ready' is the whole client's: a shard failing over leaves it ready and
    // fails that shard's commands (the fallback answers for its keys meanwhile).
    const redis = createRedisConnection(url, {
      keyPrefix: `${prefix}:ratelimit:`,
      connectionName: 'gundem-ratelimit',
      // Fail at once while disconnected (the fallback answers) instead of queueing requests.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      // How long a closing connection may linger; short, so shutdown is not held up.
      disconnectTimeout: 200,
    });
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
    redis.on('error', (error: Error) => this.outage(error));
    redis.on('ready', () => this.recovered());
    this.redis = redis as RedisConnection & { rateLimitHit: HitCommand; rateLimitPeek: PeekCommand };
  }

  /** Bounded wait at start-up, so the first requests are already counted in Redis. */
  async onModuleInit(): Promise<void> {
    await this.ready(REDIS_START_WAIT_MS);
  }

  /** Resolves true once connected, false when `timeoutMs` passes first (it keeps retrying). */
  async ready(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      new Promise<boolean>((resolve) => this.redis.once('ready', () => resolve(true))),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async hit(key: string, windowMs: number, limit: number, cost = 1): Promise<RateLimitHit> {
    // Not connected (yet, or any more): no command would be sent anyway.
    if (this.redis.status !== 'ready') return this.fallback.hit(key, windowMs, limit, cost);
    try {
      const [hits, allowed, resetMs] = await this.redis.rateLimitHit(key, windowMs, limit, randomUUID(), cost);
      this.recovered();
      return { allowed: allowed === 1, hits, resetMs };
    } catch (error) {
      this.outage(error);
      return this.fallback.hit(key, windowMs, limit, cost);
    }
  }

  async peek(key: string, windowMs: number): Promise<RateLimitPeek> {
    if (this.redis.status !== 'ready') return this.fallback.peek(key, windowMs);
    try {
      const [hits, resetMs] = await this.redis.rateLimitPeek(key, windowMs);
      this.recovered();
      return { hits, resetMs };
    } catch (error) {
      this.outage(error);
      return this.fallback.peek(key, windowMs);
    }
  }

  /** Both copies: what was counted in memory during an outage is forgotten as well. */
  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    if (this.redis.status !== 'ready') return;
    try {
      await this.redis.del(key);
    } catch (error) {
      this.outage(error);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.fallback.onApplicationShutdown();
    if (this.redis.status === 'end') return;
    const ended = new Promise<void>((resolve) => this.redis.once('end', () => resolve()));
    // QUIT lets the connection close cleanly; disconnect() when Redis is away (or QUIT times out).
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, 300)))]).finally(() => clearTimeout(timer));
  }

  /** After an outage: the first answer from Redis again (a cluster's failed-over shard never says 'ready'). */
  private recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log('Redis yeniden erişilebilir; hız sınırı sayaçları yine düğümler arasında ortak.');
  }

  private outage(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      `Hız sınırı için Redis'e ulaşılamıyor (${error instanceof Error ? error.message : String(error)}); geçici olarak bu düğümün kendi sayaçları kullanılıyor.`,
    );
  }
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
