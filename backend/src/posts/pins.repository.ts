import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { queryRows } from '../database/query-rows';

/** What a pin or unpin found: done (or already so), no such post, or somebody else's post. */
export type PinOutcome = 'done' | 'missing' | 'not-yours';

/**
 * The class half of the advisory lock (two int4 keys: a key space apart from the single bigint
 * keys of migrate.ts, the trends and `Size özel`) that serialises one member's pins; the other
 * half is hashtext(author id). Two members whose ids hash alike only wait for each other briefly.
 */
export const PIN_LOCK_CLASS = 0x70696e; // 'pin'

/** Thrown inside the pin's transaction to roll it back (the earlier pin stays) when the post went meanwhile. */
class PinTargetGone extends Error {}

/**
 * The writes of `Profile sabitle` (issue 27). At most one pinned post per author is the partial
 * unique index idx_posts_author_pinned's (migration PostPins); a pin replaces the earlier one in
 * one transaction, under a transaction-level advisory lock per author, so two concurrent pins of
 * one member run one after the other (the second unpins the first's post) instead of one failing
 * on the index. Not a lock of the author's row: a post's deletion locks the post and then the
 * author (PostDeletionService), and a pin that took the author and then the post could deadlock
 * with it. The advisory lock is taken by pins only, and a pin locks post rows alone.
 */
@Injectable()
export class PinsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Pins `postId` for its author `userId`, unpinning their earlier pin; `previous` is that post's
   * id (null when there was none, or it was this one: a repeat writes nothing).
   */
  async pin(userId: string, postId: string): Promise<{ outcome: PinOutcome; previous: string | null }> {
    try {
      return await this.pinOnce(userId, postId);
    } catch (error) {
      if (error instanceof PinTargetGone) return { outcome: 'missing', previous: null };
      throw error;
    }
  }

  private pinOnce(userId: string, postId: string): Promise<{ outcome: PinOutcome; previous: string | null }> {
    return this.dataSource.transaction(async (em) => {
      await queryRows(em, `SELECT pg_advisory_xact_lock(${PIN_LOCK_CLASS}, hashtext($1::text))`, [userId]);
      // Read after the lock: an earlier pin of this member's has committed by now.
      const [post] = await queryRows<{ author_id: string; is_pinned: boolean }>(em, `SELECT author_id, is_pinned FROM posts WHERE id = $1`, [postId]);
      if (!post) return { outcome: 'missing', previous: null };
      if (post.author_id !== userId) return { outcome: 'not-yours', previous: null };
      if (post.is_pinned) return { outcome: 'done', previous: null };
      const unpinned = await queryRows<{ id: string }>(em, `UPDATE posts SET is_pinned = false WHERE author_id = $1 AND is_pinned RETURNING id`, [userId]);
      // No row: the post was deleted since it was read (the delete does not take this lock).
      const pinned = await queryRows(em, `UPDATE posts SET is_pinned = true WHERE id = $1 AND author_id = $2 RETURNING id`, [postId, userId]);
      if (!pinned.length) throw new PinTargetGone();
      return { outcome: 'done', previous: unpinned[0]?.id ?? null };
    });
  }

  /** Unpins `postId` when it is `userId`'s (a post that is not pinned stays as it is). One statement. */
  async unpin(userId: string, postId: string): Promise<PinOutcome> {
    const [row] = await queryRows<{ author_id: string }>(
      this.dataSource.manager,
      `WITH target AS (SELECT author_id FROM posts WHERE id = $2),
            unpinned AS (UPDATE posts SET is_pinned = false WHERE id = $2 AND author_id = $1 AND is_pinned RETURNING id)
       SELECT author_id FROM target`,
      [userId, postId],
    );
    if (!row) return 'missing';
    return row.author_id === userId ? 'done' : 'not-yours';
  }
}
