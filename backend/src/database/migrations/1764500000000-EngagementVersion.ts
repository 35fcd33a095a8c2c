import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * posts.engagement_version: bumped by 1 in the same UPDATE that moves a post's like, repost or
 * reply count, and returned with the counts. A `post:engagement` event and the post response
 * carry it, so a node's coalescer and a client keep only the newest counts: events of two nodes
 * (or two requests on one node) can arrive in any order, and absolute counts alone cannot tell
 * which is newer.
 *
 * A NOT NULL column with a constant default is metadata only on PostgreSQL 11 and later: no
 * table rewrite and no lock beyond the ALTER's brief one, even at a million posts. The column is
 * in no index, so counter updates stay HOT (1764100000000-CounterFillfactor); four bytes more on
 * a row of about 300 leave that room as it was.
 */
export class EngagementVersion1764500000000 implements MigrationInterface {
  name = 'EngagementVersion1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" ADD COLUMN "engagement_version" integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" DROP COLUMN "engagement_version"`);
  }
}
