import { Injectable, Logger } from '@nestjs/common';
import { type Cursor, toPage } from '../common/pagination/cursor';
import type { PageQueryDto } from '../common/pagination/page-query.dto';
import { FollowsService } from '../social/follows.service';
import { MutesService, type ViewerFilter } from '../social/mutes.service';
import type { User } from '../users/user.entity';
import { toFollowingResponse } from './dto/following-item.response';
import { type FollowingItem, FollowingFeedRepository, KEEP_BLOCKED } from './following-feed.repository';
import { HOME_FEED_BUILD_ITEMS, HomeFeedRepository } from './home-feed.repository';
import { HomeFeedWriter } from './home-feed.writer';
import type { PageRequest } from './posts.repository';
import { type PostPage, pageRequest } from './posts.service';

/** A build reads the feed on request in pages of this many. */
const BUILD_PAGE = 20;

/**
 * The `Takip edilenler` feed of a member (docs/wire-contract.md#takip-edilenler-akışı): the posts
 * and reposts of the active accounts they follow and their own, newest first
 * (docs/architecture.md#takip-edilenler-akışı):
 *
 * - its newest items are kept (HomeFeedRepository, written by HomeFeedWriter): a page is one
 *   index range. The first read builds the kept feed from the on-request read;
 * - pages below what is kept, and any page while the kept feed cannot be built, are read on
 *   request (FollowingFeedRepository) from the committed posts, reposts and follows.
 */
@Injectable()
export class FollowingFeedService {
  private readonly logger = new Logger('HomeFeed');
  /** Builds running on this node, by member. */
  private readonly building = new Map<string, Promise<boolean>>();

  constructor(
    private readonly onRequest: FollowingFeedRepository,
    private readonly kept: HomeFeedRepository,
    private readonly writer: HomeFeedWriter,
    private readonly follows: FollowsService,
    private readonly mutes: MutesService,
  ) {}

  async page(viewer: Pick<User, 'id'>, query: PageQueryDto): Promise<PostPage> {
    // The cursor first: a bad one is a 400 before any read.
    const page = pageRequest(query);
    const items = await this.items(viewer.id, page);
    const shown = toPage(items, page.limit, (item) => item.cursor);
    return { posts: shown.items.map(toFollowingResponse), nextCursor: shown.nextCursor };
  }

  /** Up to limit + 1 items after the cursor. */
  private async items(viewerId: string, page: PageRequest): Promise<FollowingItem[]> {
    // What this node's writer still has queued (the member's own post, say) goes in first.
    // What the member mutes (issue 25): read once, applied by every read below. The kept feed
    // holds every item; mutes and words hide them at read time, so undoing one shows them again.
    const [hide] = await Promise.all([this.mutes.viewerFilter(viewerId), this.writer.settled()]);
    let kept = await this.kept.read(viewerId, page, hide);
    if (!kept.ready) {
      if (!(await this.build(viewerId))) return this.readOnRequest(viewerId, page, hide);
      kept = await this.kept.read(viewerId, page, hide);
      if (!kept.ready) return this.readOnRequest(viewerId, page, hide);
    } else if (kept.staleRead || kept.staleTrim) {
      void this.kept.touch(viewerId, kept.staleTrim).catch((error: unknown) => this.warn('okuma kaydı', error));
    }
    const n = page.limit + 1;
    // A deactivated account's items were left out of a full range: this page is read on request.
    if (kept.items.length < kept.scanned && kept.scanned >= n) return this.readOnRequest(viewerId, page, hide);
    if (kept.items.length >= n || !kept.floor) return kept.items;
    // The kept items end above the page's end: the rest is older than the floor, read on request
    // after the last kept item (nothing lies between it and the floor: the kept part is complete).
    const last = kept.items[kept.items.length - 1];
    const rest = await this.readOnRequest(viewerId, { limit: n - kept.items.length, cursor: last?.cursor ?? page.cursor }, hide);
    return [...kept.items, ...rest];
  }

  /**
   * Builds the kept feed from its newest HOME_FEED_BUILD_ITEMS, read on request a page of
   * BUILD_PAGE at a time (pages the walk over everyone's newest rows answers; one read of 100
   * would be read per account). One build per member at a time: on this node the others wait for
   * it; on another node they read on request meanwhile. False if it could not be built.
   */
  private build(viewerId: string): Promise<boolean> {
    let running = this.building.get(viewerId);
    if (!running) {
      running = this.buildOnce(viewerId).finally(() => this.building.delete(viewerId));
      this.building.set(viewerId, running);
    }
    return running;
  }

  private async buildOnce(viewerId: string): Promise<boolean> {
    try {
      if (!(await this.kept.claim(viewerId))) return false;
      const accounts = await this.accounts(viewerId);
      const newest: FollowingItem[] = [];
      let cursor: Cursor | undefined;
      let more = true;
      while (more && newest.length < HOME_FEED_BUILD_ITEMS) {
        // Every item, those of accounts a block stands between included: the read filters them (`hide`).
        const page = await this.onRequest.page(viewerId, accounts, { limit: BUILD_PAGE, cursor }, undefined, KEEP_BLOCKED);
        newest.push(...page.slice(0, BUILD_PAGE));
        more = page.length > BUILD_PAGE;
        cursor = newest[newest.length - 1]?.cursor;
      }
      // Everything was read: the feed is complete, with no floor.
      return await this.kept.complete(viewerId, newest, more ? (cursor ?? null) : null);
    } catch (error) {
      this.warn('kurulum', error);
      return false;
    }
  }

  private async accounts(viewerId: string): Promise<string[]> {
    return [viewerId, ...(await this.follows.followedActiveIds(viewerId))];
  }

  private async readOnRequest(viewerId: string, page: PageRequest, hide: ViewerFilter): Promise<FollowingItem[]> {
    return this.onRequest.page(viewerId, await this.accounts(viewerId), page, undefined, hide);
  }

  private warn(what: string, error: unknown): void {
    this.logger.warn(`Takip edilenler akışı (${what}): ${error instanceof Error ? error.message : String(error)}`);
  }
}
