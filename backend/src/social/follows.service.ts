import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { ActivityEvents } from '../common/activity/activity-events';
import { type Cursor, type Page, toPage } from '../common/pagination/cursor';
import { pgErrorCode } from '../database/query-rows';
import type { ToggleMode, ToggleRow } from '../database/toggle';
import { type FollowCountsRow, type FollowListKind, type FollowListRow, FollowsRepository } from './follows.repository';
import { BlocksRepository } from './blocks.repository';
import { FollowRequestsService } from './follow-requests.service';
import { CANNOT_FOLLOW_SELF, CANNOT_FOLLOW_USER } from './social.texts';

/**
 * A follow that found the account turned protected after it was read is asked again, at most
 * this often (then answered as it stands): each new attempt needs protection to have flipped
 * again in between, so this bounds only an account flapping it many times a second.
 */
const FOLLOW_ATTEMPTS = 10;
/** A follow statement ended by a deadlock (see `statement`) is run again this often. */
const DEADLOCK_ATTEMPTS = 3;

export interface FollowResult {
  isFollowing: boolean;
  /** A follow request to the protected followee is pending (issue 26). */
  requested: boolean;
  /** The followee's followers_count after the call. */
  followersCount: number;
  /** False when a concurrent toggle of the same pair already produced this state. */
  changed: boolean;
}

/**
 * The social graph. Depends on nothing but the database, so UsersModule can use it for the
 * profile's `isFollowing` without an import cycle.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly repository: FollowsRepository,
    private readonly activity: ActivityEvents,
    private readonly blocks: BlocksRepository,
    private readonly requests: FollowRequestsService,
  ) {}

  async isFollowing(followerId: string | undefined, followeeId: string): Promise<boolean> {
    if (!followerId || followerId === followeeId) return false;
    return this.repository.isFollowing(followerId, followeeId);
  }

  /** The ids of the active accounts the member follows (the `Takip edilenler` feed's authors, its live rooms). */
  followedActiveIds(followerId: string): Promise<string[]> {
    return this.repository.followedActiveIds(followerId);
  }

  /** A page of the member's followers or followed accounts, newest follow first (FollowsRepository.followList). */
  async list(kind: FollowListKind, memberId: string, viewerId: string | null, limit: number, cursor?: Cursor): Promise<Page<Omit<FollowListRow, 'followedAt'>>> {
    const rows = await this.repository.followList(kind, memberId, viewerId, limit, cursor);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.followedAt, id: row.id }));
    return { items: page.items.map(({ followedAt: _at, ...user }) => user), nextCursor: page.nextCursor };
  }

  /** `{ isFollowing }` about an active user; 404 for an unknown or deactivated one. */
  async status(followerId: string, followeeId: string): Promise<{ isFollowing: boolean; requested: boolean }> {
    if (!(await this.repository.isActiveUser(followeeId))) throw new NotFoundException(USER_NOT_FOUND);
    const [isFollowing, requested] = await Promise.all([this.isFollowing(followerId, followeeId), this.requests.requested(followerId, followeeId)]);
    return { isFollowing, requested };
  }

  /**
   * Follows, or unfollows when already following, in one statement (FollowsRepository, the
   * idiom of database/toggle.ts): DELETE … RETURNING, or else INSERT … ON CONFLICT DO NOTHING
   * RETURNING, and both users' counters move by ±1 in SQL only when a row really went away or came in.
   */
  toggle(followerId: string, followeeId: string): Promise<FollowResult> {
    return this.change('toggle', followerId, followeeId);
  }

  /**
   * PUT (`follow` true) and DELETE (false) of /users/:id/follow: the state asked for, whatever it
   * was, so a retried request cannot undo itself. Counters move only when a row really came in
   * or went away; a repeat answers the current count.
   */
  set(followerId: string, followeeId: string, follow: boolean): Promise<FollowResult> {
    return this.change(follow ? 'set' : 'unset', followerId, followeeId);
  }

  private async change(mode: ToggleMode, followerId: string, followeeId: string): Promise<FollowResult> {
    if (followerId === followeeId) throw new BadRequestException(CANNOT_FOLLOW_SELF);
    // A block, either way, refuses a follow (an unfollow is always allowed; a block left none).
    if (mode !== 'unset' && (await this.blocks.between(followerId, followeeId))) throw new ForbiddenException(CANNOT_FOLLOW_USER);
    for (let attempt = 1; ; attempt++) {
      // A protected account (issue 26): a follow is a request it approves; a second click (toggle)
      // or an unfollow withdraws a pending request.
      if (mode === 'unset') {
        await this.requests.withdraw(followerId, followeeId);
      } else if (!(await this.isFollowing(followerId, followeeId))) {
        if (mode === 'toggle' && (await this.requests.withdraw(followerId, followeeId))) {
          const state = await this.repository.state(followerId, followeeId);
          return { isFollowing: false, requested: false, changed: true, followersCount: state?.followers_count ?? 0 };
        }
        const asked = await this.requests.ask(followerId, followeeId);
        if (asked.outcome === 'missing') throw new NotFoundException(USER_NOT_FOUND);
        if (asked.outcome === 'requested') return { isFollowing: false, requested: true, changed: true, followersCount: asked.followersCount };
      }
      let row;
      try {
        row = await this.statement(mode, followerId, followeeId);
      } catch (error) {
        // The followee was deleted after the statement's snapshot: the insert's foreign key refuses it.
        if (pgErrorCode(error) === '23503') throw new NotFoundException(USER_NOT_FOUND);
        throw error;
      }
      if (!row.visible) throw new NotFoundException(USER_NOT_FOUND);
      if (row.counts) {
        // After the commit (one statement): the followee is notified, or the notification withdrawn.
        this.activity.publish({ kind: 'follow', actorId: followerId, userId: followeeId, active: row.added, at: new Date() });
        return { isFollowing: row.added, requested: false, changed: true, followersCount: row.counts.followers_count };
      }
      // Nothing changed. A follow that found the account protected (it turned protection on after
      // `ask` read it: the statement adds no follow then) is asked again, and becomes a request.
      if (mode !== 'unset' && attempt < FOLLOW_ATTEMPTS && !(await this.isFollowing(followerId, followeeId))) continue;
      // Or a concurrent toggle of the same pair committed in between, or the state already was
      // the one asked for. The state as it is now, read afresh.
      const state = await this.repository.state(followerId, followeeId);
      if (!state) throw new NotFoundException(USER_NOT_FOUND);
      const requested = !state.active && mode !== 'unset' && (await this.requests.requested(followerId, followeeId));
      return { isFollowing: state.active, requested, changed: false, followersCount: state.followers_count };
    }
  }

  /**
   * The follow statement; a deadlock is retried. A follow locks both users' rows in id order, an
   * approval (FollowRequestsService) the member's and then its requesters': the two can meet in
   * opposite orders, and PostgreSQL ends one of them, which has changed nothing.
   */
  private async statement(mode: ToggleMode, followerId: string, followeeId: string): Promise<ToggleRow<FollowCountsRow>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repository.change(mode, followerId, followeeId);
      } catch (error) {
        if (pgErrorCode(error) !== '40P01' || attempt >= DEADLOCK_ATTEMPTS) throw error;
      }
    }
  }
}
