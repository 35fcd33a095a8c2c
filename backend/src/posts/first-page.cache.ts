import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
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
  /** The guests' answer compressed, once per page and encoding (on libuv's pool), shared by every guest who accepts it. */
  encoded(encoding: PageEncoding): Promise<Buffer>;
}

/** The encodings a cached page is kept in besides the JSON itself, in the order they are preferred. */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compressed once for every guest of the second, so harder than the API's per-answer brotli
 * (quality 4, common/http/compress-api.ts): quality 9 makes a page of 20 posts with 4 pictures
 * each (57 KB of JSON) about 7 KB, in a few milliseconds per page and second.
 */
function compress(json: string, encoding: PageEncoding): Promise<Buffer> {
  const bytes = Buffer.from(json, 'utf8');
  return encoding === 'br'
    ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipped(bytes, { level: 9 });
}

/** `json` with its ETag and its compressed forms, each made on first demand. */
function cachedPage(views: PostView[], json: string): CachedPage {
  const made = new Map<PageEncoding, Promise<Buffer>>();
  return {
    views,
    json,
    etag: weakEtag(json),
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) made.set(encoding, (bytes = compress(json, encoding)));
      return bytes;
    },
  };
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
  /** By page size (1..100, validated), so at most 100 entries. */
  private readonly entries = new Map<number, Entry>();

  get(limit: number, load: () => Promise<PostView[]>, serialise: (views: PostView[]) => string): Promise<CachedPage> {
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
