import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { withStatementTimeout } from '../database/bounded-client';
import { poolRows, queryRows } from '../database/query-rows';
import { replicaRows } from '../database/read-replicas';
import type { Sql } from '../posts/posts.repository';
import { notBlockedSql } from '../social/blocks.sql';
import type { User } from '../users/user.entity';

/** What a suggestion needs of an account: the public fields of a user response. */
export type SuggestedUser = Pick<
  User,
  | 'id'
  | 'username'
  | 'displayName'
  | 'bio'
  | 'location'
  | 'website'
  | 'createdAt'
  | 'isVerified'
  | 'isActive'
  | 'role'
  | 'followingCount'
  | 'followersCount'
  | 'postsCount'
  | 'coverImage'
  | 'profileImage'
>;

/** How far back "trending" looks. */
export const TRENDING_WINDOW = '7 days';

export interface HashtagTrend {
  hashtag: string;
  postCount: number;
  engagementScore: number;
}

/** What one refresh computes: the ranking the request path serves from memory. */
export interface TrendingRanking {
  hashtags: HashtagTrend[];
  /** Who-to-follow candidates, best first, before removing the viewer and whom they follow. */
  candidates: string[];
}

/** A stored ranking and how old it is by the database's clock (nodes' clocks may differ). */
export interface StoredRanking extends TrendingRanking {
  ageMs: number;
}

/** Any constant: the key of the advisory lock that lets one node at a time refresh. */
export const REFRESH_LOCK = 7_246_009;

