import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { type PlainQuery, poolRows } from '../database/query-rows';
import { type FollowingItem, type FollowingRow, toFollowingItem } from './following-feed.repository';
import { notBlockedSql, PER_ROW } from '../social/blocks.sql';
import { notProtectedSql } from '../social/protected.sql';
import { hiddenForViewerSql, notMutedSql } from '../social/mutes.sql';
import { NO_FILTER, type ViewerFilter } from '../social/mutes.service';
import { postViewColumns } from './post-view.sql';
import type { PageRequest } from './posts.repository';

/** Items a feed is built with at its first read (5 pages of 20); older pages are read on request. */
export const HOME_FEED_BUILD_ITEMS = 100;
/** Items a feed keeps when it is trimmed (at most daily, after a read); Mastodon keeps 800 too. */
export const HOME_FEED_KEEP = 800;
/** A build claimed this long ago and not finished (its node went away) may be taken over. */
const BUILD_CLAIM_SECONDS = 30;
/** A feed nobody read for this long is dropped (and rebuilt at its next read). */
export const HOME_FEED_IDLE_DAYS = 14;

const MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** What a read of the kept feed found. */
export type KeptPage =
  /** No kept feed (never built, dropped, or being built): build it, or read on request. */
  | { ready: false }
  | {
      ready: true;
      /** Up to limit + 1 items after the cursor, at or above the floor. */
      items: FollowingItem[];
      /** Items the range read before leaving out deactivated accounts' (more than `items`: some were). */
      scanned: number;
      /** Items below this (at, post id) are not kept; null: the feed is complete. */
      floor: Cursor | null;
      /** The owner's read time or trim is old enough to be written again (see touch()). */
      staleRead: boolean;
      staleTrim: boolean;
    };

interface KeptRow extends FollowingRow {
  floor_cursor_at: string | null;
  floor_id: string | null;
  stale_read: boolean;
  stale_trim: boolean;
  scanned: number;
}

/**
 * The kept (materialised) `Takip edilenler` feed: tables home_feed_owners and home_feed
 * (migration 1764740000000-HomeFeed, docs/architecture.md#takip-edilenler-akışı). Every statement
 * here is set-based and safe to repeat: an item is always recomputed from the committed rows
 * (posts, reposts, follows, users), never from the event that caused it, so events may be applied
 * in any order and twice.
 */
