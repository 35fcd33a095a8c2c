import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { poolRows, queryRows } from '../database/query-rows';
import { replicaRows } from '../database/read-replicas';
import { POST_VIEW_COLUMNS, type PostView, type PostViewRow, toPostView } from '../posts/post-view.sql';
import type { Sql } from '../posts/posts.repository';
import type { DashboardStatistics } from '@gundem/contract';
import type { UserRole } from '../users/roles';
import { User } from '../users/user.entity';
import type { UserChange } from './dto/update-user.dto';

/** The dashboard's counts are the wire's shape; `estimated` is set when a total is the planner's estimate (see tableTotal). */
/** The database's counts; the media totals come from the storage (AdminDashboardService). */
export type DashboardCounts = Omit<DashboardStatistics, 'media'>;

/** A list's total: exact, or an estimate where an exact count would cost a scan. */
export interface Total {
  total: number;
  estimated: boolean;
}

/** Calendar days of the statistics ("posts today") are Turkish days, whatever the server's zone. */
export const DASHBOARD_TIME_ZONE = 'Europe/Istanbul';

/**
 * Totals up to this are exact; above it a whole table's total is the planner's estimate
 * (pg_class, scaled to the table's current size) and a filtered total is the planner's estimate
 * of the filter. Counting 20,000 rows costs a few milliseconds; counting 1M costs a scan per
 * request, and "1.000.000 or 1.000.412" is the same answer to someone reading a back-office list.
 */
export const EXACT_COUNT_LIMIT = 20_000;
/** Filtered totals are counted exactly up to this (a capped subquery), then estimated. */
export const EXACT_FILTERED_LIMIT = 1_000;

/**
 * Today's posts are counted exactly up to this and estimated above: a busy day at a million posts
 * is tens of thousands of index entries to count on every dashboard view (12 ms, most of the
 * dashboard's cost under load).
 */
export const EXACT_TODAY_LIMIT = 2_000;
/** Midnight in Türkiye as a timestamptz; `$1` is DASHBOARD_TIME_ZONE. */
const TODAY_START = `date_trunc('day', now() AT TIME ZONE $1::text) AT TIME ZONE $1::text`;

/**
 * A users search first looks at the newest this many accounts: a common term fills its page
 * there after a few hundred rows, and the share of matches in the window estimates its total
 * without counting (a term like `seed_0` has no trigram of its own to narrow the index, so the
 * index offered every account for a recheck: 380 ms at 100k users). A term that does not fill
 * the page there is rare, and the trigram index answers it.
 */
export const USER_SEARCH_WINDOW = 2_000;

/** For the dashboard's newest rows, which show no total. */
const NO_TOTAL: Total = { total: 0, estimated: false };

/** The searched text of an account (user_search_text(), stored by migration 1764200000000), indexed by idx_users_search_trgm. */
const USER_SEARCH_TEXT = 'u.search_text';

/** An account's row as the back-office's change reads it under its lock (the audit entry's "before" too). */
export interface LockedUser {
  id: string;
  username: string;
  role: UserRole;
  is_active: boolean;
  is_verified: boolean;
  /** `pending` or `rejected` for a registration under approval (null otherwise). */
  approval: 'pending' | 'rejected' | null;
  /** Inactive because of a standing suspension: only its undo makes it active again. */
  suspended: boolean;
}

/** The column of each field staff may change; only these constants are ever put into SQL text. */
const USER_CHANGE_COLUMNS: Record<UserChange['field'], string> = { isActive: 'is_active', isVerified: 'is_verified', role: 'role' };

