import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { USER_NOT_FOUND } from '../common/common.texts';
import { pgErrorCode, queryRows } from '../database/query-rows';
import { CANNOT_FOLLOW_SELF } from './social.texts';

export interface FollowResult {
  isFollowing: boolean;
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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async isFollowing(followerId: string | undefined, followeeId: string): Promise<boolean> {
    if (!followerId || followerId === followeeId) return false;
    const rows = await this.dataSource.query(`SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2`, [followerId, followeeId]);
    return rows.length > 0;
  }

  /** `{ isFollowing }` about an active user; 404 for an unknown or deactivated one. */
  async status(followerId: string, followeeId: string): Promise<{ isFollowing: boolean }> {
    await this.requireActive(this.dataSource.manager, followeeId);
    return { isFollowing: await this.isFollowing(followerId, followeeId) };
  }

  /**
   * Follows, or unfollows when already following, in one transaction: DELETE … RETURNING, or
   * else INSERT … ON CONFLICT DO NOTHING RETURNING, and both users' counters move by ±1 in SQL
   * only when a row really went away or came in.
   */
  async toggle(followerId: string, followeeId: string): Promise<FollowResult> {
    if (followerId === followeeId) throw new BadRequestException(CANNOT_FOLLOW_SELF);
    try {
      return await this.dataSource.transaction(async (em) => {
        await this.requireActive(em, followeeId);
        const removed = await queryRows(em, `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2 RETURNING followee_id`, [followerId, followeeId]);
        if (removed.length) return { isFollowing: false, changed: true, followersCount: await this.bump(em, followerId, followeeId, -1) };
        const added = await queryRows(
          em,
          `INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING followee_id`,
          [followerId, followeeId],
        );
        if (added.length) return { isFollowing: true, changed: true, followersCount: await this.bump(em, followerId, followeeId, 1) };
        // A concurrent toggle of the same pair inserted the row and committed in between.
        const [row] = await queryRows<{ followers_count: number }>(em, `SELECT followers_count FROM users WHERE id = $1`, [followeeId]);
        return { isFollowing: true, changed: false, followersCount: row.followers_count };
      });
    } catch (error) {
      // The followee was deleted between the check and the insert.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(USER_NOT_FOUND);
      throw error;
    }
  }

  /**
   * PUT (`follow` true) and DELETE (false) of /users/:id/follow: the state asked for, whatever it
   * was, so a retried request cannot undo itself. Counters move only when a row really came in
   * or went away; a repeat answers the current count.
   */
  async set(followerId: string, followeeId: string, follow: boolean): Promise<FollowResult> {
    if (followerId === followeeId) throw new BadRequestException(CANNOT_FOLLOW_SELF);
    try {
      return await this.dataSource.transaction(async (em) => {
        await this.requireActive(em, followeeId);
        const changed = follow
          ? await queryRows(em, `INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING followee_id`, [followerId, followeeId])
          : await queryRows(em, `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2 RETURNING followee_id`, [followerId, followeeId]);
        if (changed.length) return { isFollowing: follow, changed: true, followersCount: await this.bump(em, followerId, followeeId, follow ? 1 : -1) };
        const [row] = await queryRows<{ followers_count: number }>(em, `SELECT followers_count FROM users WHERE id = $1`, [followeeId]);
        return { isFollowing: follow, changed: false, followersCount: row.followers_count };
      });
    } catch (error) {
      // The followee was deleted between the check and the insert.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(USER_NOT_FOUND);
      throw error;
    }
  }

  private async requireActive(em: EntityManager, userId: string): Promise<void> {
    const rows = await queryRows(em, `SELECT 1 FROM users WHERE id = $1 AND is_active`, [userId]);
    if (!rows.length) throw new NotFoundException(USER_NOT_FOUND);
  }

  /**
   * Moves the follower's following_count and the followee's followers_count. The two rows are
   * locked in id order, so A following B while B follows A cannot deadlock.
   */
  private async bump(em: EntityManager, followerId: string, followeeId: string, delta: 1 | -1): Promise<number> {
    const sign = delta > 0 ? '+' : '-';
    let followersCount = 0;
    const updates = [
      { id: followerId, sql: `UPDATE users SET following_count = following_count ${sign} 1 WHERE id = $1 RETURNING followers_count` },
      { id: followeeId, sql: `UPDATE users SET followers_count = followers_count ${sign} 1 WHERE id = $1 RETURNING followers_count` },
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const update of updates) {
      const [row] = await queryRows<{ followers_count: number }>(em, update.sql, [update.id]);
      if (update.id === followeeId) followersCount = row.followers_count;
    }
    return followersCount;
  }
}
