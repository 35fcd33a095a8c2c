import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { poolRows } from '../database/query-rows';
import { notBlockedSql, PER_ROW } from './blocks.sql';

/**
 * Of the posts `$2`, those the member `$1` may not watch: their author blocks the member or is
 * blocked by them (issue 25), or is a protected account the member neither is nor follows
 * (issue 26). Per id: the post by primary key, the two blocks probes, and its author by primary
 * key with a follows probe only for a protected one (`OFFSET 0` keeps each probe per row under
 * the OR, PER_ROW: no hash of the users table).
 */
export const HIDDEN_POSTS_AMONG_SQL = `SELECT p.id::text AS id FROM posts p
   WHERE p.id = ANY($2::uuid[])
     AND (NOT (${notBlockedSql('$1', 'p.author_id', PER_ROW)})
          OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.author_id AND u.protected AND u.id <> $1::uuid
                       AND NOT EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = $1::uuid AND pf.followee_id = u.id) OFFSET 0))`;

/**
 * The same for a guest (`$1`: the posts), who follows nobody: the posts of protected authors. Per
 * id the post and its author by primary key (`OFFSET 0`: never a walk of a protected author's
 * posts, however many they wrote).
 */
export const GUEST_HIDDEN_POSTS_AMONG_SQL = `SELECT p.id::text AS id FROM posts p
   WHERE p.id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.author_id AND u.protected OFFSET 0)`;

/** What a block or unblock did. */
export interface BlockChangeRow {
  /** The target is an active account. */
  visible: boolean;
  /** The block row came in (block) or went away (unblock) with this call. */
  changed: boolean;
  /** The follows the block removed, [follower, followee] pairs. */
  unfollowed: Array<[string, string]>;
}

/** One row of the viewer's `Engellenenler` list. */
export interface BlockListRow {
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
  bio: string;
  /** blocks.created_at with PostgreSQL's microseconds, for the cursor. */
  blockedAt: string;
}

/**
 * A block in one statement (its own transaction): both users' rows locked in id order (the order
 * the follow toggle locks them in, social/follows.repository.ts), the block row, both follows
 * deleted and each deleted follow's two counters moved by exactly one.
 */
const BLOCK_SQL = `WITH target AS (SELECT id FROM users WHERE id = $2::uuid AND is_active),
  locked AS (SELECT u.id FROM users u WHERE u.id IN ($1::uuid, $2::uuid) AND EXISTS (SELECT 1 FROM target) ORDER BY u.id FOR UPDATE),
  added AS (INSERT INTO blocks (blocker_id, blocked_id)
            SELECT $1::uuid, t.id FROM target t WHERE (SELECT count(*) FROM locked) = 2
            ON CONFLICT DO NOTHING RETURNING blocked_id),
  gone AS (DELETE FROM follows f USING target t
            WHERE (SELECT count(*) FROM locked) = 2
              AND ((f.follower_id = $1::uuid AND f.followee_id = t.id) OR (f.follower_id = t.id AND f.followee_id = $1::uuid))
            RETURNING f.follower_id, f.followee_id),
  -- Pending follow requests between the two go too, either way (issue 26).
  unrequested AS (DELETE FROM follow_requests r USING target t
            WHERE (SELECT count(*) FROM locked) = 2
              AND ((r.requester_id = $1::uuid AND r.target_id = t.id) OR (r.requester_id = t.id AND r.target_id = $1::uuid))),
  bumped AS (UPDATE users u
               SET following_count = u.following_count - (SELECT count(*) FROM gone g WHERE g.follower_id = u.id),
                   followers_count = u.followers_count - (SELECT count(*) FROM gone g WHERE g.followee_id = u.id)
             WHERE u.id IN (SELECT follower_id FROM gone UNION SELECT followee_id FROM gone)
             RETURNING u.id)
  SELECT EXISTS (SELECT 1 FROM target) AS visible, EXISTS (SELECT 1 FROM added) AS changed,
         (SELECT coalesce(json_agg(json_build_array(g.follower_id, g.followee_id)), '[]'::json) FROM gone g) AS unfollowed,
         (SELECT count(*) FROM bumped)::int AS bumped`;

/** An unblock; the target need not be active (a block of an account deactivated since can be undone). */
const UNBLOCK_SQL = `WITH target AS (SELECT id FROM users WHERE id = $2::uuid),
  removed AS (DELETE FROM blocks b USING target t WHERE b.blocker_id = $1::uuid AND b.blocked_id = t.id RETURNING b.blocked_id)
  SELECT EXISTS (SELECT 1 FROM target) AS visible, EXISTS (SELECT 1 FROM removed) AS changed, '[]'::json AS unfollowed`;

