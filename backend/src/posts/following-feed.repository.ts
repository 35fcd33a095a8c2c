import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { queryRows } from '../database/query-rows';
import { notBlockedSql } from '../social/blocks.sql';
import { notProtectedSql } from '../social/protected.sql';
import { hiddenForViewerSql, notMatchingSql, notMutedSql } from '../social/mutes.sql';
import { NO_FILTER, type ViewerFilter } from '../social/mutes.service';
import { POST_VIEW_COLUMNS, type PostView, type PostViewRow, toPostView } from './post-view.sql';
import type { PageRequest, Sql } from './posts.repository';

/**
 * A member who follows more accounts than this (themself counted) is served by walking the
 * newest posts and reposts of everyone and keeping those of their accounts; up to this many, by
 * reading each account's newest ones (an index descent per account, so the cost grows with the
 * count). At 100,000 members a member following 50 accounts owns about 1 post in 2,000: a walk
 * would read far more rows than 50 descents do.
 */
export const PER_ACCOUNT_MAX = 50;

/**
 * Rows of everyone's newest posts (and, separately, reposts) one page of the walk reads.
 * Following 1,000 of 100,000 members (1% of the posts), 4,000 rows hold about 40 of theirs, a
 * page of 20 all but always; a page that is not found within the window is read per account.
 */
export const FOLLOWING_WINDOW = 4_000;

/** A feed item: the post, and for a repost item who reposted it and when. */
export interface FollowingItem {
  post: PostView;
  repostedBy: { id: string; username: string; displayName: string; isVerified: boolean } | null;
  /** The item's place in the feed: the post's time, or the repost's. */
  cursor: Cursor;
}

export interface FollowingRow extends PostViewRow {
  reposter_id: string | null;
  reposter_username: string | null;
  reposter_display_name: string | null;
  reposter_is_verified: boolean | null;
  event_at: string;
  /** The walk's matches (the on-request statements only). */
  posts_found?: number;
  reposts_found?: number;
}

type Strategy = 'walk' | 'per-account';

/** For FollowingFeedRepository.page: no mute, word or block is applied (the kept feed's build). */
export const KEEP_BLOCKED = 'keep-blocked' as const;

/**
 * The `Takip edilenler` feed: posts by `accounts` (the viewer and the active accounts they
 * follow) and their reposts, newest first by post or repost time, each post at most once, at
 * its newest event (docs/wire-contract.md#takip-edilenler-akışı):
 *
 * - a post one of the accounts reposted is listed at the newest such repost, with its reposter,
 *   not at its own time;
 * - otherwise a post by one of the accounts is listed at its own time.
 *
 * Both rules hold whatever the page, so keyset pages on (event time, post id) have no
 * duplicates and no gaps. `accounts` go in as one array parameter, hash-joined with the walk.
 */