@Injectable()
export class TrendingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Hashtags of the posts of the last 7 days (active authors that are neither limited nor protected (issue 26: trends count no protected post, for anyone), none staff hid), ranked by how many posts
   * carry them. engagementScore = Σ (likes + 2 × reposts + replies) over those posts, with the
   * posts' current counters; it breaks ties in postCount, then the tag's alphabetical order.
   * Background work: reads only the 7-day range of idx_posts_created, never the older posts.
   */
  private async computeHashtags(em: EntityManager, limit: number): Promise<HashtagTrend[]> {
    const rows: { hashtag: string; post_count: number; engagement_score: number }[] = await em.query(
      `SELECT tag AS hashtag,
              count(*)::int AS post_count,
              sum(p.like_count + 2 * p.retweet_count + p.reply_count)::int AS engagement_score
         FROM posts p
         JOIN users u ON u.id = p.author_id AND u.is_active AND NOT u.limited AND NOT u.protected
         CROSS JOIN LATERAL unnest(p.hashtags) AS tag
        WHERE p.created_at > now() - interval '${TRENDING_WINDOW}'
          AND NOT EXISTS (SELECT 1 FROM hidden_hashtags h WHERE h.tag = tag.tag)
        GROUP BY tag
        ORDER BY post_count DESC, engagement_score DESC, tag ASC
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ hashtag: r.hashtag, postCount: r.post_count, engagementScore: r.engagement_score }));
  }

  /** Active, discoverable accounts (not limited or protected ones: who-to-follow shows no protected account) ranked by posts in the last 7 days, then followers, then newest account. */
  private async computeCandidates(em: EntityManager, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await em.query(
      `WITH recent AS (
         SELECT author_id, count(*)::int AS posts
           FROM posts
          WHERE created_at > now() - interval '${TRENDING_WINDOW}'
          GROUP BY author_id
       )
       SELECT u.id
         FROM users u
         LEFT JOIN recent r ON r.author_id = u.id
        WHERE u.is_active AND NOT u.limited AND u.discoverable AND NOT u.protected
        ORDER BY coalesce(r.posts, 0) DESC, u.followers_count DESC, u.created_at DESC, u.id
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * With `minAgeMs` (a stale ranking): recomputes and stores the ranking unless another node is
   * doing it right now (the advisory lock is taken without waiting) or the stored one is younger
   * than that (another node refreshed it a moment ago); null when it did not compute. Without
   * (forced: a hide, an undo, a test): waits for the lock and always computes, so its reads come
   * after whatever committed before the call, even while another node's refresh, whose reads may
   * predate that commit, holds the lock. Its own statement timeout, on the server and the client
   * alike (withStatementTimeout): a refresh may take a few seconds at a million posts, never minutes.
   */
  async refresh(hashtagLimit: number, candidateLimit: number, timeoutMs: number, minAgeMs?: number): Promise<TrendingRanking | null> {
    return this.dataSource.transaction((em) => withStatementTimeout(em, timeoutMs, async () => {
      if (minAgeMs === undefined) {
        await em.query('SELECT pg_advisory_xact_lock($1)', [REFRESH_LOCK]);
      } else {
        const [{ locked }] = await em.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [REFRESH_LOCK]);
        if (!locked) return null;
        const fresh = await em.query(
          `SELECT 1 FROM trending_snapshots WHERE kind = 'hashtags' AND computed_at > now() - make_interval(secs => $1)`,
          [minAgeMs / 1000],
        );
        if (fresh.length) return null;
      }
      const ranking: TrendingRanking = {
        hashtags: await this.computeHashtags(em, hashtagLimit),
        candidates: await this.computeCandidates(em, candidateLimit),
      };
      await em.query(
        `INSERT INTO trending_snapshots (kind, payload, computed_at)
         VALUES ('hashtags', $1::jsonb, now()), ('users', $2::jsonb, now())
         ON CONFLICT (kind) DO UPDATE SET payload = EXCLUDED.payload, computed_at = EXCLUDED.computed_at`,
        [JSON.stringify(ranking.hashtags), JSON.stringify(ranking.candidates)],
      );
      return ranking;
    }));
  }

  /** The stored ranking (two rows by primary key), or null before the first refresh. */
  async load(): Promise<StoredRanking | null> {
    const rows: { kind: string; payload: unknown; age_ms: number }[] = await this.dataSource.query(
      `SELECT kind, payload, (extract(epoch FROM now() - computed_at) * 1000)::float8 AS age_ms FROM trending_snapshots WHERE kind IN ('hashtags', 'users')`,
    );
    const hashtags = rows.find((r) => r.kind === 'hashtags');
    const users = rows.find((r) => r.kind === 'users');
    if (!hashtags || !users) return null;
    return {
      hashtags: hashtags.payload as HashtagTrend[],
      candidates: users.payload as string[],
      ageMs: Math.max(hashtags.age_ms, users.age_ms),
    };
  }

  /** Which of `ids` the viewer follows: primary key lookups on follows, at most one per candidate. */
  /**
   * The first `limit` of `candidates`, in their order, that are active, not limited (a ranking
   * computed before the limit may still hold the account), discoverable (issue 26) and neither the viewer nor followed by them: one statement of primary-key lookups (users, then follows) that stops at
   * `limit` finds, answering the fields a user response shows.
   */
  suggestionsSql(viewerId: string | null, candidates: string[], limit: number): Sql {
    return {
      text: `SELECT u.id, u.username, u.display_name AS "displayName", u.bio, u.location, u.website,
                    u.created_at AS "createdAt", u.is_verified AS "isVerified", u.is_active AS "isActive", u.role,
                    u.following_count AS "followingCount", u.followers_count AS "followersCount",
                    u.posts_count AS "postsCount", u.cover_image AS "coverImage", u.profile_image AS "profileImage"
               FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, ord)
               JOIN users u ON u.id = c.id
              WHERE u.is_active AND NOT u.limited AND u.discoverable AND NOT u.protected
                AND ($1::uuid IS NULL OR (
                      u.id <> $1::uuid
                      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1::uuid AND f.followee_id = u.id)
                      AND ${notBlockedSql('$1', 'u.id')}))
              ORDER BY c.ord
              LIMIT $3`,
      params: [viewerId, candidates, limit],
    };
  }

  async suggestions(viewerId: string | null, candidates: string[], limit: number): Promise<SuggestedUser[]> {
    if (!candidates.length || limit < 1) return [];
    const sql = this.suggestionsSql(viewerId, candidates, limit);
    // Who-to-follow may be a second late for anyone (database/read-replicas.ts).
    return replicaRows<SuggestedUser>(this.dataSource, { name: 'trending_suggestions', text: sql.text, values: sql.params }, 'any');
  }

  /**
   * When the viewer already follows (nearly) every candidate: the newest active accounts they do
   * not follow, outside `exclude`. Walks idx_users_created_at newest first with a primary key
   * lookup on follows per account, so it stops after `limit` finds.
   */
  newestNotFollowedSql(viewerId: string | null, exclude: string[], limit: number): Sql {
    return {
      text: `SELECT u.id FROM users u
              WHERE u.is_active AND NOT u.limited AND u.discoverable AND NOT u.protected AND u.id <> ALL($2::uuid[])
                AND ($1::uuid IS NULL OR (
                      u.id <> $1::uuid
                      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1::uuid AND f.followee_id = u.id)))
              ORDER BY u.created_at DESC, u.id DESC
              LIMIT $3`,
      params: [viewerId, exclude, limit],
    };
  }

  async newestNotFollowed(viewerId: string | null, exclude: string[], limit: number): Promise<string[]> {
    const sql = this.newestNotFollowedSql(viewerId, exclude, limit);
    const rows = await replicaRows<{ id: string }>(this.dataSource, { name: 'trending_newest_not_followed', text: sql.text, values: sql.params }, 'any');
    return rows.map((r) => r.id);
  }

  /** Every hidden hashtag (a short list staff keep): each node filters what it serves by it. */
  async hiddenTags(): Promise<string[]> {
    const rows = await poolRows<{ tag: string }>(this.dataSource, { name: 'trending_hidden_tags', text: 'SELECT tag FROM hidden_hashtags' });
    return rows.map((row) => row.tag);
  }

  /** The newest `limit` hidden hashtags with who hid them: a walk of idx_hidden_hashtags_hidden_at. */
  hiddenList(limit: number): Promise<{ tag: string; hidden_at: Date; hidden_by: string | null; username: string | null }[]> {
    return poolRows(this.dataSource, {
      text: `SELECT h.tag, h.hidden_at, u.id AS hidden_by, u.username
               FROM hidden_hashtags h LEFT JOIN users u ON u.id = h.hidden_by
              ORDER BY h.hidden_at DESC, h.tag LIMIT $1`,
      values: [limit],
    });
  }

  /** True when the tag was not hidden before (on `em`'s transaction). */
  async hide(em: EntityManager, tag: string, staffId: string): Promise<boolean> {
    const rows = await queryRows(em, 'INSERT INTO hidden_hashtags (tag, hidden_by) VALUES ($1, $2) ON CONFLICT (tag) DO NOTHING RETURNING tag', [tag, staffId]);
    return rows.length === 1;
  }

  /** True when the tag was hidden (on `em`'s transaction). */
  async unhide(em: EntityManager, tag: string): Promise<boolean> {
    const rows = await queryRows(em, 'DELETE FROM hidden_hashtags WHERE tag = $1 RETURNING tag', [tag]);
    return rows.length === 1;
  }
}
