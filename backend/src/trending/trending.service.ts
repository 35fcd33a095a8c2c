import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { User } from '../users/user.entity';
import { toUserResponse, type UserResponse } from '../users/user.response';
import { MAX_TRENDING_LIMIT, type TrendingQueryDto } from './dto/trending-query.dto';
import { type HashtagTrend, type TrendingRanking, TrendingRepository } from './trending.repository';

export const DEFAULT_TRENDING_HASHTAGS = 5;
export const DEFAULT_SUGGESTED_USERS = 3;

/**
 * Staleness bound of the trends: a ranking is recomputed once it is a minute old, and every node
 * re-reads the stored one every few seconds, so what a reader sees is at most about
 * REFRESH_AFTER_MS + RELOAD_AFTER_MS (+ one refresh's run time) old. A minute is far below how
 * fast a 7-day ranking moves, and it makes the refresh (a second or two of background work at a
 * million posts) cost a few percent of one core at most, while every request reads memory.
 */
export const REFRESH_AFTER_MS = 60_000;
/** How often a node re-reads the stored ranking (a two-row primary key read) that another node may have refreshed. */
export const RELOAD_AFTER_MS = 5_000;
/**
 * Older than this (an idle site, or the first request after boot) and the request waits for a
 * refresh instead of serving what it has: nobody sees an hour-old ranking after a quiet night.
 */
export const SERVE_STALE_UNTIL_MS = 10 * 60_000;
/** Background refreshes get this long per statement (request paths have the pool's short default). */
export const REFRESH_TIMEOUT_MS = 60_000;
/** Who-to-follow candidates kept: enough that the viewer's follows rarely use them all up. */
export const CANDIDATES = 100;

interface Snapshot extends TrendingRanking {
  /** Date.now() at which the ranking was computed (by the database's clock, shifted to ours). */
  computedAt: number;
}

/**
 * Trends are precomputed (as Mastodon and Misskey do): the request path reads a ranking in
 * memory, and at most one node at a time recomputes it in the background. Nothing runs without
 * traffic: the first request after the ranking turned a minute old starts the refresh.
 */
@Injectable()
export class TrendingService implements OnModuleDestroy {
  private readonly logger = new Logger('Trending');
  private snapshot?: Snapshot;
  private loadedAt = 0;
  private loading?: Promise<void>;
  /** The recompute running now; requests that only need a fresh-enough ranking share it. */
  private refreshing?: Promise<void>;
  /**
   * The forced recompute to run once `refreshing` is done, shared by every forced request made
   * meanwhile: the running one may have read the database before their commit (see recompute).
   */
  private queued?: Promise<void>;
  /**
   * Hashtags staff hid (trend review): read with the stored ranking, so another node's hide is
   * applied within RELOAD_AFTER_MS; this node's own hide and undo change it at once.
   */
  private hidden = new Set<string>();
  private hiddenLoaded = false;
  /** Bumped by every hide or undo here, so a read that started before it cannot bring the old list back. */
  private hiddenGeneration = 0;

  constructor(private readonly trending: TrendingRepository) {}

  /** A hide or undo committed on this node: served at once, and the ranking recomputed so it fills up again (or takes the tag back). */
  hiddenChanged(tag: string, hidden: boolean): void {
    this.hiddenGeneration += 1;
    if (hidden) this.hidden.add(tag);
    else this.hidden.delete(tag);
    this.background(this.recompute(undefined));
  }

  async onModuleDestroy(): Promise<void> {
    // Background work must not outlive the pool it uses.
    await Promise.allSettled([this.loading, this.refreshing, this.queued]);
  }

  /**
   * Recomputes the ranking now and serves it from then on: what was committed before the call is
   * in it. Tests call it to see their posts at once; a hide or undo of trend review calls it.
   */
  async refresh(): Promise<void> {
    await this.recompute(undefined);
  }

