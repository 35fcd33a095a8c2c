import { CONNECT_ERRORS } from '@gundem/contract';
import { clientKey } from '../common/net/client-key';
import type { AppConfig } from '../config/app-config';
import { IP_CONNECTIONS_FULL, USER_CONNECTIONS_FULL } from './realtime.texts';

/** `connect_error` message of a handshake over a connection cap; `data.message` says which, in Turkish. */
export const TOO_MANY_CONNECTIONS = CONNECT_ERRORS.tooManyConnections;

export type SocketCaps = Pick<AppConfig, 'socketMaxPerIp' | 'socketMaxPerUser' | 'socketMaxWatchedPerIp' | 'socketEventsPerSecond'>;

/**
 * What one node lets a client hold (issue 10: 1,300 sockets from one address watching 1,000 posts
 * each made 1.3M room memberships, 857 MB and seconds of latency). Counts are per node: N nodes
 * behind a balancer allow N times each cap, which still bounds every node's memory, the thing
 * these caps protect. Keyed by the client's address as TRUST_PROXY resolves it, so clients behind
 * a trusted proxy are counted apart and a client cannot rotate X-Forwarded-For for fresh budgets;
 * an IPv6 client by its /64, which it could otherwise rotate through (common/net/client-key.ts).
 */
export class SocketLimits {
  private readonly perIp = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private readonly watchedPerIp = new Map<string, number>();

  constructor(readonly caps: SocketCaps) {}

  /** Why a new connection from `address` (signed in as `userId`) is refused, or null. */
  refusal(address: string, userId?: string): string | null {
    if ((this.perIp.get(clientKey(address)) ?? 0) >= this.caps.socketMaxPerIp) return IP_CONNECTIONS_FULL;
    if (userId && (this.perUser.get(userId) ?? 0) >= this.caps.socketMaxPerUser) return USER_CONNECTIONS_FULL;
    return null;
  }

  /** Counts a connection of `address` (signed in as `userId`) until `close` is called with the same. */
  open(address: string, userId?: string): void {
    add(this.perIp, clientKey(address), 1);
    if (userId) add(this.perUser, userId, 1);
  }

  close(address: string, userId?: string): void {
    add(this.perIp, clientKey(address), -1);
    if (userId) add(this.perUser, userId, -1);
  }

  /** How many more posts the connections of `address` may watch together. */
  watchAllowance(address: string): number {
    return Math.max(0, this.caps.socketMaxWatchedPerIp - (this.watchedPerIp.get(clientKey(address)) ?? 0));
  }

  /** A connection of `address` now watches `delta` more (or fewer) posts. */
  watched(address: string, delta: number): void {
    if (delta) add(this.watchedPerIp, clientKey(address), delta);
  }

  /** Addresses and accounts currently holding something (for tests: nothing may leak). */
  get size(): { addresses: number; users: number; watching: number } {
    return { addresses: this.perIp.size, users: this.perUser.size, watching: this.watchedPerIp.size };
  }
}

function add(map: Map<string, number>, key: string, delta: number): void {
  const next = (map.get(key) ?? 0) + delta;
  // Gone keys are deleted, so a node's maps hold only the addresses connected right now.
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

/** A connection's event budget: `tokens` left, refilled at `rate` a second up to `burst`. */
export interface EventBucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
}

/** Takes one token from the bucket if there is one (the bucket is refilled first). */
export function takeToken(bucket: EventBucket, rate: number, now = Date.now()): boolean {
  const burst = rate * 2;
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * rate) / 1_000);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
