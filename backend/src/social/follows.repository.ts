import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { poolRows } from '../database/query-rows';
import { replicaRows } from '../database/read-replicas';
import { notBlockedSql } from './blocks.sql';
import { type ToggleMode, type ToggleRow, type ToggleSpec, toggleStatements } from '../database/toggle';

/** The followee's counter after a change. */
export interface FollowCountsRow {
  followers_count: number;
}

/**
 * Both users' counters move in one statement, the two rows locked in id order (`least` first,
 * and the second UPDATE waits for the first's row: it reads `first_bump`), so A following B
 * while B follows A cannot deadlock.
 */
function bumpUsers(delta: string, changed: string): string[] {
  const set = `followers_count = u.followers_count + CASE WHEN u.id = t.id THEN 0${delta} ELSE 0 END,
        following_count = u.following_count + CASE WHEN u.id = $1::uuid THEN 0${delta} ELSE 0 END`;
  return [
    `first_bump AS (
      UPDATE users u SET ${set}
      FROM target t
      WHERE u.id = least($1::uuid, t.id) AND ${changed}
      RETURNING u.id, u.followers_count
    )`,
    `second_bump AS (
      UPDATE users u SET ${set}
      FROM target t
      WHERE u.id = greatest($1::uuid, t.id) AND EXISTS (SELECT 1 FROM first_bump)
      RETURNING u.id, u.followers_count
    )`,
  ];
}

const FOLLOW_COUNTS = `(SELECT json_build_object('followers_count', b.followers_count)
              FROM (SELECT * FROM first_bump UNION ALL SELECT * FROM second_bump) b WHERE b.id = $2::uuid)`;

/**
 * A follow is the toggle idiom of database/toggle.ts: the target is an active user. An unfollow
 * (`unset`) reads it plainly. A follow (`set`, `toggle`) first locks both users' rows in id order
 * (FOR NO KEY UPDATE, the lock the counters' UPDATEs take anyway, so concurrent follows keep one
 * lock order and cannot deadlock one another) and inserts only while the target is not protected
 * (issue 26): turning protection on (preferences/, FollowRequestsService: an UPDATE of that row)
 * either commits first, and then this statement reads the new row and adds nothing (the caller
 * makes it a request), or waits until this follow committed. So no direct follow is ever created
 * after protection committed.
 */
const FOLLOW_SQL: Record<ToggleMode, string> = {
  ...toggleStatements({
    target: `SELECT l.id, l.protected FROM (
               SELECT id, is_active, protected FROM users WHERE id IN ($1::uuid, $2::uuid) ORDER BY id FOR NO KEY UPDATE) l
              WHERE l.id = $2::uuid AND l.is_active`,
    table: 'follows',
    actorColumn: 'follower_id',
    targetColumn: 'followee_id',
    bump: bumpUsers,
    counts: FOLLOW_COUNTS,
    addable: 'NOT t.protected',
  } satisfies ToggleSpec),
  unset: toggleStatements({
    target: `SELECT id FROM users WHERE id = $2::uuid AND is_active`,
    table: 'follows',
    actorColumn: 'follower_id',
    targetColumn: 'followee_id',
    bump: bumpUsers,
    counts: FOLLOW_COUNTS,
  } satisfies ToggleSpec).unset,
};

/** Which side of a member's follows a list shows. */
export type FollowListKind = 'followers' | 'following';

/** One row of a follow list: the other account, whether the viewer follows it, and the page position. */
export interface FollowListRow {
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
  bio: string;
  isFollowing: boolean;
  /** The account is protected (issue 26): the lock beside its name. */
  protected: boolean;
  /** The viewer's follow request to it is pending (a primary-key probe of follow_requests, only for a protected account). */
  followRequested: boolean;
  /** follows.created_at with PostgreSQL's microseconds, for the cursor. */
  followedAt: string;
}

/** The member's column, the other account's, and the index that pages them newest first. */
const FOLLOW_LIST_SIDES: Record<FollowListKind, { member: string; other: string }> = {
  // idx_follows_followee_created
  followers: { member: 'followee_id', other: 'follower_id' },
  // idx_follows_follower_created
  following: { member: 'follower_id', other: 'followee_id' },
};

