import { BadRequestException, GoneException, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { INVALID_CURSOR } from '../common/common.texts';
import { type Cursor, decodeCursor, encodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import { MutesService } from '../social/mutes.service';
import type { User } from '../users/user.entity';
import { toPostResponse } from './dto/post.response';
import { type CachedPage, FirstPageCache } from './first-page.cache';
import type { PostView } from './post-view.sql';
import { PostsRepository } from './posts.repository';
import type { PostPage } from './posts.service';
import { RANKED_PAGE_GONE } from './posts.texts';
import { type CandidateSet, type FreshPost, RANKED_HALF_LIFE_HOURS, RankedFeedRepository, type ViewerInputs } from './ranked-feed.repository';

/** The candidates are recomputed (on one node) once the newest version is this old, at the next read. */
export const RANKED_REFRESH_AFTER_MS = 2 * 60_000;
/** Older than this (an idle site, the first read after boot) and the read waits for a new version. */
export const RANKED_SERVE_STALE_UNTIL_MS = 30 * 60_000;
/** How often a node asks which version is the newest (another node may have computed it). */
export const RANKED_RELOAD_AFTER_MS = 5_000;
/** Background recomputes get this long per statement. */
export const RANKED_REFRESH_TIMEOUT_MS = 60_000;
/** A member's first page within this long of their last one keeps that snapshot's inputs (one read less). */
export const RANKED_INPUTS_TTL_MS = 30_000;
/** The boosts of a member's re-ranking: posts of accounts they follow (and their own), and of authors they interacted with. */
export const FOLLOWED_BOOST = 3;
export const INTERACTED_BOOST = 2;
/** At most this many posts of one author on one page. */
export const PER_AUTHOR_PER_PAGE = 2;

/** Candidate versions a node keeps in memory (the newest, and those of cursors still being paged). */
const KEPT_SETS = 4;
/** Members whose snapshot inputs a node keeps. */
const KEPT_VIEWERS = 10_000;

type Viewer = Pick<User, 'id'> | undefined;

/** Where a ranked page starts: a page of a snapshot, or the time-ordered rest below the candidates. */
type RankedCursor = { kind: 'ranked'; version: number; at: number; until: number; limit: number; page: number } | { kind: 'rest'; after: Cursor | undefined };

/**
 * Opaque to clients: base64url of `r.version.at.until.limit.page` (`at`: the moment of the
 * member's inputs, `until`: of the newest fresh post counted) or `t.<timeline cursor>` (`t.`
 * alone: the timeline's top).
 */
function encodeRankedCursor(cursor: RankedCursor): string {
  const raw = cursor.kind === 'ranked' ? `r.${cursor.version}.${cursor.at}.${cursor.until}.${cursor.limit}.${cursor.page}` : `t.${cursor.after ? encodeCursor(cursor.after) : ''}`;
  return Buffer.from(raw, 'utf8').toString('base64url');
}

function decodeRankedCursor(raw: string | undefined): RankedCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const invalid = new BadRequestException(INVALID_CURSOR);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const ranked = /^r\.(\d{1,9})\.(\d{13})\.(\d{13})\.(\d{1,3})\.(\d{1,4})$/.exec(text);
  if (ranked) {
    const [version, at, until, limit, page] = ranked.slice(1).map(Number);
    if (limit < 1 || limit > 100 || page < 1) throw invalid;
    return { kind: 'ranked', version, at, until, limit, page };
  }
  const rest = /^t\.([A-Za-z0-9_-]*)$/.exec(text);
  if (!rest) throw invalid;
  return { kind: 'rest', after: rest[1] ? decodeCursor(rest[1]) : undefined };
}

/** A post in a viewer's ranked list (RankedFeedService.ranked). */
interface RankedItem {
  id: string;
  author: string;
  score: number;
  rank: number;
}

interface Snapshot {
  at: number;
  inputs: ViewerInputs;
  /**
   * By `version:until:limit` (the newest few): the pages cut so far, and the ranked posts not yet
   * on one, in order (pageOf cuts more when a later page is asked for).
   */
  pages: Map<string, { pages: string[][]; waiting: RankedItem[] }>;
}

/** How often a node reads the posts written since the version (one read for every reader). */
const FRESH_TTL_MS = 1_000;
/** Page sets a snapshot keeps (each first page of a member within RANKED_INPUTS_TTL_MS adds one). */
const KEPT_PAGE_SETS = 8;

/**
 * `Size özel` (issue 26, docs/architecture.md#size-özel-sıralı-akış): a ranked feed. A candidate
 * set of recent high-scoring posts is recomputed on one node at a time (RankedFeedRepository,
 * under an advisory lock, as the trends are: traffic starts it once the newest version is
 * RANKED_REFRESH_AFTER_MS old) and re-ranked per member at read time: posts of accounts they follow
 * (and their own) ×FOLLOWED_BOOST, of authors they liked, reposted or replied to ×INTERACTED_BOOST,
 * at most PER_AUTHOR_PER_PAGE posts of one author per page (the rest move to the next pages),
 * what they block or mute never, protected and limited accounts only for their followers.
 *
 * Pages are a snapshot: the first fixes the version (its scores) and the moment (`at`: the follows,
 * interactions, blocks and mutes counted, and the fresh posts added), which the cursor carries, so
 * paging repeats and skips nothing while engagement changes. Below the last candidate page the feed
 * goes on in time order from the oldest candidate (none of those is newer, so none comes twice).
 */
@Injectable()
export class RankedFeedService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RankedFeed');
  private newest?: { version: number; computedAt: number };
  private checkedAt = 0;
  private checking?: Promise<void>;
  private refreshing?: Promise<void>;
  private readonly sets = new Map<number, Promise<CandidateSet | null>>();
  private readonly snapshots = new Map<string, Snapshot>();
  private freshPosts?: { version: number; readAt: number; posts: Promise<FreshPost[]> };

  constructor(
    private readonly repository: RankedFeedRepository,
    private readonly posts: PostsRepository,
    private readonly mutes: MutesService,
    private readonly activity: ActivityEvents,
    /** The guests' first page, one second per node, beside the timeline's (FirstPageCache). */
    private readonly guestPages: FirstPageCache,
  ) {}

  private unsubscribe?: () => void;

  onModuleInit(): void {
    // A top-level post written through this node: the next first page reads the fresh posts
    // again (its author sees it at once; PostsService has dropped the shared first pages, the
    // guests' ranked one included, just before).
    this.unsubscribe = this.activity.subscribe((activity) => {
      if (activity.kind === 'post' && activity.replyToId === null) this.freshPosts = undefined;
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await Promise.allSettled([this.checking, this.refreshing]);
  }

  /** Recomputes the candidates now (waiting for another node's recompute to end): tests and operators. */
  async refresh(): Promise<number> {
    await this.refreshing?.catch(() => undefined);
    const version = await this.repository.recompute(RANKED_REFRESH_TIMEOUT_MS);
    if (version !== null) this.newest = { version, computedAt: Date.now() };
    this.checkedAt = Date.now();
    this.snapshots.clear();
    this.freshPosts = undefined;
    this.guestPages.invalidate();
    return version ?? (await this.currentVersion()) ?? 0;
  }

  /**
   * Readies the newest version in the background (the server calls it once it listens): the
   * first `/` after a boot (a member's, a guest's) would otherwise wait for the recompute and the
   * candidates' read, past SSR_WAIT_MS on a busy host, and go out without its page.
   */
  warm(): void {
    this.background(
      (async () => {
        const version = await this.currentVersion();
        if (version !== null) await this.candidateSet(version);
      })(),
    );
  }

  /** A page of the ranked feed for a member or a guest. */
  async page(viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    const cursor = decodeRankedCursor(query.cursor);
    const viewerId = viewer?.id ?? null;
    if (cursor?.kind === 'rest') return this.rest(viewerId, cursor.after, query.limit ?? DEFAULT_PAGE_SIZE);
    if (!cursor && viewerId === null) return JSON.parse((await this.guestFirstPage(query)).json) as PostPage;
    return this.rankedPage(viewerId, cursor ?? null, query.limit ?? DEFAULT_PAGE_SIZE);
  }

  /** The guests' first page as JSON, shared by every guest for up to a second. */
  guestFirstPage(query: PageQueryDto): Promise<CachedPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    let next: string | null = null;
    return this.guestPages.get(
      `ranked:${limit}`,
      async () => {
        const page = await this.rankedViews(null, null, limit);
        next = page.nextCursor;
        return page.views;
      },
      (views) => JSON.stringify({ posts: views.map(toPostResponse), nextCursor: next }),
    );
  }

  private async rankedPage(viewerId: string | null, cursor: Extract<RankedCursor, { kind: 'ranked' }> | null, limit: number): Promise<PostPage> {
    const page = await this.rankedViews(viewerId, cursor, limit);
    return { posts: page.views.map(toPostResponse), nextCursor: page.nextCursor };
  }

  private async rankedViews(viewerId: string | null, cursor: Extract<RankedCursor, { kind: 'ranked' }> | null, requested: number): Promise<{ views: PostView[]; nextCursor: string | null }> {
    const version = cursor?.version ?? (await this.currentVersion());
    const set = version === null ? null : await this.candidateSet(version);
    if (!set) {
      if (cursor) throw new GoneException(RANKED_PAGE_GONE);
      // No version yet (none could be computed): the time order from the top.
      return this.restPage(viewerId, undefined, requested);
    }
    const limit = cursor?.limit ?? requested;
    const [snapshot, { until, posts: fresh }] = await Promise.all([this.snapshot(viewerId, set, cursor?.at), this.fresh(set, cursor?.until)]);
    const index = cursor?.page ?? 0;
    const { ids, more } = this.pageOf(snapshot, set, fresh, until, viewerId, limit, index);
    // Below the oldest ranked post (a candidate, or without any a fresh post counted) the feed goes on in time order.
    const restAfter = set.oldest ?? fresh.filter((post) => post.atMs <= until).reduce<Cursor | undefined>((oldest, post) => (!oldest || post.cursor.createdAt < oldest.createdAt ? post.cursor : oldest), undefined);
    // Nothing ranked (or no more): the rest of the feed in time order.
    if (!ids) return this.restPage(viewerId, restAfter, limit);
    const views = await this.repository.page(viewerId, ids);
    const nextCursor =
      more
        ? encodeRankedCursor({ kind: 'ranked', version: set.version, at: snapshot.at, until, limit, page: index + 1 })
        : encodeRankedCursor({ kind: 'rest', after: restAfter });
    return { views, nextCursor };
  }

  /** The time-ordered rest of the feed after `after` (the timeline's own read and filters). */
  private async rest(viewerId: string | null, after: Cursor | undefined, limit: number): Promise<PostPage> {
    const page = await this.restPage(viewerId, after, limit);
    return { posts: page.views.map(toPostResponse), nextCursor: page.nextCursor };
  }

  private async restPage(viewerId: string | null, after: Cursor | undefined, limit: number): Promise<{ views: PostView[]; nextCursor: string | null }> {
    const views = await this.posts.timeline(viewerId, { limit, cursor: after }, await this.mutes.viewerFilter(viewerId));
    const shown = views.slice(0, limit);
    return { views: shown, nextCursor: views.length > limit && shown.length ? encodeRankedCursor({ kind: 'rest', after: shown[shown.length - 1].cursor }) : null };
  }

  /**
   * The snapshot's pages of post ids: the candidates and fresh posts the viewer may see, by their
   * score times the viewer's boosts (ties: the global score, then the id), cut into pages of
   * `limit` with at most PER_AUTHOR_PER_PAGE per author (an author's further posts wait, in order,
   * for the next page with room). Cut as far as asked (`index`) and no further: a first page
   * scans the ranked list only until it is full, where cutting every page had scanned it about
   * once per page (a hundred pages of 2,000 candidates: issue 26's bench). `more` says whether
   * a page follows `index`.
   */
  private pageOf(snapshot: Snapshot, set: CandidateSet, fresh: FreshPost[], until: number, viewerId: string | null, limit: number, index: number): { ids: string[] | undefined; more: boolean } {
    const key = `${set.version}:${until}:${limit}`;
    let cut = snapshot.pages.get(key);
    if (!cut) {
      cut = { pages: [], waiting: this.ranked(snapshot.inputs, set, fresh, until, viewerId) };
      if (snapshot.pages.size >= KEPT_PAGE_SETS) snapshot.pages.delete(snapshot.pages.keys().next().value as string);
      snapshot.pages.set(key, cut);
    }
    while (cut.pages.length <= index && cut.waiting.length) {
      const page: string[] = [];
      const perAuthor = new Map<string, number>();
      const later: RankedItem[] = [];
      let i = 0;
      for (; i < cut.waiting.length && page.length < limit; i++) {
        const item = cut.waiting[i];
        const count = perAuthor.get(item.author) ?? 0;
        if (count < PER_AUTHOR_PER_PAGE) {
          page.push(item.id);
          perAuthor.set(item.author, count + 1);
        } else {
          later.push(item);
        }
      }
      cut.pages.push(page);
      // What waited keeps its order ahead of what the scan did not reach.
      cut.waiting = i < cut.waiting.length ? later.concat(cut.waiting.slice(i)) : later;
    }
    return { ids: cut.pages[index], more: cut.pages.length > index + 1 || cut.waiting.length > 0 };
  }

  /** The candidates and fresh posts the viewer may see, best first for them (pageOf's list). */
  private ranked(inputs: ViewerInputs, set: CandidateSet, fresh: FreshPost[], until: number, viewerId: string | null): RankedItem[] {
    const { followed, interacted, hidden } = inputs;
    const items: RankedItem[] = [];
    const seen = new Set<string>();
    const add = (id: string, author: string, score: number, restricted: boolean) => {
      if (seen.has(id) || hidden.has(author)) return;
      const own = author === viewerId;
      const follows = own || followed.has(author);
      // A protected or limited author's post: for the author and their followers only.
      if (restricted && !follows) return;
      seen.add(id);
      const boost = (follows ? FOLLOWED_BOOST : 1) * (interacted.has(author) ? INTERACTED_BOOST : 1);
      items.push({ id, author, score, rank: score * boost });
    };
    for (let i = 0; i < set.ids.length; i++) add(set.ids[i], set.authors[i], set.scores[i], set.restricted[i]);
    // Posts since the version, up to the snapshot's `until`: scored as a post without engagement,
    // decayed to the version's moment as the candidates are (RANKED_SCORE), so both compare on
    // one clock: a post written after that moment scores above 1, the newer the higher. (Decayed
    // to `until` instead, a fresh post could rank below an older one with as little engagement
    // when the candidates were computed just after that one was written.)
    const at = set.computedAt.getTime();
    for (const post of fresh) if (post.atMs <= until) add(post.id, post.author, 0.5 ** ((at - post.atMs) / (RANKED_HALF_LIFE_HOURS * 3_600_000)), post.restricted);
    items.sort((a, b) => b.rank - a.rank || b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return items;
  }

  /** The viewer's inputs at `at` (a cursor's), or a new snapshot's (a first page; a member's recent one is kept). */
  private async snapshot(viewerId: string | null, set: CandidateSet, at: number | undefined): Promise<Snapshot> {
    const key = `${viewerId ?? 'guest'}:${set.version}`;
    const kept = this.snapshots.get(key);
    const now = Date.now();
    if (kept && (at === undefined ? now - kept.at < RANKED_INPUTS_TTL_MS : kept.at === at)) return kept;
    const moment = at ?? now;
    const inputs = await this.repository.inputs(viewerId, new Date(moment));
    const snapshot: Snapshot = { at: moment, inputs, pages: new Map() };
    // A page of an older snapshot does not replace the member's newest one.
    if (!kept || kept.at <= moment) {
      this.snapshots.delete(key);
      this.snapshots.set(key, snapshot);
      if (this.snapshots.size > KEPT_VIEWERS) this.snapshots.delete(this.snapshots.keys().next().value as string);
    }
    return snapshot;
  }

  /**
   * The posts since the version's moment, shared by every reader of this node. A first page
   * (`until` undefined) takes a read at most FRESH_TTL_MS old, and its moment becomes the
   * snapshot's `until`; a later page needs a read made at or after its `until` (which holds every
   * post up to it) and keeps only those up to it.
   */
  private async fresh(set: CandidateSet, until: number | undefined): Promise<{ until: number; posts: FreshPost[] }> {
    const now = Date.now();
    const known = this.freshPosts;
    if (known && known.version === set.version && (until === undefined ? now - known.readAt < FRESH_TTL_MS : known.readAt >= until)) {
      return { until: until ?? known.readAt, posts: await known.posts };
    }
    const posts = this.repository.fresh(set.computedAt);
    const entry = { version: set.version, readAt: now, posts };
    this.freshPosts = entry;
    posts.catch(() => {
      if (this.freshPosts === entry) this.freshPosts = undefined;
    });
    return { until: until ?? now, posts: await posts };
  }

  private candidateSet(version: number): Promise<CandidateSet | null> {
    let set = this.sets.get(version);
    if (!set) {
      set = this.repository.candidates(version);
      this.sets.set(version, set);
      set.catch(() => this.sets.delete(version));
      while (this.sets.size > KEPT_SETS) this.sets.delete(Math.min(...this.sets.keys()));
    }
    return set;
  }

  /** The newest version, recomputed first when there is none or it is past RANKED_SERVE_STALE_UNTIL_MS. */
  private async currentVersion(): Promise<number | null> {
    if (!this.newest) await this.check();
    else if (Date.now() - this.checkedAt > RANKED_RELOAD_AFTER_MS) this.background(this.check());
    const age = this.newest ? Date.now() - this.newest.computedAt : Infinity;
    if (age > RANKED_SERVE_STALE_UNTIL_MS) await this.recompute();
    else if (age > RANKED_REFRESH_AFTER_MS) this.background(this.recompute());
    return this.newest?.version ?? null;
  }

  private check(): Promise<void> {
    this.checking ??= (async () => {
      try {
        const newest = await this.repository.newest();
        this.checkedAt = Date.now();
        if (newest && (!this.newest || newest.version > this.newest.version)) this.newest = { version: newest.version, computedAt: Date.now() - newest.ageMs };
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  /** A recompute unless another node runs one or computed one within RANKED_REFRESH_AFTER_MS; shared by the node's readers. */
  private recompute(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const version = await this.repository.recompute(RANKED_REFRESH_TIMEOUT_MS, RANKED_REFRESH_AFTER_MS);
        if (version !== null) this.newest = { version, computedAt: Date.now() };
        else await this.check();
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private background(work: Promise<void>): void {
    work.catch((error: unknown) => this.logger.warn(`Size özel adayları yenilenemedi: ${String(error)}`));
  }
}
