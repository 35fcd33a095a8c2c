import { Injectable } from '@nestjs/common';
import type { SessionUser } from './session-user';

/**
 * How long a node trusts a session row it has read. Changes made through the app end it at once
 * on every node (SessionCache.invalidate); this bounds only what that cannot reach: a change
 * straight in the database, or one made while Redis was away.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept per node; the oldest entry goes first. About 300 bytes each. */
export const SESSION_CACHE_MAX = 50_000;

interface Entry {
  session: Promise<SessionUser | null>;
  expires: number;
}

/**
 * The session rows of recently active users, per node, so an authenticated request costs no
 * statement of its own: before it, every signed-in page paid a session lookup beside its real
 * query, which left the signed-in timeline at a third of the guests' rate (issue 9). Misskey does
 * the same (CacheService's user caches, kept fresh through Redis pub/sub).
 *
 * Whoever changes a field of SessionUser (role, active, verified, session version, names) calls
 * `invalidate` after the commit: the row is dropped here, and the realtime gateway tells every
 * other node (Socket.IO's serverSideEmit through the Redis adapter), so a deactivated account or
 * a reset password is refused at once everywhere, and every node ends the sockets it revoked. Concurrent misses share one lookup; a failed
 * lookup is not kept.
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private broadcast?: (userId: string) => void;

  get(userId: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && hit.expires > now) return hit.session;
    this.entries.delete(userId);
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    const entry: Entry = { session: load(), expires: now + SESSION_CACHE_TTL_MS };
    this.entries.set(userId, entry);
    entry.session.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    return entry.session;
  }

  /** After a committed change to the user's session fields: here and on every other node. */
  invalidate(userId: string): void {
    this.forget(userId);
    this.broadcast?.(userId);
  }

  /** Drops the row on this node only (what another node's `invalidate` arrives as). */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  /** What `invalidate` does beyond this cache; set by the realtime gateway (sockets here, and the other nodes through Redis). */
  onInvalidate(broadcast: (userId: string) => void): void {
    this.broadcast = broadcast;
  }

  get size(): number {
    return this.entries.size;
  }
}
