import { FOLLOW_REQUESTS_COUNT_MAX } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { poolRows, type Queryable, queryRows, rowsOn } from '../database/query-rows';

/** One pending request as the protected member's list shows it. */
export interface FollowRequestRow {
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
  bio: string;
  /** follow_requests.created_at with PostgreSQL's microseconds, for the cursor. */
  requestedAt: string;
}

/** Where a requester stands with an account: what a follow of it must do. */
export interface FollowRequestState {
  /** The account exists and is active. */
  active: boolean;
  protected: boolean;
  following: boolean;
  requested: boolean;
  followersCount: number;
}

/** What a request or an approval did. */
export interface RequestChange {
  /** The account is (still) protected: false means the request was not made and a plain follow applies. */
  protected: boolean;
  added: boolean;
}

/** The followers an approval added, and the member's followers_count after it. */
export interface Approved {
  followers: string[];
  followersCount: number;
}

const MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * Approves `requesters` of the member `$1` (every pending one when NULL) in one statement: the
 * requests go (DELETE … RETURNING), each active requester's follow comes in (ON CONFLICT: one that
 * already follows adds nothing), the requesters' following_count and the member's followers_count
 * move by exactly the follows added. The requesters' rows are updated in id order; run inside the
 * transaction that locked the member's row first (setProtected, approve).
 */
const APPROVE_SQL = `WITH req AS (
      DELETE FROM follow_requests WHERE target_id = $1 AND ($2::uuid[] IS NULL OR requester_id = ANY($2::uuid[]))
      RETURNING requester_id),
    ins AS (
      INSERT INTO follows (follower_id, followee_id)
      SELECT req.requester_id, $1 FROM req JOIN users r ON r.id = req.requester_id AND r.is_active
      ORDER BY req.requester_id
      ON CONFLICT DO NOTHING RETURNING follower_id),
    followers AS (
      UPDATE users u SET following_count = u.following_count + 1 FROM ins WHERE u.id = ins.follower_id RETURNING u.id),
    member AS (
      UPDATE users u SET followers_count = u.followers_count + (SELECT count(*) FROM ins)
       WHERE u.id = $1 RETURNING u.followers_count)
    SELECT (SELECT count(*) FROM req)::int AS found,
           coalesce((SELECT array_agg(id::text) FROM followers), '{}') AS followers,
           (SELECT followers_count FROM member) AS followers_count`;

