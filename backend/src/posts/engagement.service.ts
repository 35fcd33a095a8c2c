import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { pgErrorCode } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { FirstPageCache } from './first-page.cache';
import type { ToggleRow } from '../database/toggle';
import { type CountsRow, type EngagementCounts, toEngagementCounts } from './engagement-counts';
import { toFollowingResponse } from './dto/following-item.response';
import { type EngagementChange, type EngagementKind, EngagementRepository } from './engagement.repository';
import { POST_NOT_FOUND } from './posts.texts';

export interface ToggleResult extends EngagementCounts {
  /** The state after the call: liked (or reposted) by the user. */
  active: boolean;
  /** False when a concurrent toggle of the same user already produced this state. */
  changed: boolean;
}

/**
 * Likes and reposts: toggles that stay exact under any concurrency. Each toggle is one SQL
 * statement (EngagementRepository, the idiom of database/toggle.ts): the row goes away, or else
 * comes in, and the counter moves by ±1 (and the post's engagement version by 1) only when a row
 * really did.
 */
@Injectable()
export class EngagementService {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly repository: EngagementRepository,
    private readonly realtime: RealtimeEvents,
    private readonly firstPages: FirstPageCache,
    private readonly activity: ActivityEvents,
  ) {}

  toggleLike(userId: string, postId: string): Promise<ToggleResult> {
    return this.change('like', 'toggle', userId, postId);
  }

  toggleRepost(userId: string, postId: string): Promise<ToggleResult> {
    return this.change('repost', 'toggle', userId, postId);
  }

  /**
   * PUT (`liked` true) and DELETE (false): the state asked for, whatever it was, so a retried
   * request cannot undo itself the way a retried toggle does. Same answers and events as the
   * toggle; an event only when something changed.
   */
  setLike(userId: string, postId: string, liked: boolean): Promise<ToggleResult> {
    return this.change('like', liked ? 'set' : 'unset', userId, postId);
  }

  setRepost(userId: string, postId: string, reposted: boolean): Promise<ToggleResult> {
    return this.change('repost', reposted ? 'set' : 'unset', userId, postId);
  }

  private async change(kind: EngagementKind, mode: EngagementChange, userId: string, postId: string): Promise<ToggleResult> {
    let row: ToggleRow<CountsRow>;
    try {
      row = await this.repository.change(kind, mode, userId, postId);
    } catch (error) {
      // The post was deleted after the statement's snapshot: the insert's foreign key refuses it.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(POST_NOT_FOUND);
      throw error;
    }
    if (!row.visible) throw new NotFoundException(POST_NOT_FOUND);
    if (row.counts) {
      const result = { active: row.added, changed: true, ...toEngagementCounts(row.counts) };
      // The shared first page must not show this member's like beside the count before it.
      this.firstPages.touch(postId);
      // Pushed after the commit (the statement is its own transaction), with absolute counts and their version.
      this.realtime.postEngagement(postId, result);
      // The post's author is notified (or the notification withdrawn) after the commit, off this request's path.
      this.activity.publish({ kind, actorId: userId, postId, active: row.added, at: new Date() });
      if (kind === 'repost' && row.added) await this.announceRepost(userId, postId);
      return result;
    }
    // Nothing changed. For a toggle: nothing to delete, yet the insert conflicted, so a
    // concurrent toggle of the same user inserted the row and committed in between. For PUT or
    // DELETE: the state already was the one asked for. Report the state as it is now, read afresh in one
    // statement (the toggle's snapshot predates that commit, and yet another toggle of the same
    // user may have landed since). No event: the toggles that changed something sent theirs.
    const state = await this.repository.state(kind, userId, postId);
    if (!state) throw new NotFoundException(POST_NOT_FOUND);
    return { active: state.active, changed: false, ...toEngagementCounts(state) };
  }

  /**
   * A new repost goes live to the open `Takip edilenler` feeds of the reposter's followers (and
   * their own) as a `post:new` item with `repostedBy`, read after the commit as the feed shows
   * it. Best effort: a failed read is logged and the repost's answer goes out as it would.
   */
  private async announceRepost(userId: string, postId: string): Promise<void> {
    try {
      const item = await this.repository.repostItem(userId, postId);
      if (item) this.realtime.repostNew(toFollowingResponse(item));
    } catch (error) {
      this.logger.warn(`Yeniden paylaşım anlık gönderilemedi: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
