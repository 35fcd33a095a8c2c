import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Activity, ActivityEvents } from '../common/activity/activity-events';
import { pgErrorCode } from '../database/query-rows';
import { HOME_FEED_IDLE_DAYS, HomeFeedRepository } from './home-feed.repository';

/** Events gathered into one statement: the first waits this long for others (as notifications do). */
export const HOME_FEED_FLUSH_MS = 10;
/** Events in one statement at most. */
const MAX_BATCH = 500;
/** foreign_key_violation (a post or feed deleted meanwhile), deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['23503', '40P01', '40001']);
/** How often a node drops the feeds nobody read for HOME_FEED_IDLE_DAYS. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * Keeps the materialised `Takip edilenler` feeds up to date after each commit (fan-out on write,
 * docs/architecture.md#takip-edilenler-akışı): a post or a repost (made or undone) is applied to
 * the kept feeds of its actor and their followers (a removed post restored: its author's and
 * reposters'); a follow or unfollow drops the follower's kept
 * feed, and an account's deactivation (or activation) the feeds of its followers, to be built
 * again at their next read.
 *
 * Events of HOME_FEED_FLUSH_MS go in one statement per kind, in the background: the request that
 * caused them has answered already. A read of the feed on this node waits for what is queued here
 * (settled()), so a member sees their own post at once; other nodes' feeds follow within a batch.
 */
@Injectable()
export class HomeFeedWriter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('HomeFeed');
  private posts: { actor: string; post: string }[] = [];
  private owners = new Set<string>();
  private accounts = new Set<string>();
  private timer?: NodeJS.Timeout;
  private sweeper?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private unsubscribe?: () => void;

  constructor(
    private readonly repository: HomeFeedRepository,
    private readonly activity: ActivityEvents,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.activity.subscribe((activity) => this.enqueue(activity));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.sweeper);
    await this.settled();
  }

  /** Resolves once everything queued so far is applied. */
  async settled(): Promise<void> {
    while (this.pending()) {
      this.flush();
      await this.running;
    }
    await this.running;
  }

  private pending(): boolean {
    return this.posts.length > 0 || this.owners.size > 0 || this.accounts.size > 0;
  }

  private enqueue(activity: Activity): void {
    switch (activity.kind) {
      case 'post':
      case 'repost':
        this.posts.push({ actor: activity.actorId, post: activity.postId });
        break;
      case 'post-restored':
        // The author's followers and every reposter's: the fan-out computes each feed's best item.
        for (const actor of [activity.actorId, ...activity.reposters]) this.posts.push({ actor, post: activity.postId });
        break;
      case 'follow':
        this.owners.add(activity.actorId);
        break;
      case 'account':
      case 'protection':
        this.accounts.add(activity.userId);
        break;
      default:
        return;
    }
    if (this.posts.length >= MAX_BATCH) {
      this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), HOME_FEED_FLUSH_MS);
    this.timer.unref();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending()) return;
    const posts = this.posts;
    const owners = [...this.owners];
    const accounts = [...this.accounts];
    this.posts = [];
    this.owners.clear();
    this.accounts.clear();
    this.running = this.running.then(() => this.write(posts, owners, accounts));
  }

  /** Never throws: a failure is logged (the feeds it concerns are dropped, if the database lets us). */
  private async write(posts: { actor: string; post: string }[], owners: string[], accounts: string[]): Promise<void> {
    if (owners.length || accounts.length) {
      await this.attempt('takip değişikliği', () => this.repository.drop(owners, accounts));
    }
    if (posts.length) {
      const actors = posts.map((p) => p.actor);
      const applied = await this.attempt('gönderi', () =>
        this.repository.fanOut(
          actors,
          posts.map((p) => p.post),
        ),
      );
      // A feed that missed an item would stay wrong: drop the ones it may have concerned.
      if (!applied) await this.attempt('düşürme', () => this.repository.drop([], [...new Set(actors)]));
    }
  }

  private async sweep(): Promise<void> {
    const dropped = (await this.attempt('temizlik', () => this.repository.sweep()))?.value;
    if (dropped) this.logger.log(`${dropped} akış ${HOME_FEED_IDLE_DAYS} gündür okunmadığı için bırakıldı`);
  }

  /**
   * Runs `work`, again (up to 3 times) when a statement it ran with another lost a deadlock or
   * met a row deleted after it started; never throws.
   */
  private async attempt<T>(what: string, work: () => Promise<T>): Promise<{ value: T } | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return { value: await work() };
      } catch (error) {
        if (attempt < 3 && RETRYABLE.has(pgErrorCode(error) ?? '')) continue;
        this.logger.warn(`Takip edilenler akışı güncellenemedi (${what}): ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }
  }
}