/** Hand-tuned reads and writes of the back-office (page/offset lists, statistics, moderation). */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A read of the admin lists and dashboard: a second late is fine for staff, so it may go to a
   * read replica (database/read-replicas.ts), unless the staff member has just acted.
   */
  private read<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return replicaRows<T>(this.dataSource, { text, values: params }, 'any');
  }

  /**
   * No count scans a table: the small sets (verified, inactive, admins) are index-only counts
   * over partial indexes, today's posts a range of idx_posts_created, and the two big totals
   * tableTotal(). users.active = total − inactive, so it is an estimate when the total is.
   */
  async dashboardCounts(): Promise<DashboardCounts> {
    const counts = this.dashboardCountsSql();
    const [[row], users, posts] = await Promise.all([
      this.read<Record<string, number>>(counts.text, counts.params),
      this.tableTotal('users'),
      this.tableTotal('posts'),
    ]);
    const today = row.posts_today <= EXACT_TODAY_LIMIT ? { total: row.posts_today, estimated: false } : await this.todayEstimate(row.posts_today);
    return {
      users: { total: users.total, verified: row.users_verified, active: Math.max(0, users.total - row.users_inactive), admins: row.users_admins },
      posts: { total: posts.total, today: today.total },
      estimated: users.estimated || posts.estimated || today.estimated,
    };
  }

  /** Above EXACT_TODAY_LIMIT, today's posts are the planner's estimate of the range (its histogram of created_at). */
  private async todayEstimate(atLeast: number): Promise<Total> {
    const [plan] = await this.read<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM posts WHERE created_at >= ${TODAY_START}`,
      [DASHBOARD_TIME_ZONE],
    );
    return { total: Math.max(atLeast, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
  }

  dashboardCountsSql(): Sql {
    return {
      text: `SELECT
         (SELECT count(*) FROM users WHERE is_verified)::int AS users_verified,
         (SELECT count(*) FROM users WHERE NOT is_active)::int AS users_inactive,
         (SELECT count(*) FROM users WHERE role = 'admin')::int AS users_admins,
         (SELECT count(*) FROM (SELECT 1 FROM posts WHERE created_at >= ${TODAY_START}
           LIMIT ${EXACT_TODAY_LIMIT + 1}) capped)::int AS posts_today`,
      params: [DASHBOARD_TIME_ZONE],
    };
  }

  /**
   * Rows of a whole table: the planner's row estimate scaled to the table's current size (as
   * the planner itself does), or an exact count when that is at most EXACT_COUNT_LIMIT or the
   * table was never analysed.
   */
  async tableTotal(table: 'users' | 'posts'): Promise<Total> {
    const [row] = await this.read<{ estimate: number | null }>(`SELECT CASE WHEN c.relpages > 0 AND c.reltuples >= 0
                   THEN c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int)
              END::float8 AS estimate
         FROM pg_class c WHERE c.oid = $1::regclass`,
      [table],
    );
    if (row?.estimate != null && row.estimate > EXACT_COUNT_LIMIT) return { total: Math.round(row.estimate), estimated: true };
    const [count] = await this.read<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
    return { total: count.total, estimated: false };
  }

  /**
   * The total of a filtered list: an exact count capped at EXACT_FILTERED_LIMIT + 1 rows (it
   * stops there), and above the cap the planner's estimate of the filter (EXPLAIN, no execution).
   */
  private async filteredTotal(from: string, order: string | null, params: unknown[]): Promise<Total> {
    // Ordered like the list (when `order` is given): a wide match stops after the cap on the
    // (created_at, id) index walk, a narrow one is found by the trigram index; neither reads the
    // whole table. Unordered, the index's rows are counted until the cap.
    const [count] = await this.read<{ total: number }>(`SELECT count(*)::int AS total FROM (SELECT 1 ${from}${order ? ` ORDER BY ${order}` : ''} LIMIT ${EXACT_FILTERED_LIMIT + 1}) capped`,
      params,
    );
    if (count.total <= EXACT_FILTERED_LIMIT) return { total: count.total, estimated: false };
    const [plan] = await this.read<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`, params);
    return { total: Math.max(count.total, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
  }

  /** `FROM … WHERE …` of the users list; $1/$2 are the patterns when searching. */
  private userFrom(patterns: { turkish: string; plain: string } | null): { from: string; params: unknown[] } {
    if (!patterns) return { from: 'FROM users u', params: [] };
    return { from: `FROM users u WHERE ${USER_SEARCH_TEXT} LIKE $1 OR ${USER_SEARCH_TEXT} LIKE $2`, params: [patterns.turkish, patterns.plain] };
  }

  userPageSql(patterns: { turkish: string; plain: string } | null, limit: number, offset: number): Sql {
    const { from, params } = this.userFrom(patterns);
    return {
      text: `SELECT u.id ${from} ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      params: [...params, limit, offset],
    };
  }

  /**
   * Ids of a page of users, newest first, and the total matching. `patterns` are LIKE patterns
   * (likePattern): the Turkish-lowered one and the plainly lowered one, each matched against
   * user_search_text (which holds both lowered forms), so `ismail` finds `İsmail` and `isik`
   * finds `ISIK`; the trigram index idx_users_search_trgm serves both.
   */
  async userPage(patterns: { turkish: string; plain: string } | null, limit: number, offset: number, withTotal = true): Promise<{ ids: string[]; total: Total }> {
    if (patterns) {
      const window = await this.userSearchWindow(patterns, limit, offset);
      if (window) return window;
    }
    const sql = this.userPageSql(patterns, limit, offset);
    const { from, params } = this.userFrom(patterns);
    const [ids, total] = await Promise.all([
      this.read<{ id: string }>(sql.text, sql.params),
      // A search here is rare (see userSearchWindow): the trigram index finds its few rows, with
      // no ordering to walk the whole created_at index for.
      !withTotal ? NO_TOTAL : patterns ? this.filteredTotal(from, null, params) : this.tableTotal('users'),
    ]);
    return { ids: ids.map((r) => r.id), total };
  }

  userSearchWindowSql(patterns: { turkish: string; plain: string }, limit: number, offset: number): Sql {
    return {
      text: `SELECT count(*) FILTER (WHERE hit)::int AS hits, count(*)::int AS scanned,
                    (array_agg(id ORDER BY created_at DESC, id DESC) FILTER (WHERE hit))[$3::int + 1 : $3::int + $4::int] AS ids
               FROM (SELECT u.id, u.created_at, (${USER_SEARCH_TEXT} LIKE $1 OR ${USER_SEARCH_TEXT} LIKE $2) AS hit
                       FROM users u ORDER BY u.created_at DESC, u.id DESC LIMIT ${USER_SEARCH_WINDOW}) newest`,
      params: [patterns.turkish, patterns.plain, offset, limit],
    };
  }

  /**
   * The page from the newest USER_SEARCH_WINDOW accounts (one walk of idx_users_created_at), or
   * null when the page does not fill there (a rare term: the index answers it). The total is
   * exact when the window held every account, else the window's share of matches applied to
   * the table's total, marked estimated.
   */
  private async userSearchWindow(patterns: { turkish: string; plain: string }, limit: number, offset: number): Promise<{ ids: string[]; total: Total } | null> {
    const sql = this.userSearchWindowSql(patterns, limit, offset);
    const [row] = await this.read<{ hits: number; scanned: number; ids: string[] | null }>(sql.text, sql.params);
    const ids = row.ids ?? [];
    if (row.scanned < USER_SEARCH_WINDOW) return { ids, total: { total: row.hits, estimated: false } };
    if (row.hits < offset + limit) return null;
    const users = await this.tableTotal('users');
    return { ids, total: { total: Math.max(row.hits, Math.round((row.hits / row.scanned) * users.total)), estimated: true } };
  }

  postPageSql(viewerId: string, pattern: string | null, limit: number, offset: number): Sql {
    const where = pattern ? 'WHERE p.search_text LIKE $2' : '';
    const filter = pattern ? [pattern] : [];
    // PostsRepository's columns without its "active authors only" filter: staff see and
    // moderate every post. $1 is the staff member, for the liked/reposted flags.
    return {
      text: `SELECT ${POST_VIEW_COLUMNS} FROM posts p JOIN users u ON u.id = p.author_id ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT $${filter.length + 2} OFFSET $${filter.length + 3}`,
      params: [viewerId, ...filter, limit, offset],
    };
  }

  /** A page of posts of any author, newest first, and the total; `pattern` searches search_text (trigram index). */
  async postPage(viewerId: string, pattern: string | null, limit: number, offset: number, withTotal = true): Promise<{ posts: PostView[]; total: Total }> {
    const sql = this.postPageSql(viewerId, pattern, limit, offset);
    const [rows, total] = await Promise.all([
      this.read<PostViewRow>(sql.text, sql.params),
      !withTotal ? NO_TOTAL : pattern ? this.filteredTotal('FROM posts p WHERE p.search_text LIKE $1', 'p.created_at DESC, p.id DESC', [pattern]) : this.tableTotal('posts'),
    ]);
    return { posts: rows.map(toPostView), total };
  }

  /**
   * Sets posts.sensitive of any post (staff) and reads the post back as `viewerId` sees it, in one
   * statement; null when there is no such post. The SELECT reads the snapshot from before the
   * UPDATE (a data-modifying CTE's change is not visible to its own statement), so `sensitive` is
   * the value just written, not the column read, and `media` is the UPDATE's own: an alt text's
   * change that committed while this UPDATE waited for the row is in it, though not in the
   * snapshot. `authorActive`: whether anybody but staff can see the post.
   */
  async setSensitive(em: EntityManager, viewerId: string, postId: string, sensitive: boolean): Promise<{ view: PostView; authorActive: boolean } | null> {
    const [row] = await queryRows<PostViewRow & { changed_media: PostViewRow['media']; author_is_active: boolean }>(
      em,
      `WITH changed AS (UPDATE posts SET sensitive = $3 WHERE id = $2::uuid RETURNING id, media)
       SELECT ${POST_VIEW_COLUMNS}, c.media AS changed_media, u.is_active AS author_is_active
         FROM changed c JOIN posts p ON p.id = c.id JOIN users u ON u.id = p.author_id`,
      [viewerId, postId, sensitive],
    );
    return row ? { view: { ...toPostView(row), media: row.changed_media, sensitive }, authorActive: row.author_is_active } : null;
  }

  /**
   * The post's mark and text before a change of the mark (the audit entry's "before" and label),
   * its row locked so the value read is the one the UPDATE replaces; null when there is no such post.
   */
  async lockPostForSensitive(em: EntityManager, postId: string): Promise<{ sensitive: boolean; content: string } | null> {
    const [row] = await queryRows<{ sensitive: boolean; content: string }>(em, `SELECT sensitive, content FROM posts WHERE id = $1 FOR NO KEY UPDATE`, [postId]);
    return row ?? null;
  }

  /** The accounts' rows, locked in id order (two staff changing each other cannot deadlock); missing ids are absent. */
  lockUsers(em: EntityManager, ids: string[]): Promise<LockedUser[]> {
    return queryRows(em, `SELECT id, username, role, is_active, is_verified, approval, suspended FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [[...new Set(ids)]]);
  }

  /** One field of an account; `endsSessions` also bumps its session version (its tokens stop working). */
  async applyUserChange(em: EntityManager, userId: string, change: UserChange, endsSessions: boolean): Promise<void> {
    await queryRows(
      em,
      `UPDATE users SET ${USER_CHANGE_COLUMNS[change.field]} = $2, updated_at = now()${endsSessions ? ', session_version = session_version + 1' : ''} WHERE id = $1`,
      [userId, change.value],
    );
  }

  /** Accounts by id (entities, private fields included), in no particular order. */
  usersByIds(ids: string[]): Promise<User[]> {
    return this.dataSource.getRepository(User).findBy({ id: In(ids) });
  }

  /**
   * Accounts waiting for approval, newest first, after `cursor`: a walk of idx_users_pending (which
   * holds only them), `limit` entries whatever the table's size.
   */
  pendingPage(cursor: Cursor | undefined, limit: number): Promise<{ id: string; created_at: string }[]> {
    const params: unknown[] = [];
    let after = '';
    if (cursor) {
      params.push(cursor.createdAt, cursor.id);
      after = 'AND (u.created_at, u.id) < ($1::timestamptz, $2::uuid)';
    }
    params.push(limit);
    return poolRows(this.dataSource, {
      text: `SELECT u.id, to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
               FROM users u WHERE u.approval = 'pending' ${after}
              ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.length}`,
      values: params,
    });
  }

  /**
   * Decides a waiting account on `em`'s transaction: approved (active, approval cleared) or rejected
   * (stays inactive). Null when the account is not waiting (unknown, or decided already).
   */
  async decideRegistration(
    em: EntityManager,
    userId: string,
    approve: boolean,
  ): Promise<{ id: string; username: string; email: string; display_name: string; role: UserRole; language: string | null } | null> {
    const [row] = await queryRows<{ id: string; username: string; email: string; display_name: string; role: UserRole; language: string | null }>(
      em,
      `UPDATE users SET approval = ${approve ? 'NULL, is_active = true' : "'rejected'"}, updated_at = now()
        WHERE id = $1 AND approval = 'pending'
        RETURNING id, username, email, display_name, role, preferences #>> '{display,language}' AS language`,
      [userId],
    );
    return row ?? null;
  }

  /** The post as its author's removal notice keeps it (read first in the deletion's transaction, which locks it next). */
  async postForRemoval(em: EntityManager, id: string): Promise<{ id: string; authorId: string; content: string; createdAt: string } | null> {
    const [row] = await queryRows<{ id: string; author_id: string; content: string; created_at: Date }>(
      em,
      `SELECT id, author_id, content, created_at FROM posts WHERE id = $1`,
      [id],
    );
    return row ? { id: row.id, authorId: row.author_id, content: row.content, createdAt: new Date(row.created_at).toISOString() } : null;
  }
}
