import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { withStatementTimeout } from '../database/bounded-client';
import { poolRows } from '../database/query-rows';
import { replicaRows } from '../database/read-replicas';
import { notBlockedSql } from '../social/blocks.sql';
import { notLimitedSql } from '../social/limits.sql';
import { noMutedWordSql, notMutedSql } from '../social/mutes.sql';
import { notProtectedSql } from '../social/protected.sql';
import { POST_VIEW_COLUMNS, POST_VIEW_COLUMNS_NO_VIEWER, type PostView, type PostViewRow, toPostView } from './post-view.sql';
import type { Sql } from './posts.repository';

/** How far back a candidate may be (docs/product.md#home). */
export const RANKED_WINDOW_HOURS = 72;
/** The score halves every this many hours of a post's age. */
export const RANKED_HALF_LIFE_HOURS = 6;
/** Candidates kept per version: the best-scoring recent top-level posts. */
export const RANKED_CANDIDATES = 2_000;
/** A version (and its snapshot cursors) is kept this long after a newer one exists. */
export const RANKED_KEEP_VERSIONS_FOR = '6 hours';
/** How far back the member's likes, reposts and replies count as interactions, and how many of each. */
export const INTERACTION_DAYS = 30;
export const INTERACTIONS_READ = 200;
/** Any constant: the advisory lock that lets one node at a time recompute the candidates. */
export const RANKED_LOCK = 7_246_026;

/**
 * A post's global score: log-scaled engagement (likes, and reposts and replies at twice a like, as
 * `Popüler` weighs them) decayed with age, halving every RANKED_HALF_LIFE_HOURS, so a fresh post
 * with nothing scores 1 and a 6-hour-old one needs e−1 more engagement points to match it.
 */
export const RANKED_SCORE = `(1 + ln(1 + p.like_count + 2 * p.retweet_count + 2 * p.reply_count))
  * power(0.5, extract(epoch FROM (v.computed_at - p.created_at)) / ${RANKED_HALF_LIFE_HOURS * 3600})`;

/**
 * A version's candidates (`$1`: the version, its row just inserted): the window's top-level posts
 * of active authors, a range of idx_posts_created (the last RANKED_WINDOW_HOURS), the best
 * RANKED_CANDIDATES by RANKED_SCORE. Its plan: test/app/query-plans.e2e-spec.ts.
 */
export const RECOMPUTE_CANDIDATES_SQL = `INSERT INTO ranked_candidates (version, post_id, author_id, created_at, score)
  SELECT v.version, p.id, p.author_id, p.created_at, ${RANKED_SCORE} AS score
    FROM posts p CROSS JOIN (SELECT version, computed_at FROM ranked_versions WHERE version = $1) v
   WHERE p.created_at > now() - interval '${RANKED_WINDOW_HOURS} hours'
     AND p.reply_to_id IS NULL
     AND p.author_id NOT IN (SELECT id FROM users WHERE NOT is_active)
   ORDER BY score DESC, p.id
   LIMIT ${RANKED_CANDIDATES}`;

/** A version's candidates, best global score first. */
export interface CandidateSet {
  version: number;
  computedAt: Date;
  ids: string[];
  authors: string[];
  scores: number[];
  /**
   * Whether the candidate's author was protected or limited when the set was read: such a post is
   * ranked only for the author and their followers. Read with the set (once per version and node),
   * not per member; what holds now is checked again by the page's read (pageSql).
   */
  restricted: boolean[];
  /** The oldest candidate's (created_at, id): the time-ordered rest of the feed starts below it. */
  oldest: { createdAt: string; id: string } | null;
}

/** What a member's re-ranking reads: the accounts they follow and interact with, and whom they do not see. */
/** A post newer than the version's candidates (RankedFeedRepository.fresh). */
export interface FreshPost {
  id: string;
  author: string;
  /** created_at in milliseconds. */
  atMs: number;
  /** Its author was protected or limited when it was read (as CandidateSet.restricted). */
  restricted: boolean;
  /** Its (created_at, id) keyset position, with PostgreSQL's microseconds. */
  cursor: { createdAt: string; id: string };
}

export interface ViewerInputs {
  followed: Set<string>;
  interacted: Set<string>;
  hidden: Set<string>;
}

