import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import { BUMP_VERSION, COUNTS_COLUMNS, type CountsRow } from './engagement-counts';

export interface PostToDelete {
  id: string;
  authorId: string;
  /** Whether the author's account is active (a deactivated author's posts are hidden from members). */
  authorActive: boolean;
  replyToId: string | null;
  /** The post's text (a staff deletion's audit entry keeps it). */
  content: string;
  /** The post it quotes (issue 27), whose quote_count goes down. */
  quoteOfId: string | null;
}

/** The statements of deleting a post (PostDeletionService), each on the caller's transaction. */
@Injectable()
export class PostDeletionRepository {
  /** This transaction waits at most `ms` for any one lock (PostDeletionService retries). */
  async setLockTimeout(em: EntityManager, ms: number): Promise<void> {
    // An integer from a constant: SET takes no bind parameters.
    await queryRows(em, `SET LOCAL lock_timeout = '${Math.trunc(ms)}ms'`);
  }

  /**
   * The post, or null; `lock` takes FOR UPDATE on the post row only (the author's flag is read
   * by a subquery, which locks nothing).
   */
  async findPostToDelete(em: EntityManager, id: string, lock: boolean): Promise<PostToDelete | null> {
    const [row] = await queryRows<{ id: string; author_id: string; author_active: boolean; reply_to_id: string | null; content: string; quote_of_id: string | null }>(
      em,
      `SELECT p.id, p.author_id, p.reply_to_id, p.content, p.quote_of_id, (SELECT u.is_active FROM users u WHERE u.id = p.author_id) AS author_active
         FROM posts p WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ? { id: row.id, authorId: row.author_id, authorActive: row.author_active === true, replyToId: row.reply_to_id, content: row.content, quoteOfId: row.quote_of_id } : null;
  }

  /** The post's likes and reposts, first (the lock order of a toggle: like row, then post). */
  async deleteLikesAndReposts(em: EntityManager, postId: string): Promise<void> {
    await queryRows(em, `DELETE FROM likes WHERE post_id = $1`, [postId]);
    await queryRows(em, `DELETE FROM reposts WHERE post_id = $1`, [postId]);
  }

  /**
   * The members who have a notification of the post (its likes, reposts, or the post being their
   * reply or mention), read once the post is locked: the delete's cascade removes those
   * notifications, and each of them is told their new unread count after the commit.
   */
  async notifiedMembers(em: EntityManager, postId: string): Promise<string[]> {
    const rows = await queryRows<{ recipient_id: string }>(em, `SELECT DISTINCT recipient_id FROM notification_groups WHERE post_id = $1`, [postId]);
    return rows.map((row) => row.recipient_id);
  }

  /** The post itself and its author's posts_count (the post row is locked already, then the author). */
  async deletePost(em: EntityManager, post: PostToDelete): Promise<void> {
    await queryRows(em, `DELETE FROM posts WHERE id = $1`, [post.id]);
    await queryRows(em, `UPDATE users SET posts_count = posts_count - 1 WHERE id = $1`, [post.authorId]);
  }

  /** A deleted quote's quoted post: one quote fewer, its engagement version bumped; null when it is gone (issue 27). */
  async unbumpQuoteCount(em: EntityManager, quotedId: string): Promise<CountsRow | null> {
    const [row] = await queryRows<CountsRow>(
      em,
      `UPDATE posts p SET quote_count = p.quote_count - 1, ${BUMP_VERSION} WHERE p.id = $1 RETURNING ${COUNTS_COLUMNS}`,
      [quotedId],
    );
    return row ?? null;
  }

  /** A deleted reply's parent: one reply fewer, its engagement version bumped; null when the parent is gone. */
  async unbumpReplyCount(em: EntityManager, parentId: string): Promise<CountsRow | null> {
    const [row] = await queryRows<CountsRow>(
      em,
      `UPDATE posts p SET reply_count = p.reply_count - 1, ${BUMP_VERSION} WHERE p.id = $1 RETURNING ${COUNTS_COLUMNS}`,
      [parentId],
    );
    return row ?? null;
  }
}