@Injectable()
export class FollowingFeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `perAccountMax`: see PER_ACCOUNT_MAX (a test passes 0 or Infinity to force one strategy).
   * The walk answers only when both of its streams filled a page within the window (then it is
   * exact); otherwise the page is read per account. `hide` (the viewer's mutes, words and blocks)
   * is applied before the page's LIMIT, so a page is short only at the feed's end; KEEP_BLOCKED
   * (the kept feed's build, which holds every item and filters at read time) leaves blocks unread.
   */
  async page(viewerId: string, accounts: string[], page: PageRequest, perAccountMax = PER_ACCOUNT_MAX, hide: ViewerFilter | typeof KEEP_BLOCKED = NO_FILTER): Promise<FollowingItem[]> {
    if (accounts.length > perAccountMax) {
      const rows = await this.rows(this.sql('walk', viewerId, accounts, page, hide));
      const found = rows[0];
      if (found && (found.posts_found ?? 0) > page.limit && (found.reposts_found ?? 0) > page.limit) return rows.map(toFollowingItem);
    }
    return (await this.rows(this.sql('per-account', viewerId, accounts, page, hide))).map(toFollowingItem);
  }

  private rows(sql: Sql): Promise<FollowingRow[]> {
    return queryRows<FollowingRow>(this.dataSource.manager, sql.text, sql.params);
  }

  /** The statement of one strategy, so a test can EXPLAIN exactly what the API runs. */
  sql(strategy: Strategy, viewerId: string, accounts: string[], page: PageRequest, filter: ViewerFilter | typeof KEEP_BLOCKED = NO_FILTER): Sql {
    const keepBlocked = filter === KEEP_BLOCKED;
    const hide = keepBlocked ? NO_FILTER : filter;
    const params: unknown[] = [viewerId, accounts];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const n = page.limit + 1;
    if (!Number.isSafeInteger(n) || n < 2) throw new Error(`invalid page limit ${page.limit}`);
    const before = page.cursor ? { at: `${param(page.cursor.createdAt)}::timestamptz`, id: `${param(page.cursor.id)}::uuid` } : null;
    const keyset = (at: string, id: string) => (before ? `(${at}, ${id}) < (${before.at}, ${before.id})` : 'true');
    // A repost counts when its reposter is the viewer or an active account they follow: a key
    // probe of follows and of users per repost (no array here: a constant array of 1,000 ids
    // costs the planner an estimate per element, more than the whole page).
    // A reposter the viewer mutes (issue 25) is no such account: their reposts are neither listed
    // nor move the post (a primary-key probe of mutes per repost, only for a member who mutes).
    const unmutedReposter = (r: string) => (hide.muting ? ` AND ${notMutedSql('$1', `${r}.user_id`)}` : '');
    const relevant = (r: string) => `((${r}.user_id = $1::uuid OR EXISTS (SELECT 1 FROM follows f JOIN users fu ON fu.id = f.followee_id
                         WHERE f.follower_id = $1::uuid AND f.followee_id = ${r}.user_id AND fu.is_active))${unmutedReposter(r)})`;
    // A post by an account the viewer mutes, or matching one of their muted words, is no item:
    // checked on the post's row (a primary-key probe) before the page's LIMIT, so a page stays full.
    const wordsParam = hide.words === null ? null : param(hide.words);
    const postHidden = (alias: string) => hiddenForViewerSql('$1', hide, { author: `${alias}.author_id`, searchText: `${alias}.search_text` }, wordsParam).join(' AND ');
    // A post a followed account reposted may be by an account a block stands between (issue 25):
    // left out here, before the page's LIMIT, for a viewer whom a block concerns (two key probes
    // per repost); the statement's last step filters blocks for everyone on the rows it returns.
    const unblockedAuthor = (post: string) => (hide.blocking ? ` AND ${notBlockedSql('$1', `${post}.author_id`)}` : '');
    const visiblePost = (post: string) =>
      postHidden('vp') ? ` AND EXISTS (SELECT 1 FROM posts vp WHERE vp.id = ${post} AND ${postHidden('vp')} OFFSET 0)` : '';
    // A post one of the accounts reposted is listed at that repost instead (idx_reposts_post).
    // OFFSET 0 keeps these per-row key probes (a subquery PostgreSQL does not turn into a join),
    // never a hash of every repost or post.
    const notReposted = (post: string) => `NOT EXISTS (SELECT 1 FROM reposts rr WHERE rr.post_id = ${post} AND ${relevant('rr')} OFFSET 0)`;
    // Only the newest repost of a post by the accounts is listed; its author must be active and,
    // if protected, followed by the viewer (issue 26: a column test, a follows probe only then).
    const newestRepost = (r: string) => `NOT EXISTS (SELECT 1 FROM reposts rr WHERE rr.post_id = ${r}.post_id
                         AND (rr.created_at, rr.user_id) > (${r}.created_at, ${r}.user_id) AND ${relevant('rr')} OFFSET 0)
          AND EXISTS (SELECT 1 FROM posts op JOIN users oa ON oa.id = op.author_id WHERE op.id = ${r}.post_id AND oa.is_active AND ${notProtectedSql('$1', 'oa')}${postHidden('op') ? ` AND ${postHidden('op')}` : ''}${unblockedAuthor('op')} OFFSET 0)`;

    let posts: string;
    let reposts: string;
    // The walk's matches, read in full before the page is picked: without a LIMIT above them
    // PostgreSQL hash-joins the window with the accounts (under one it would scan the array
    // for every row of the window, hoping to stop early).
    let matches = '';
    if (strategy === 'walk') {
      // The newest FOLLOWING_WINDOW posts (and reposts) after the cursor, index only
      // (idx_posts_created_author, idx_reposts_created); the inner LIMIT bounds the walk.
      matches = `pm AS MATERIALIZED (SELECT w.id, w.created_at
          FROM (SELECT p.id, p.created_at, p.author_id FROM posts p WHERE ${keyset('p.created_at', 'p.id')}
                 ORDER BY p.created_at DESC, p.id DESC LIMIT ${FOLLOWING_WINDOW}) w
          WHERE w.author_id IN (SELECT unnest($2::uuid[]))),
        rm AS MATERIALIZED (SELECT w.post_id, w.created_at, w.user_id
          FROM (SELECT r.post_id, r.created_at, r.user_id FROM reposts r WHERE ${keyset('r.created_at', 'r.post_id')}
                 ORDER BY r.created_at DESC, r.post_id DESC LIMIT ${FOLLOWING_WINDOW}) w
          WHERE w.user_id IN (SELECT unnest($2::uuid[]))),`;
      // Newest first, then filtered until a page is kept (OFFSET 0: the filter stays above the sort).
      posts = `SELECT s.id AS post_id, s.created_at AS at, NULL::uuid AS reposter
        FROM (SELECT pm.id, pm.created_at FROM pm ORDER BY pm.created_at DESC, pm.id DESC OFFSET 0) s
        WHERE ${notReposted('s.id')}${visiblePost('s.id')} LIMIT ${n}`;
      reposts = `SELECT s.post_id, s.created_at AS at, s.user_id AS reposter
        FROM (SELECT rm.post_id, rm.created_at, rm.user_id FROM rm ORDER BY rm.created_at DESC, rm.post_id DESC OFFSET 0) s
        WHERE ${newestRepost('s')} LIMIT ${n}`;
    } else {
      // A followed account the viewer mutes is not descended into at all (one probe of mutes per account).
      const unmutedAccount = hide.muting ? `\n        WHERE ${notMutedSql('$1', 'a.id')}` : '';
      // Each account's newest posts (idx_posts_author_created) and reposts (idx_reposts_user_created).
      posts = `SELECT x.id AS post_id, x.created_at AS at, NULL::uuid AS reposter
        FROM unnest($2::uuid[]) AS a(id) CROSS JOIN LATERAL (
          SELECT p.id, p.created_at FROM posts p
           WHERE p.author_id = a.id AND ${keyset('p.created_at', 'p.id')} AND ${notReposted('p.id')}${wordsParam ? ` AND ${notMatchingSql('$1', wordsParam, 'p.search_text')}` : ''}
           ORDER BY p.created_at DESC, p.id DESC LIMIT ${n}) x${unmutedAccount}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${n}`;
      reposts = `SELECT x.post_id, x.created_at AS at, x.user_id AS reposter
        FROM unnest($2::uuid[]) AS a(id) CROSS JOIN LATERAL (
          SELECT r.post_id, r.created_at, r.user_id FROM reposts r
           WHERE r.user_id = a.id AND ${keyset('r.created_at', 'r.post_id')} AND ${newestRepost('r')}
           ORDER BY r.created_at DESC, r.post_id DESC LIMIT ${n}) x${unmutedAccount}
        ORDER BY x.created_at DESC, x.post_id DESC LIMIT ${n}`;
    }
    return {
      text: `WITH ${matches} ps AS MATERIALIZED (${posts}),
        rs AS MATERIALIZED (${reposts}),
        ev AS (SELECT * FROM (SELECT * FROM ps UNION ALL SELECT * FROM rs) e ORDER BY e.at DESC, e.post_id DESC LIMIT ${n})
        SELECT ${POST_VIEW_COLUMNS},
          rb.id AS reposter_id, rb.username AS reposter_username, rb.display_name AS reposter_display_name, rb.is_verified AS reposter_is_verified,
          to_char(ev.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS event_at,
          (SELECT count(*) FROM ps)::int AS posts_found, (SELECT count(*) FROM rs)::int AS reposts_found
        FROM ev JOIN posts p ON p.id = ev.post_id JOIN users u ON u.id = p.author_id
        -- LIMIT keeps the reposter a key lookup per row (a plain join may hash all users)
        LEFT JOIN LATERAL (SELECT r.id, r.username, r.display_name, r.is_verified FROM users r WHERE r.id = ev.reposter LIMIT 1) rb ON true
        -- An author the viewer blocks or is blocked by (a followed account reposted them): left out, issue 25.
        -- A protected account's post a followed account reposted reaches only the protected account's followers (issue 26);
        -- the reposts' stream left those out already, before its LIMIT (the kept feed's build too: it is access, not a choice).
        WHERE u.is_active AND ${notProtectedSql('$1', 'u')}${keepBlocked ? '' : ` AND ${notBlockedSql('$1', 'u.id')}`}
        ORDER BY ev.at DESC, ev.post_id DESC`,
      params,
    };
  }
}

export function toFollowingItem(row: FollowingRow): FollowingItem {
  const post = toPostView(row);
  const repostedBy =
    row.reposter_id === null
      ? null
      : { id: row.reposter_id, username: row.reposter_username ?? '', displayName: row.reposter_display_name ?? '', isVerified: Boolean(row.reposter_is_verified) };
  return { post, repostedBy, cursor: { createdAt: row.event_at, id: row.id } };
}
