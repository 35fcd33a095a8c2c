import { Injectable, NotFoundException } from '@nestjs/common';
import { pgErrorCode } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { FirstPageCache } from './first-page.cache';
import { type CountsRow, type EngagementKind, EngagementRepository, type ToggleRow } from './engagement.repository';
import { POST_NOT_FOUND } from './posts.service';

/** A post's absolute counts after a change (what a realtime `post:engagement` event carries). */
export interface EngagementCounts {
  postId: string;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
}

export interface ToggleResult extends EngagementCounts {
  /** The state after the call: liked (or reposted) by the user. */
  active: boolean;
  /** False when a concurrent toggle of the same user already produced this state. */
  changed: boolean;
}

function toCounts(row: CountsRow): EngagementCounts {
  return { postId: row.id, likeCount: row.like_count, retweetCount: row.retweet_count, replyCount: row.reply_count };
}

/**
 * Likes and reposts: toggles that stay exact under any concurrency. Each toggle is one SQL
 * statement (EngagementRepository): the row goes away, or else comes in, and the counter moves by
 * ±1 only when a row really did.
 */
@Injectable()
export class EngagementService {
  constructor(
    private readonly repository: EngagementRepository,
    private readonly realtime: RealtimeEvents,
    private readonly firstPages: FirstPageCache,
  ) {}

  toggleLike(userId: string, postId: string): Promise<ToggleResult> {
    return this.toggle('like', userId, postId);
  }

  toggleRepost(userId: string, postId: string): Promise<ToggleResult> {
    return this.toggle('repost', userId, postId);
  }

  private async toggle(kind: EngagementKind, userId: string, postId: string): Promise<ToggleResult> {
    let row: ToggleRow;
    try {
      row = await this.repository.toggle(kind, userId, postId);
    } catch (error) {
      // The post was deleted after the statement's snapshot: the insert's foreign key refuses it.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(POST_NOT_FOUND);
      throw error;
    }
    if (!row.visible) throw new NotFoundException(POST_NOT_FOUND);
    if (row.counts) {
      const result = { active: row.added, changed: true, ...toCounts(row.counts) };
      // The shared first page must not show this member's like beside the count before it.
      this.firstPages.touch(postId);
      // Pushed after the commit (the statement is its own transaction), with absolute counts.
      this.realtime.postEngagement(postId, result);
      return result;
    }
    // Nothing to delete, yet the insert conflicted: a concurrent toggle of the same user inserted
    // the row and committed in between. Report the state as it is now, read afresh in one
    // statement (the toggle's snapshot predates that commit, and yet another toggle of the same
    // user may have landed since). No event: the toggles that changed something sent theirs.
    const state = await this.repository.state(kind, userId, postId);
    if (!state) throw new NotFoundException(POST_NOT_FOUND);
    return { active: state.active, changed: false, ...toCounts(state) };
  }
}