  /**
   * With `minAgeMs` (the ranking is stale): a recompute already running is as good, and is
   * joined. Without (forced: `refresh()`, a hide or undo): the running one may have read before
   * the caller's commit, so joining it could serve a ranking without that commit (an undone
   * hide whose tag stays missing). A forced request made while one runs waits for it and then
   * runs one more, shared by every forced request made meanwhile: at most one extra recompute.
   */
  private recompute(minAgeMs: number | undefined): Promise<void> {
    if (this.refreshing) {
      if (minAgeMs !== undefined) return this.refreshing;
      this.queued ??= this.refreshing
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          // Another caller may have started one in between: queue behind it in turn.
          return this.recompute(undefined);
        });
      return this.queued;
    }
    this.refreshing = (async () => {
      try {
        const ranking = await this.trending.refresh(MAX_TRENDING_LIMIT, CANDIDATES, REFRESH_TIMEOUT_MS, minAgeMs);
        if (ranking) {
          this.snapshot = { ...ranking, computedAt: Date.now() };
          this.loadedAt = Date.now();
        } else {
          await this.reload();
        }
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const generation = this.hiddenGeneration;
        const [stored, hidden] = await Promise.all([this.trending.load(), this.trending.hiddenTags()]);
        if (generation === this.hiddenGeneration) {
          this.hidden = new Set(hidden);
          this.hiddenLoaded = true;
        }
        this.loadedAt = Date.now();
        if (stored && (!this.snapshot || stored.ageMs < Date.now() - this.snapshot.computedAt)) {
          this.snapshot = { hashtags: stored.hashtags, candidates: stored.candidates, computedAt: Date.now() - stored.ageMs };
        }
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private background(work: Promise<void>): void {
    work.catch((error: unknown) => this.logger.warn(`Gündem sıralaması yenilenemedi: ${String(error)}`));
  }

  /** The ranking to serve; waits only when there is none yet or it is past SERVE_STALE_UNTIL_MS. */
  private async current(): Promise<Snapshot> {
    if (!this.snapshot || !this.hiddenLoaded) await this.reload();
    const age = this.snapshot ? Date.now() - this.snapshot.computedAt : Infinity;
    if (age > SERVE_STALE_UNTIL_MS) {
      // Another node may be computing it (the lock is taken): serve what is stored meanwhile.
      await this.recompute(REFRESH_AFTER_MS);
    } else if (age > REFRESH_AFTER_MS) {
      this.background(this.recompute(REFRESH_AFTER_MS));
    }
    if (!this.refreshing && Date.now() - this.loadedAt > RELOAD_AFTER_MS) this.background(this.reload());
    return this.snapshot ?? { hashtags: [], candidates: [], computedAt: 0 };
  }

  /** Hashtags without `#` (the interface adds it); never one staff hid, even in a ranking computed before. */
  async hashtags(query: TrendingQueryDto): Promise<{ trends: HashtagTrend[] }> {
    const { hashtags } = await this.current();
    const shown = this.hidden.size ? hashtags.filter((trend) => !this.hidden.has(trend.hashtag)) : hashtags;
    return { trends: shown.slice(0, query.limit ?? DEFAULT_TRENDING_HASHTAGS) };
  }

  /**
   * Who to follow: the precomputed candidates minus the viewer and the accounts the viewer
   * follows (one primary-key lookup per candidate), so each has `isFollowing: false`. Should
   * the viewer follow nearly all of them, the newest accounts they do not follow fill the rest.
   */
  async users(viewer: Pick<User, 'id'> | undefined, query: TrendingQueryDto): Promise<{ users: UserResponse[] }> {
    const limit = query.limit ?? DEFAULT_SUGGESTED_USERS;
    const { candidates } = await this.current();
    const viewerId = viewer?.id ?? null;
    let users = await this.trending.suggestions(viewerId, candidates, limit);
    if (users.length < limit) {
      const more = await this.trending.newestNotFollowed(viewerId, candidates, limit - users.length);
      users = [...users, ...(await this.trending.suggestions(viewerId, more, limit - users.length))];
    }
    return { users: users.map((user) => toUserResponse(user as User, { isFollowing: false })) };
  }
}