/** Every SQL statement of the follow graph. */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'follows_is_following',
      text: `SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2`,
      values: [followerId, followeeId],
    });
    return rows.length > 0;
  }

  /**
   * The active accounts `followerId` follows: a range of the primary key (follower_id, …) and a
   * hashed anti-join with the few deactivated accounts (idx_users_inactive), so 1,000 follows
   * cost no 1,000 probes of users.
   */
  async followedActiveIds(followerId: string): Promise<string[]> {
    const [row] = await poolRows<{ ids: string[] }>(this.dataSource, {
      name: 'follows_followed_active_ids',
      text: `SELECT coalesce(array_agg(f.followee_id::text), '{}') AS ids FROM follows f
              WHERE f.follower_id = $1 AND f.followee_id NOT IN (SELECT id FROM users WHERE NOT is_active)`,
      values: [followerId],
    });
    return row?.ids ?? [];
  }

  /**
   * A page of a member's followers or followed accounts, newest follow first: a keyset page on
   * (follows.created_at, other id) walking the side's index (migration 1764760000000), each
   * account by primary key; deactivated accounts are left out. `isFollowing` is the viewer's
   * (a primary-key probe; false for a guest and for the viewer's own row), `followRequested` too
   * (follow_requests' primary key, probed only for a protected account).
   */
  followListSql(kind: FollowListKind, memberId: string, viewerId: string | null, limit: number, cursor?: Cursor): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    const { member, other } = FOLLOW_LIST_SIDES[kind];
    const values: unknown[] = [memberId, viewerId];
    let after = '';
    if (cursor) {
      values.push(cursor.createdAt, cursor.id);
      after = `AND (f.created_at, f.${other}) < ($3::timestamptz, $4::uuid)`;
    }
    return {
      text: `SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified",
                    u.profile_image AS "profileImage", u.bio,
                    ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $2::uuid AND v.followee_id = u.id)) AS "isFollowing",
                    u.protected, ($2::uuid IS NOT NULL AND u.protected AND EXISTS (SELECT 1 FROM follow_requests fr WHERE fr.target_id = u.id AND fr.requester_id = $2::uuid)) AS "followRequested",
                    to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "followedAt"
               FROM follows f JOIN users u ON u.id = f.${other}
              WHERE f.${member} = $1::uuid AND u.is_active AND ${notBlockedSql('$2', 'u.id')} ${after}
              ORDER BY f.created_at DESC, f.${other} DESC
              LIMIT ${limit + 1}`,
      values,
    };
  }

  /** Up to limit + 1 rows (toPage tells whether more follow). */
  followList(kind: FollowListKind, memberId: string, viewerId: string | null, limit: number, cursor?: Cursor): Promise<FollowListRow[]> {
    const { text, values } = this.followListSql(kind, memberId, viewerId, limit, cursor);
    // A guest's reading of the lists may come from a read replica (database/read-replicas.ts).
    return replicaRows<FollowListRow>(this.dataSource, { name: `follows_list_${kind}_${limit}${cursor ? '_after' : ''}`, text, values }, 'guest');
  }

  async isActiveUser(userId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, { name: 'follows_active_user', text: `SELECT 1 FROM users WHERE id = $1 AND is_active`, values: [userId] });
    return rows.length > 0;
  }

  /** One statement (its own transaction): the follow row and both users' counters. */
  async change(mode: ToggleMode, followerId: string, followeeId: string): Promise<ToggleRow<FollowCountsRow>> {
    const [row] = await poolRows<ToggleRow<FollowCountsRow>>(this.dataSource, { name: `follows_${mode}`, text: FOLLOW_SQL[mode], values: [followerId, followeeId] });
    return row;
  }

  /** The followee's count and whether the pair follows, as committed now (one fresh snapshot). */
  async state(followerId: string, followeeId: string): Promise<(FollowCountsRow & { active: boolean }) | null> {
    const [row] = await poolRows<FollowCountsRow & { active: boolean }>(this.dataSource, {
      name: 'follows_state',
      text: `SELECT followers_count, EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2) AS active
               FROM users WHERE id = $2`,
      values: [followerId, followeeId],
    });
    return row ?? null;
  }
}
