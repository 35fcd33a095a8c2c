import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/** How long a guest's first timeline page is served from memory. */
export const GUEST_TIMELINE_TTL_MS = 1_000;

/** The page's JSON and its ETag. */
export interface CachedPage {
  json: string;
  etag: string;
}

interface Entry {
  page: Promise<CachedPage>;
  expires: number;
}

/**
 * The weak ETag Express computes for a body (`W/"<length hex>-<sha1 base64, 27 chars>"`), once
 * per cached page instead of once per answer; the same value, so conditional requests (304)
 * behave as before.
 */
function weakEtag(json: string): string {
  const hash = createHash('sha1').update(json, 'utf8').digest('base64').slice(0, 27);
  return `W/"${Buffer.byteLength(json, 'utf8').toString(16)}-${hash}"`;
}

/**
 * The guests' first timeline page, serialised, for at most a second per node. It is the same
 * bytes for every guest (no viewer flags), it is the page every visit starts with, and the
 * counts in it are a snapshot anyway: open pages get new posts (`post:new`), counts
 * (`post:engagement`, absolute) and deletions (`post:deleted`) by socket. Serving it from memory
 * spares PostgreSQL a query and the node the mapping and JSON of 20 posts per guest visit.
 *
 * A post created on this node clears it at once; a deletion or a deactivation (rare, by staff)
 * shows within the second. Concurrent misses share one query. Pages after the first, and every
 * signed-in request (its liked/retweeted flags are its own), always go to the database.
 */
@Injectable()
export class GuestTimelineCache {
  /** By page size (1..100, validated), so at most 100 entries. */
  private readonly entries = new Map<number, Entry>();

  get(limit: number, load: () => Promise<string>): Promise<CachedPage> {
    const now = Date.now();
    const hit = this.entries.get(limit);
    if (hit && hit.expires > now) return hit.page;
    const page = load().then((json) => ({ json, etag: weakEtag(json) }));
    const entry: Entry = { page, expires: now + GUEST_TIMELINE_TTL_MS };
    this.entries.set(limit, entry);
    // A failed load is not kept: the next request tries again.
    page.catch(() => {
      if (this.entries.get(limit) === entry) this.entries.delete(limit);
    });
    return page;
  }

  /** After a local write that changes the page; a load in flight stays with the requests that came before it. */
  invalidate(): void {
    this.entries.clear();
  }
}