/** Every SQL statement of blocks (the read filter of other modules' lists is blocks.sql.ts). */
@Injectable()
export class BlocksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async block(blockerId: string, blockedId: string): Promise<BlockChangeRow> {
    const [row] = await poolRows<BlockChangeRow>(this.dataSource, { name: 'blocks_block', text: BLOCK_SQL, values: [blockerId, blockedId] });
    return row;
  }

  async unblock(blockerId: string, blockedId: string): Promise<BlockChangeRow> {
    const [row] = await poolRows<BlockChangeRow>(this.dataSource, { name: 'blocks_unblock', text: UNBLOCK_SQL, values: [blockerId, blockedId] });
    return row;
  }

  /** Whether `blockerId` blocks `blockedId` (a primary-key probe). */
  async isBlocking(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'blocks_is_blocking',
      text: `SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`,
      values: [blockerId, blockedId],
    });
    return rows.length > 0;
  }

  /** Whether either of the two blocks the other (two key probes, blocks.sql.ts). */
  async between(a: string, b: string): Promise<boolean> {
    const [row] = await poolRows<{ blocked: boolean }>(this.dataSource, {
      name: 'blocks_between',
      text: `SELECT NOT (${notBlockedSql('$1', '$2::uuid')}) AS blocked`,
      values: [a, b],
    });
    return row?.blocked ?? false;
  }

  /**
   * Of `others`, those the member blocks or is blocked by (the socket pushes' recipients,
   * notifications' actors): two key probes per id given.
   */
  async blockedAmong(userId: string, others: string[]): Promise<string[]> {
    if (!others.length) return [];
    const rows = await poolRows<{ id: string }>(this.dataSource, {
      name: 'blocks_blocked_among',
      text: `SELECT o.id::text AS id FROM unnest($2::uuid[]) AS o(id) WHERE NOT (${notBlockedSql('$1', 'o.id')})`,
      values: [userId, others],
    });
    return rows.map((r) => r.id);
  }

  /**
   * Of `postIds`, the posts `userId` (null: a guest) may not watch: HIDDEN_POSTS_AMONG_SQL, or
   * GUEST_HIDDEN_POSTS_AMONG_SQL for a guest.
   */
  async hiddenPostsAmong(userId: string | null, postIds: string[]): Promise<string[]> {
    if (!postIds.length) return [];
    const rows = await poolRows<{ id: string }>(
      this.dataSource,
      userId
        ? { name: 'blocks_hidden_posts_among', text: HIDDEN_POSTS_AMONG_SQL, values: [userId, postIds] }
        : { name: 'blocks_guest_hidden_posts_among', text: GUEST_HIDDEN_POSTS_AMONG_SQL, values: [postIds] },
    );
    return rows.map((r) => r.id);
  }

  /** Every account the member blocks or is blocked by (a range of each index). */
  async related(userId: string): Promise<string[]> {
    const [row] = await poolRows<{ ids: string[] }>(this.dataSource, {
      name: 'blocks_related',
      text: `SELECT coalesce(array_agg(DISTINCT x.id::text), '{}') AS ids FROM (
               SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1
               UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = $1) x`,
      values: [userId],
    });
    return row?.ids ?? [];
  }

  /**
   * A page of the accounts the member blocks, newest block first: a keyset page on
   * (blocks.created_at, blocked_id) walking idx_blocks_blocker_created, each account by primary key;
   * deactivated accounts are left out, as in the follow lists.
   */
  listSql(blockerId: string, limit: number, cursor?: Cursor): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    const values: unknown[] = [blockerId];
    let after = '';
    if (cursor) {
      values.push(cursor.createdAt, cursor.id);
      after = `AND (b.created_at, b.blocked_id) < ($2::timestamptz, $3::uuid)`;
    }
    return {
      text: `SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified",
                    u.profile_image AS "profileImage", u.bio,
                    to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "blockedAt"
               FROM blocks b JOIN users u ON u.id = b.blocked_id
              WHERE b.blocker_id = $1::uuid AND u.is_active ${after}
              ORDER BY b.created_at DESC, b.blocked_id DESC
              LIMIT ${limit + 1}`,
      values,
    };
  }

  list(blockerId: string, limit: number, cursor?: Cursor): Promise<BlockListRow[]> {
    const { text, values } = this.listSql(blockerId, limit, cursor);
    return poolRows<BlockListRow>(this.dataSource, { name: `blocks_list_${limit}${cursor ? '_after' : ''}`, text, values });
  }
}