@Injectable()
export class RankedFeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Computes a new version under the advisory lock (one node at a time) and drops the versions
   * older than RANKED_KEEP_VERSIONS_FOR (but never the newest). `wait`: waits for the lock (a
   * forced refresh, a test); otherwise null when another node holds it or its newest version is
   * younger than `minAgeMs`. The candidates are the window's top-level posts of active authors
   * (a range of idx_posts_created), the best RANKED_CANDIDATES by RANKED_SCORE.
   */
  async recompute(timeoutMs: number, minAgeMs?: number): Promise<number | null> {
    return this.dataSource.transaction((em) =>
      withStatementTimeout(em, timeoutMs, async () => {
        if (minAgeMs === undefined) {
          await em.query('SELECT pg_advisory_xact_lock($1)', [RANKED_LOCK]);
        } else {
          const [{ locked }] = await em.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [RANKED_LOCK]);
          if (!locked) return null;
          const fresh = await em.query(`SELECT 1 FROM ranked_versions WHERE computed_at > now() - make_interval(secs => $1)`, [minAgeMs / 1000]);
          if (fresh.length) return null;
        }
        const [{ version }] = await em.query(`INSERT INTO ranked_versions DEFAULT VALUES RETURNING version`);
        await em.query(RECOMPUTE_CANDIDATES_SQL, [version]);
        await em.query(`DELETE FROM ranked_versions WHERE version < $1 AND computed_at < now() - interval '${RANKED_KEEP_VERSIONS_FOR}'`, [version]);
        return version as number;
      }),
    );
  }

  /** The newest version's number and age by the database's clock, or null before the first. */
  async newest(): Promise<{ version: number; ageMs: number } | null> {
    const [row] = await poolRows<{ version: number; age_ms: number }>(this.dataSource, {
      name: 'ranked_newest',
      text: `SELECT version, (extract(epoch FROM now() - computed_at) * 1000)::float8 AS age_ms FROM ranked_versions ORDER BY version DESC LIMIT 1`,
    });
    return row ? { version: row.version, ageMs: row.age_ms } : null;
  }

  /** A version's candidates (a range of its primary key), or null when it was dropped. */
  async candidates(version: number): Promise<CandidateSet | null> {
    const rows = await poolRows<{ computed_at: Date; post_id: string | null; author_id: string; score: number; cursor_at: string; restricted: boolean | null }>(this.dataSource, {
      name: 'ranked_candidates',
      text: `SELECT v.computed_at, c.post_id, c.author_id, c.score,
                    to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at, c.created_at,
                    (a.protected OR a.limited) AS restricted
               FROM ranked_versions v LEFT JOIN ranked_candidates c ON c.version = v.version
               LEFT JOIN users a ON a.id = c.author_id
              WHERE v.version = $1
              ORDER BY c.score DESC, c.post_id`,
      values: [version],
    });
    if (!rows.length) return null;
    const set: CandidateSet = { version, computedAt: rows[0].computed_at, ids: [], authors: [], scores: [], restricted: [], oldest: null };
    let oldest: { at: string; id: string } | null = null;
    for (const row of rows) {
      if (row.post_id === null) continue;
      set.ids.push(row.post_id);
      set.authors.push(row.author_id);
      set.scores.push(row.score);
      set.restricted.push(row.restricted === true);
      if (!oldest || row.cursor_at < oldest.at || (row.cursor_at === oldest.at && row.post_id < oldest.id)) oldest = { at: row.cursor_at, id: row.post_id };
    }
    set.oldest = oldest && { createdAt: oldest.at, id: oldest.id };
    return set;
  }

  /**
   * Top-level posts of active authors written after `since` (the version's moment): a range of
   * idx_posts_created (the minutes since the last recompute), read once a second per node for
   * every reader; each snapshot takes those up to its own moment and scores them as posts without
   * engagement of their age then, so they rank the same on every page of it.
   */
  async fresh(since: Date): Promise<FreshPost[]> {
    const rows = await poolRows<{ id: string; author_id: string; at_ms: number; cursor_at: string; restricted: boolean }>(this.dataSource, {
      name: 'ranked_fresh',
      text: `SELECT p.id, p.author_id, (extract(epoch FROM p.created_at) * 1000)::float8 AS at_ms, (u.protected OR u.limited) AS restricted,
                    to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
               FROM posts p JOIN users u ON u.id = p.author_id AND u.is_active
              WHERE p.created_at > $1::timestamptz AND p.reply_to_id IS NULL
              ORDER BY p.created_at DESC
              LIMIT ${RANKED_CANDIDATES}`,
      values: [since],
    });
    return rows.map((row) => ({ id: row.id, author: row.author_id, atMs: row.at_ms, restricted: row.restricted, cursor: { createdAt: row.cursor_at, id: row.id } }));
  }

  /**
   * The viewer's re-ranking inputs as of `at` (the snapshot's moment), in one statement:
   * - `followed`: accounts they followed by then (a range of the follows primary key);
   * - `interacted`: authors of the posts they liked, reposted or replied to in the
   *   INTERACTION_DAYS before it (the newest INTERACTIONS_READ of each: ranges of
   *   idx_likes_user_created, idx_reposts_user_created and idx_posts_author_replies, then a
   *   posts primary-key probe per row);
   * - `hidden`: accounts blocked either way or muted by then, and deactivated accounts (the
   *   partial index idx_users_inactive holds only those few).
   * Protected and limited accounts are not read here: the candidates and fresh posts carry their
   * author's flag (`restricted`), and `followed` says whom of them the viewer sees. With 5% of the
   * accounts protected, reading every one the viewer does not follow cost each member's inputs
   * thousands of rows (issue 26's bench).
   * A guest (`viewerId` null) gets the hidden accounts every guest shares.
   */
  inputsSql(viewerId: string | null, at: Date): Sql {
    if (viewerId === null) {
      return {
        text: `SELECT 'h' AS kind, id FROM users WHERE NOT is_active`,
        params: [],
      };
    }
    const recent = `created_at <= $1 AND created_at > $1 - interval '${INTERACTION_DAYS} days'`;
    return {
      text: `SELECT 'f' AS kind, f.followee_id AS id FROM follows f WHERE f.follower_id = $2 AND f.created_at <= $1
             UNION ALL
             SELECT 'i', p.author_id FROM (SELECT post_id FROM likes WHERE user_id = $2 AND ${recent} ORDER BY created_at DESC LIMIT ${INTERACTIONS_READ}) l
               JOIN posts p ON p.id = l.post_id
             UNION ALL
             SELECT 'i', p.author_id FROM (SELECT post_id FROM reposts WHERE user_id = $2 AND ${recent} ORDER BY created_at DESC LIMIT ${INTERACTIONS_READ}) r
               JOIN posts p ON p.id = r.post_id
             UNION ALL
             SELECT 'i', pp.author_id FROM (SELECT reply_to_id FROM posts WHERE author_id = $2 AND reply_to_id IS NOT NULL AND ${recent} ORDER BY created_at DESC LIMIT ${INTERACTIONS_READ}) y
               JOIN posts pp ON pp.id = y.reply_to_id
             UNION ALL
             SELECT 'h', blocked_id FROM blocks WHERE blocker_id = $2 AND created_at <= $1
             UNION ALL
             SELECT 'h', blocker_id FROM blocks WHERE blocked_id = $2 AND created_at <= $1
             UNION ALL
             SELECT 'h', muted_id FROM mutes WHERE muter_id = $2 AND created_at <= $1 AND (expires_at IS NULL OR expires_at > $1)
             UNION ALL
             SELECT 'h', id FROM users WHERE NOT is_active`,
      params: [at, viewerId],
    };
  }

  async inputs(viewerId: string | null, at: Date): Promise<ViewerInputs> {
    const sql = this.inputsSql(viewerId, at);
    const rows = await poolRows<{ kind: 'f' | 'i' | 'h'; id: string }>(this.dataSource, {
      name: viewerId === null ? 'ranked_inputs_guest' : 'ranked_inputs',
      text: sql.text,
      values: sql.params,
    });
    const inputs: ViewerInputs = { followed: new Set(), interacted: new Set(), hidden: new Set() };
    for (const row of rows) (row.kind === 'f' ? inputs.followed : row.kind === 'i' ? inputs.interacted : inputs.hidden).add(row.id);
    return inputs;
  }

  /**
   * A page's posts in the order given, as lists show them, with what holds NOW applied again
   * (a block, mute, muted word, deactivation, protection or limit since the snapshot leaves the
   * post out: the page is then shorter, and the next one unchanged). One primary-key probe of
   * posts and users per id, the viewer's probes per row as every feed has them.
   */
  pageSql(viewerId: string | null, ids: string[]): Sql {
    if (viewerId === null) {
      return {
        text: `SELECT ${POST_VIEW_COLUMNS_NO_VIEWER}
                 FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, ord)
                 JOIN posts p ON p.id = c.id JOIN users u ON u.id = p.author_id
                WHERE u.is_active AND ${notProtectedSql(null, 'u')} AND ${notLimitedSql(null, 'u')}
                ORDER BY c.ord`,
        params: [ids],
      };
    }
    return {
      text: `SELECT ${POST_VIEW_COLUMNS}
               FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, ord)
               JOIN posts p ON p.id = c.id JOIN users u ON u.id = p.author_id
              WHERE u.is_active AND ${notBlockedSql('$1', 'u.id')} AND ${notMutedSql('$1', 'u.id')}
                AND ${noMutedWordSql('$1', 'p.search_text')}
                AND ${notProtectedSql('$1', 'u')} AND ${notLimitedSql('$1', 'u')}
              ORDER BY c.ord`,
      params: [viewerId, ids],
    };
  }

  async page(viewerId: string | null, ids: string[]): Promise<PostView[]> {
    if (!ids.length) return [];
    const sql = this.pageSql(viewerId, ids);
    // A guest's ranked page may come from a read replica (database/read-replicas.ts).
    const rows = await replicaRows<PostViewRow>(this.dataSource, { name: viewerId === null ? 'ranked_page_guest' : 'ranked_page', text: sql.text, values: sql.params }, 'guest');
    return rows.map(toPostView);
  }
}
