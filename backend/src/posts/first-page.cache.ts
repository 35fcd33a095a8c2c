import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MadeAnswer } from '../common/http/made-answer';
import type { PostView } from './post-view.sql';

/** How long the timeline's first page is served from memory. */
export const FIRST_PAGE_TTL_MS = 1_000;

/** The first page as every reader shares it: rows without viewer flags, and their JSON for guests. */
export interface CachedPage {
  /** limit + 1 rows (the extra one says whether a next page exists), `liked`/`reposted` false. */
  views: PostView[];
  /** The guests' answer, serialised once. */
  json: string;
  etag: string;
  /** The same as bytes, with its compressed forms as first asked for: what a guest is sent (sendMadeAnswer). */
  answer: MadeAnswer;
}

/** `json` with its ETag, its UTF-8 bytes once (Express would encode the string again per answer) and room for its compressed forms. */
function cachedPage(views: PostView[], json: string): CachedPage {
  const etag = weakEtag(json);
  return { views, json, etag, answer: { etag, body: Buffer.from(json, 'utf8') } };
}

interface Entry {
  page: Promise<CachedPage>;
  expires: number;
  /** Ids on the page once loaded, so a change to one of them drops it. */
  ids?: Set<string>;
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
 * The timeline's first page for at most a second per node. It is the page every visit starts
 * with and the same rows for every reader: a guest gets its JSON as it is (or compressed once for
 * every guest of that second, so a page with pictures costs a guest's answer little more than a
 * text-only one), a member the rows with their own liked/reposted flags added by one primary-key
 * lookup (PostsService.timeline).
 * Counts in it are a snapshot anyway: open pages get new posts (`post:new`), counts
 * (`post:engagement`, absolute) and deletions (`post:deleted`) by socket.
 *
 * Local changes drop it at once: a post created on this node, a like, repost or reply that
 * changes a post on the page (so a member never sees their own like with the count before it),
 * and a deletion of a post on it (PostDeletionService). Changes made through another node, and
 * deactivations, show within the second. Concurrent misses share one query. Later pages always
 * go to the database.
 */
@Injectable()
export class FirstPageCache {
  /**
   * By feed and page size (1..100, validated): the timeline's by its size, the guests' ranked
   * `/` (RankedFeedService) by `ranked:<size>`, so at most 200 entries. One cache for both, so
   * every change that drops or touches the one drops or touches the other.
   */
  private readonly entries = new Map<number | string, Entry>();

  get(limit: number | string, load: () => Promise<PostView[]>, serialise: (views: PostView[]) => string): Promise<CachedPage> {
    const now = Date.now();
    const hit = this.entries.get(limit);
    if (hit && hit.expires > now) return hit.page;
    const entry: Entry = { page: Promise.resolve(undefined as never), expires: now + FIRST_PAGE_TTL_MS };
    entry.page = load().then((views) => {
      entry.ids = new Set(views.map((v) => v.id));
      return cachedPage(views, serialise(views));
    });
    this.entries.set(limit, entry);
    // A failed load is not kept: the next request tries again.
    entry.page.catch(() => {
      if (this.entries.get(limit) === entry) this.entries.delete(limit);
    });
    return entry.page;
  }

  /** After a local write that adds to the page (a new post); a load in flight stays with the requests that came before it. */
  invalidate(): void {
    this.entries.clear();
  }

  /** After a local change to one post's counts: drops every cached page that shows it. */
  touch(postId: string): void {
    const id = postId.toLowerCase();
    for (const [limit, entry] of this.entries) {
      // A page still loading may or may not have read the change: drop it too.
      if (!entry.ids || entry.ids.has(id)) this.entries.delete(limit);
    }
  }
}
