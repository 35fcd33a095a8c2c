import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** How far back "trending" looks. */
export const TRENDING_WINDOW = '7 days';

export interface HashtagTrend {
  hashtag: string;
  postCount: number;
  engagementScore: number;
}

@Injectable()
export class TrendingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Hashtags of the posts of the last 7 days (active authors only), ranked by how many posts
   * carry them. engagementScore = Σ (likes + 2 × reposts + replies) over those posts, with the
   * posts' current counters; it breaks ties in postCount, then the tag's alphabetical order.
   * The range on created_at is served by idx_posts_created.
   */
  async hashtags(limit: number): Promise<HashtagTrend[]> {
    const rows: { hashtag: string; post_count: number; engagement_score: number }[] = await this.dataSource.query(
      `SELECT tag AS hashtag,
              count(*)::int AS post_count,
              sum(p.like_count + 2 * p.retweet_count + p.reply_count)::int AS engagement_score
         FROM posts p
         JOIN users u ON u.id = p.author_id AND u.is_active
         CROSS JOIN LATERAL unnest(p.hashtags) AS tag
        WHERE p.created_at > now() - interval '${TRENDING_WINDOW}'
        GROUP BY tag
        ORDER BY post_count DESC, engagement_score DESC, tag ASC
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ hashtag: r.hashtag, postCount: r.post_count, engagementScore: r.engagement_score }));
  }

  /**
   * Ids of active accounts to suggest, best first: never the viewer nor anyone the viewer
   * follows; ranked by posts in the last 7 days, then followers, then newest account.
   */
  async suggestedUserIds(viewerId: string | null, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `WITH recent AS (
         SELECT author_id, count(*)::int AS posts
           FROM posts
          WHERE created_at > now() - interval '${TRENDING_WINDOW}'
          GROUP BY author_id
       )
       SELECT u.id
         FROM users u
         LEFT JOIN recent r ON r.author_id = u.id
        WHERE u.is_active
          AND ($1::uuid IS NULL OR (
                u.id <> $1::uuid
                AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1::uuid AND f.followee_id = u.id)))
        ORDER BY coalesce(r.posts, 0) DESC, u.followers_count DESC, u.created_at DESC, u.id
        LIMIT $2`,
      [viewerId, limit],
    );
    return rows.map((r) => r.id);
  }
}
