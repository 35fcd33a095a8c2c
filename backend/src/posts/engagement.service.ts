import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { pgErrorCode, queryRows } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { PostsRepository } from './posts.repository';
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

type EngagementKind = 'like' | 'repost';

/** Table and counter per kind; only these constants are ever put into SQL text. */
const KINDS: Record<EngagementKind, { table: 'likes' | 'reposts'; counter: 'like_count' | 'retweet_count' }> = {
  like: { table: 'likes', counter: 'like_count' },
  repost: { table: 'reposts', counter: 'retweet_count' },
};

interface CountsRow {
  id: string;
  like_count: number;
  retweet_count: number;
  reply_count: number;
}

const COUNTS = 'id, like_count, retweet_count, reply_count';

function toCounts(row: CountsRow): EngagementCounts {
  return { postId: row.id, likeCount: row.like_count, retweetCount: row.retweet_count, replyCount: row.reply_count };
}

/**
 * Likes and reposts: toggles that stay exact under any concurrency. Each toggle is one
 * transaction: DELETE … RETURNING, or else INSERT … ON CONFLICT DO NOTHING RETURNING, and the
 * counter moves by ±1 in SQL only when a row really went away or came in.
 */
@Injectable()
export class EngagementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeEvents,
  ) {}

  toggleLike(userId: string, postId: string): Promise<ToggleResult> {
    return this.toggle('like', userId, postId);
  }

  toggleRepost(userId: string, postId: string): Promise<ToggleResult> {
    return this.toggle('repost', userId, postId);
  }

  private async toggle(kind: EngagementKind, userId: string, postId: string): Promise<ToggleResult> {
    const result = await this.toggleInTransaction(kind, userId, postId);
    // Pushed after the commit, with absolute counts; nothing when a concurrent toggle won.
    if (result.changed) this.realtime.postEngagement(postId, result);
    return result;
  }

  private async toggleInTransaction(kind: EngagementKind, userId: string, postId: string): Promise<ToggleResult> {
    const { table, counter } = KINDS[kind];
    try {
      return await this.dataSource.transaction(async (em) => {
        if (!(await this.posts.isVisible(em, postId))) throw new NotFoundException(POST_NOT_FOUND);
        const removed = await queryRows(em, `DELETE FROM ${table} WHERE user_id = $1 AND post_id = $2 RETURNING post_id`, [userId, postId]);
        if (removed.length) return { active: false, changed: true, ...(await this.bump(em, counter, postId, -1)) };
        const added = await queryRows(
          em,
          `INSERT INTO ${table} (user_id, post_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING post_id`,
          [userId, postId],
        );
        if (added.length) return { active: true, changed: true, ...(await this.bump(em, counter, postId, 1)) };
        // Nothing to delete, yet the insert conflicted: a concurrent toggle of the same user
        // inserted the row and committed in between. That is the state now; report it as is.
        const [row] = await queryRows<CountsRow>(em, `SELECT ${COUNTS} FROM posts WHERE id = $1`, [postId]);
        return { active: true, changed: false, ...toCounts(row) };
      });
    } catch (error) {
      // The post was deleted between the visibility check and the insert.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(POST_NOT_FOUND);
      throw error;
    }
  }

  private async bump(em: EntityManager, counter: string, postId: string, delta: 1 | -1): Promise<EngagementCounts> {
    const [row] = await queryRows<CountsRow>(
      em,
      `UPDATE posts SET ${counter} = ${counter} ${delta > 0 ? '+' : '-'} 1 WHERE id = $1 RETURNING ${COUNTS}`,
      [postId],
    );
    if (!row) throw new NotFoundException(POST_NOT_FOUND);
    return toCounts(row);
  }
}