@Injectable()
export class HomeFeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page of a ready feed: a range of idx_home_feed_owner_at after the cursor and at or above
   * the floor, with the post columns of every list, leaving out items whose author or reposter
   * was deactivated (for the moment until the writer drops the feeds that hold them), and what
   * `hide` hides from the owner (issue 25).
   */
  async read(ownerId: string, page: PageRequest, hide: ViewerFilter = NO_FILTER): Promise<KeptPage> {
    const rows = await poolRows<KeptRow>(this.dataSource, this.readSql(ownerId, page, hide));
    const [head] = rows;
    if (!head) return { ready: false };
    return {
      ready: true,
      items: rows.filter((r) => r.id !== null).map(toFollowingItem),
      scanned: head.scanned,
      floor: head.floor_cursor_at && head.floor_id ? { createdAt: head.floor_cursor_at, id: head.floor_id } : null,
      staleRead: head.stale_read,
      staleTrim: head.stale_trim,
    };
  }

  /** read()'s statement (a prepared one, named by its shape), so a test can EXPLAIN and prepare exactly what the API runs. */
  readSql(ownerId: string, page: PageRequest, hide: ViewerFilter = NO_FILTER): Required<PlainQuery> {
    const n = page.limit + 1;
    if (!Number.isSafeInteger(n) || n < 2) throw new Error(`invalid page limit ${page.limit}`);
    // Every parameter is read through an InitPlan (`(SELECT $k::type)`): its value is then
    // unknown to the planner's estimates, so a custom plan costs what the generic one does and
    // PostgreSQL keeps the prepared statement's generic plan after its fifth run. With the values
    // seen, the estimates (and so the plan's cost) change with each member, and PostgreSQL went on
    // planning each read for its member: 2 to 3 ms of planning for a read of 1 to 2 ms.
    const values: unknown[] = [ownerId];
    const param = (value: unknown, type: string) => {
      values.push(value);
      return `(SELECT $${values.length}::${type})`;
    };
    const owner = '(SELECT $1::uuid)';
    const keyset = page.cursor ? `(h.at, h.post_id) < (${param(page.cursor.createdAt, 'timestamptz')}, ${param(page.cursor.id, 'uuid')})` : 'true';
    // What the owner mutes (issue 25), and the posts of accounts a block stands between them and
    // the owner, are skipped inside the walk, so a page is still n items: a repost's reposter by a
    // primary-key probe of mutes, the post by one probe of its row testing its author (mutes,
    // blocks) and its text (the owner's muted words, one pattern parameter). The range is read in
    // index order and the tests run on its rows one by one until n pass (the inner OFFSET 0 keeps
    // them above the range, so however the range is read, only the rows the page needs are tested:
    // a join with posts would test every kept item, then sort). Without mutes, words or blocks
    // the statement has no such step at all.
    const words = hide.words === null ? null : param(hide.words, 'text');
    const postTests = [
      ...hiddenForViewerSql(owner, hide, { author: 'hp.author_id', searchText: 'hp.search_text' }, words),
      ...(hide.blocking ? [notBlockedSql(owner, 'hp.author_id')] : []),
    ];
    const tests = [
      ...(hide.muting ? [`(w.reposter_id IS NULL OR ${notMutedSql(owner, 'w.reposter_id', PER_ROW)})`] : []),
      ...(postTests.length ? [`EXISTS (SELECT 1 FROM posts hp WHERE hp.id = w.post_id AND ${postTests.join(' AND ')}${PER_ROW})`] : []),
    ];
    // The floor as a bound of the index range (no floor: from the beginning of time), so the
    // range is read in index order and stops after n items whatever the planner's estimates.
    const range = `SELECT h.post_id, h.at, h.reposter_id FROM home_feed h
                  WHERE h.owner_id = ${owner} AND ${keyset}
                    AND (h.at, h.post_id) >= (coalesce(o.floor_at, '-infinity'), coalesce(o.floor_id, '00000000-0000-0000-0000-000000000000'))
                  ORDER BY h.at DESC, h.post_id DESC`;
    const walk = tests.length ? `SELECT w.post_id, w.at, w.reposter_id FROM (${range} OFFSET 0) w WHERE ${tests.join(' AND ')} LIMIT ${n}` : `${range} LIMIT ${n}`;
    return {
      name: `home_feed_read_${n}_${page.cursor ? 'after' : 'first'}${hide.muting ? '_mutes' : ''}${hide.words !== null ? '_words' : ''}${hide.blocking ? '_blocks' : ''}`,
      text: `WITH o AS (SELECT floor_at, floor_id, read_at < now() - interval '1 hour' AS stale_read,
                              trimmed_at < now() - interval '1 day' AS stale_trim
                         FROM home_feed_owners WHERE owner_id = ${owner} AND ready),
        ev AS MATERIALIZED (SELECT h.post_id, h.at, h.reposter_id AS reposter FROM o CROSS JOIN LATERAL (${walk}) h)
        SELECT to_char(o.floor_at AT TIME ZONE 'UTC', ${MICROS}) AS floor_cursor_at, o.floor_id, o.stale_read, o.stale_trim,
               (SELECT count(*) FROM ev)::int AS scanned, x.*
          FROM o LEFT JOIN LATERAL (
            SELECT ${postViewColumns(owner)}, ev.at AS ev_at,
              rb.id AS reposter_id, rb.username AS reposter_username, rb.display_name AS reposter_display_name, rb.is_verified AS reposter_is_verified,
              to_char(ev.at AT TIME ZONE 'UTC', ${MICROS}) AS event_at
            FROM ev JOIN posts p ON p.id = ev.post_id JOIN users u ON u.id = p.author_id
            LEFT JOIN LATERAL (SELECT r.id, r.username, r.display_name, r.is_verified, r.is_active FROM users r WHERE r.id = ev.reposter LIMIT 1) rb ON true
            -- A deactivated author's or reposter's items, until the writer drops the feeds that hold them;
            -- an author the owner blocks or is blocked by (issue 25): the walk left them out when the
            -- owner had a block (hide.blocking), and here, at read time, for the rest (a block just made).
            -- A protected author the owner does not follow (issue 26: a repost kept before the author
            -- turned protection on, until the writer drops the feeds that hold it): left out, and
            -- the service reads such a page on request.
            WHERE u.is_active AND (ev.reposter IS NULL OR rb.is_active) AND ${notProtectedSql(owner, 'u')}${hide.blocking ? '' : ` AND ${notBlockedSql(owner, 'u.id')}`}) x ON true
         ORDER BY x.ev_at DESC, x.id DESC`,
      values,
    };
  }

  /**
   * Claims the building of a member's feed: true when this caller should build it. The owner row
   * (not ready) commits before the build reads anything, so a post committed after that read is
   * fanned out to it (fanOut() reads the owners after its own commit). A row another build
   * claimed within BUILD_CLAIM_SECONDS is left to it (false); an older one is taken over.
   */
  async claim(ownerId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'home_feed_claim',
      text: `INSERT INTO home_feed_owners (owner_id) SELECT $1 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1)
             ON CONFLICT (owner_id) DO UPDATE SET read_at = now()
              WHERE NOT home_feed_owners.ready AND home_feed_owners.read_at < now() - interval '${BUILD_CLAIM_SECONDS} seconds'
             RETURNING owner_id`,
      values: [ownerId],
    });
    return rows.length > 0;
  }

  /**
   * Finishes a build with `items`, the newest of the feed as read on request (complete down to
   * `floor`, or entirely when `floor` is null): one statement that marks the owner ready. Items
   * the writers put in meanwhile are newer and stay (ON CONFLICT DO NOTHING). A no-op when the
   * owner row went meanwhile (a follow or unfollow dropped it): the feed stays unbuilt.
   */
  async complete(ownerId: string, items: FollowingItem[], floor: Cursor | null): Promise<boolean> {
    const rows = await poolRows<{ owner_id: string }>(this.dataSource, {
      text: `WITH o AS (UPDATE home_feed_owners SET ready = true, floor_at = $2::timestamptz, floor_id = $3::uuid, read_at = now(), trimmed_at = now()
                         WHERE owner_id = $1 AND NOT ready RETURNING owner_id),
                  x AS (SELECT * FROM unnest($4::uuid[], $5::timestamptz[], $6::uuid[]) AS x(post_id, at, reposter)),
                  -- Posts deleted since the build read them are left out; the rest cannot go meanwhile.
                  lp AS (SELECT p.id FROM posts p WHERE p.id IN (SELECT post_id FROM x) ORDER BY p.id FOR KEY SHARE),
                  ins AS (INSERT INTO home_feed (owner_id, post_id, at, reposter_id)
                          SELECT o.owner_id, x.post_id, x.at, x.reposter FROM o, x JOIN lp ON lp.id = x.post_id
                          ORDER BY x.post_id
                          ON CONFLICT (owner_id, post_id) DO NOTHING)
             SELECT owner_id FROM o`,
      values: [
        ownerId,
        floor?.createdAt ?? null,
        floor?.id ?? null,
        items.map((i) => i.post.id),
        items.map((i) => i.cursor.createdAt),
        items.map((i) => i.repostedBy?.id ?? null),
      ],
    });
    return rows.length > 0;
  }

  /**
   * Applies posts and reposts (or their undoing) by `actors[i]` of `posts[i]` to the kept feeds
   * of the actor and of everyone following them: each (owner, post) item is recomputed from the
   * committed rows — the newest repost of the post by the owner or an active account they follow
   * (the reposter's time and id), else the post's own time if its author is the owner or followed,
   * else no item; never for a deactivated author, never below the owner's floor. The rules are
   * the ones the on-request read applies (FollowingFeedRepository), so both give the same feed.
   */
  async fanOut(actors: string[], posts: string[]): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'home_feed_fan_out',
      text: `WITH ev AS (SELECT DISTINCT e.actor_id, e.post_id FROM unnest($1::uuid[], $2::uuid[]) AS e(actor_id, post_id)),
        -- The owners and posts the items will reference, locked against a drop or a delete that
        -- commits meanwhile (FOR KEY SHARE: likes and counters still update the posts).
        lo AS (SELECT o.owner_id, o.floor_at, o.floor_id FROM home_feed_owners o
                WHERE o.owner_id IN (SELECT actor_id FROM ev)
                   OR o.owner_id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id IN (SELECT actor_id FROM ev))
                ORDER BY o.owner_id FOR KEY SHARE),
        lp AS (SELECT p.id FROM posts p WHERE p.id IN (SELECT post_id FROM ev) ORDER BY p.id FOR KEY SHARE),
        pair AS (SELECT lo.owner_id, ev.post_id FROM ev JOIN lo ON lo.owner_id = ev.actor_id
                 UNION
                 SELECT f.follower_id, ev.post_id FROM ev JOIN follows f ON f.followee_id = ev.actor_id JOIN lo ON lo.owner_id = f.follower_id),
        calc AS (
          SELECT pair.owner_id, pair.post_id, best.at, best.reposter
            FROM pair
            JOIN lo o ON o.owner_id = pair.owner_id
            JOIN lp ON lp.id = pair.post_id
            JOIN posts p ON p.id = pair.post_id
            JOIN users pa ON pa.id = p.author_id AND pa.is_active
              -- A protected author's post only for the owner's feed if the owner is it or follows it (issue 26).
              AND (NOT pa.protected OR pa.id = pair.owner_id OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = pair.owner_id AND f.followee_id = pa.id))
            CROSS JOIN LATERAL (
              SELECT e.at, e.reposter FROM (
                SELECT r.created_at AS at, r.user_id AS reposter FROM reposts r JOIN users ru ON ru.id = r.user_id AND ru.is_active
                 WHERE r.post_id = pair.post_id
                   AND (r.user_id = pair.owner_id OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = pair.owner_id AND f.followee_id = r.user_id))
                UNION ALL
                SELECT p.created_at, NULL::uuid
                 WHERE p.author_id = pair.owner_id OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = pair.owner_id AND f.followee_id = p.author_id)
              ) e ORDER BY e.at DESC, e.reposter DESC NULLS LAST LIMIT 1) best
           WHERE o.floor_at IS NULL OR (best.at, pair.post_id) >= (o.floor_at, o.floor_id)),
        gone AS (DELETE FROM home_feed h USING pair
                  WHERE h.owner_id = pair.owner_id AND h.post_id = pair.post_id
                    AND NOT EXISTS (SELECT 1 FROM calc WHERE calc.owner_id = pair.owner_id AND calc.post_id = pair.post_id))
        INSERT INTO home_feed (owner_id, post_id, at, reposter_id)
        SELECT owner_id, post_id, at, reposter FROM calc ORDER BY owner_id, post_id
        ON CONFLICT (owner_id, post_id) DO UPDATE SET at = excluded.at, reposter_id = excluded.reposter_id
         WHERE (home_feed.at, home_feed.reposter_id) IS DISTINCT FROM (excluded.at, excluded.reposter_id)`,
      values: [actors, posts],
    });
  }

  /**
   * Drops kept feeds that a change of whom they follow made wrong: `owners`' own (they followed
   * or unfollowed someone) and, for each of `accounts` (deactivated or activated again), theirs,
   * their followers' and those that show (or would show) one of their posts through a repost:
   * the reposters' own and their followers'. The next read of each builds it again from the committed rows.
   */
  async drop(owners: string[], accounts: string[]): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'home_feed_drop',
      text: `DELETE FROM home_feed_owners WHERE owner_id = ANY($1::uuid[]) OR owner_id = ANY($2::uuid[])
                OR owner_id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id = ANY($2::uuid[]))
                OR owner_id IN (SELECT r.user_id FROM posts p JOIN reposts r ON r.post_id = p.id WHERE p.author_id = ANY($2::uuid[]))
                OR owner_id IN (SELECT f.follower_id FROM posts p JOIN reposts r ON r.post_id = p.id JOIN follows f ON f.followee_id = r.user_id
                                 WHERE p.author_id = ANY($2::uuid[]))`,
      values: [owners, accounts],
    });
  }

  /**
   * After a read: notes it (a feed idle for HOME_FEED_IDLE_DAYS is dropped) and, with `trim`,
   * keeps the newest HOME_FEED_KEEP items, raising the floor to the oldest one kept.
   */
  async touch(ownerId: string, trim: boolean): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'home_feed_touch',
      text: `WITH cut AS (SELECT h.at, h.post_id FROM home_feed h WHERE $2 AND h.owner_id = $1
                           ORDER BY h.at DESC, h.post_id DESC OFFSET ${HOME_FEED_KEEP - 1} LIMIT 1),
                  o AS (UPDATE home_feed_owners o SET read_at = now(),
                          trimmed_at = CASE WHEN $2 THEN now() ELSE o.trimmed_at END,
                          floor_at = coalesce((SELECT at FROM cut), o.floor_at),
                          floor_id = coalesce((SELECT post_id FROM cut), o.floor_id)
                         WHERE o.owner_id = $1 AND o.ready RETURNING o.owner_id)
             DELETE FROM home_feed h USING cut, o
              WHERE h.owner_id = o.owner_id AND (h.at, h.post_id) < (cut.at, cut.post_id)`,
      values: [ownerId, trim],
    });
  }

  /** Drops the feeds nobody read for HOME_FEED_IDLE_DAYS; how many went. */
  async sweep(): Promise<number> {
    const rows = await poolRows<{ n: number }>(this.dataSource, {
      text: `WITH gone AS (DELETE FROM home_feed_owners WHERE read_at < now() - interval '${HOME_FEED_IDLE_DAYS} days' RETURNING 1)
             SELECT count(*)::int AS n FROM gone`,
    });
    return rows[0]?.n ?? 0;
  }
}