/** Every statement of follow requests (table follow_requests, migration 1764900000001). */
@Injectable()
export class FollowRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The requester's standing with the account, in one snapshot (null: no such account). */
  async state(requesterId: string, targetId: string): Promise<FollowRequestState | null> {
    const [row] = await poolRows<FollowRequestState>(this.dataSource, {
      name: 'follow_requests_state',
      text: `SELECT u.is_active AS active, u.protected, u.followers_count AS "followersCount",
                    EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = u.id) AS following,
                    EXISTS (SELECT 1 FROM follow_requests WHERE target_id = u.id AND requester_id = $1) AS requested
               FROM users u WHERE u.id = $2`,
      values: [requesterId, targetId],
    });
    return row ?? null;
  }

  /**
   * Asks to follow `targetId`: a request row, only while the account is active and protected
   * (its row read FOR SHARE, so turning protection off, which updates that row, waits for this
   * statement or runs first and makes it insert nothing) and the requester does not follow it.
   */
  async request(requesterId: string, targetId: string): Promise<RequestChange> {
    const [row] = await poolRows<RequestChange>(this.dataSource, {
      name: 'follow_requests_request',
      text: `WITH target AS (SELECT id FROM users WHERE id = $2 AND is_active AND protected FOR SHARE),
                  added AS (INSERT INTO follow_requests (requester_id, target_id)
                            SELECT $1, t.id FROM target t
                             WHERE NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followee_id = t.id)
                            ON CONFLICT DO NOTHING RETURNING 1)
             SELECT EXISTS (SELECT 1 FROM target) AS protected, EXISTS (SELECT 1 FROM added) AS added`,
      values: [requesterId, targetId],
    });
    return row;
  }

  /** Withdraws the requester's pending request (an unfollow or a cancel); whether one was there. */
  async withdraw(requesterId: string, targetId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'follow_requests_withdraw',
      text: `DELETE FROM follow_requests WHERE target_id = $2 AND requester_id = $1 RETURNING 1`,
      values: [requesterId, targetId],
    });
    return rows.length > 0;
  }

  /** Declines one request of the member's; whether it was there. */
  decline(targetId: string, requesterId: string): Promise<boolean> {
    return this.withdraw(requesterId, targetId);
  }

  /**
   * A page of the member's pending requests, newest first: a keyset page on (created_at DESC,
   * requester_id ASC), the order of idx_follow_requests_target_created, which the page walks from
   * the cursor (no sort), each requester by primary key;
   * deactivated requesters are left out (their request stays, and shows again if they come back).
   */
  listSql(targetId: string, limit: number, cursor?: Cursor): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    const values: unknown[] = [targetId];
    let after = '';
    if (cursor) {
      values.push(cursor.createdAt, cursor.id);
      after = `AND (r.created_at < $2::timestamptz OR (r.created_at = $2::timestamptz AND r.requester_id > $3::uuid))`;
    }
    return {
      text: `SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified",
                    u.profile_image AS "profileImage", u.bio,
                    to_char(r.created_at AT TIME ZONE 'UTC', ${MICROS}) AS "requestedAt"
               FROM follow_requests r JOIN users u ON u.id = r.requester_id
              WHERE r.target_id = $1::uuid AND u.is_active ${after}
              ORDER BY r.created_at DESC, r.requester_id
              LIMIT ${limit + 1}`,
      values,
    };
  }

  list(targetId: string, limit: number, cursor?: Cursor): Promise<FollowRequestRow[]> {
    const { text, values } = this.listSql(targetId, limit, cursor);
    return poolRows<FollowRequestRow>(this.dataSource, { name: `follow_requests_list_${limit}${cursor ? '_after' : ''}`, text, values });
  }

  /** The member's pending requests of active accounts, counted up to FOLLOW_REQUESTS_COUNT_MAX (a range of the primary key). */
  async count(targetId: string): Promise<number> {
    const [row] = await poolRows<{ n: number }>(this.dataSource, {
      name: 'follow_requests_count',
      text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM follow_requests r JOIN users u ON u.id = r.requester_id
               WHERE r.target_id = $1 AND u.is_active LIMIT ${FOLLOW_REQUESTS_COUNT_MAX}) x`,
      values: [targetId],
    });
    return row?.n ?? 0;
  }

  /**
   * Sets users.protected, locking the member's row (every follow request and approval of theirs
   * waits for it); false when there is no such active account.
   */
  /**
   * `setProtected` and, when turned off, `approve` of every pending request, on `db`: a client
   * inside a transaction of the caller's (the settings' save, preferences/), which commits them
   * with its own writes. Answers the approved followers, or null when no active account matched.
   */
  async setProtectedOn(db: Queryable, userId: string, on: boolean): Promise<string[] | null> {
    const rows = await rowsOn(db, { text: `UPDATE users SET protected = $2 WHERE id = $1 AND is_active RETURNING id`, values: [userId, on] });
    if (rows.length === 0) return null;
    if (on) return [];
    const [row] = await rowsOn<{ followers: string[] }>(db, { text: APPROVE_SQL, values: [userId, null] });
    return row.followers;
  }

  async setProtected(em: EntityManager, userId: string, on: boolean): Promise<boolean> {
    const rows = await queryRows(em, `UPDATE users SET protected = $2 WHERE id = $1 AND is_active RETURNING id`, [userId, on]);
    return rows.length > 0;
  }

  /** Locks the member's row (FOR NO KEY UPDATE: the approval updates its followers_count); false when it is not an active account. */
  async lockMember(em: EntityManager, userId: string): Promise<boolean> {
    const rows = await queryRows(em, `SELECT id FROM users WHERE id = $1 AND is_active FOR NO KEY UPDATE`, [userId]);
    return rows.length > 0;
  }

  /** APPROVE_SQL on the transaction: `requesters` null approves every pending request; `found`: how many requests went. */
  async approve(em: EntityManager, targetId: string, requesters: string[] | null): Promise<Approved & { found: number }> {
    const [row] = await queryRows<{ found: number; followers: string[]; followers_count: number }>(em, APPROVE_SQL, [targetId, requesters]);
    return { found: row.found, followers: row.followers, followersCount: row.followers_count };
  }

  /**
   * Of `ids`, the protected accounts, each with its followers (RealtimeEvents.useProtected: who
   * gets its posts pushed). A primary-key probe per account; the followers are read
   * (idx_follows_followee_created) only for a protected one.
   */
  async protectedAudiences(ids: string[]): Promise<Map<string, string[]>> {
    const rows = await poolRows<{ id: string; followers: string[] }>(this.dataSource, {
      name: 'follow_requests_protected_audiences',
      text: `SELECT u.id::text AS id, ARRAY(SELECT f.follower_id::text FROM follows f WHERE f.followee_id = u.id) AS followers
               FROM users u WHERE u.id = ANY($1::uuid[]) AND u.protected`,
      values: [ids],
    });
    return new Map(rows.map((r) => [r.id, r.followers]));
  }

  /**
   * Of the members `viewers` (connections watching a post of `authorId`'s), those who may no longer
   * watch it now that the account is protected: neither the account itself nor its followers (a
   * follows primary-key probe each).
   */
  async notFollowersAmong(authorId: string, viewers: string[]): Promise<string[]> {
    if (!viewers.length) return [];
    const rows = await poolRows<{ id: string }>(this.dataSource, {
      name: 'blocks_not_followers_among',
      text: `SELECT v.id::text AS id FROM unnest($2::uuid[]) AS v(id)
              WHERE v.id <> $1::uuid AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = v.id AND f.followee_id = $1::uuid)`,
      values: [authorId, viewers],
    });
    return rows.map((r) => r.id);
  }

  /** Of `postIds`, those written by `authorId` (a primary-key probe each). */
  async postsOf(authorId: string, postIds: string[]): Promise<string[]> {
    if (!postIds.length) return [];
    const rows = await poolRows<{ id: string }>(this.dataSource, {
      name: 'blocks_posts_of',
      text: `SELECT id::text AS id FROM posts WHERE id = ANY($2::uuid[]) AND author_id = $1::uuid`,
      values: [authorId, postIds],
    });
    return rows.map((r) => r.id);
  }

  /** Whether the account is protected now (a primary-key read). */
  async isProtected(userId: string): Promise<boolean> {
    const [row] = await poolRows<{ protected: boolean }>(this.dataSource, { name: 'follow_requests_is_protected', text: `SELECT protected FROM users WHERE id = $1`, values: [userId] });
    return row?.protected ?? false;
  }

  /** The username of an account (for the approval's push). */
  async username(userId: string): Promise<string | null> {
    const [row] = await poolRows<{ username: string }>(this.dataSource, { name: 'follow_requests_username', text: `SELECT username FROM users WHERE id = $1`, values: [userId] });
    return row?.username ?? null;
  }
}
