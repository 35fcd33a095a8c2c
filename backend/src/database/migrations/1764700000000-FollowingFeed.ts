import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `Takip edilenler` feed (issue 15), read by fan-out on read (docs/architecture.md#takip-edilenler-akışı):
 *
 * - `idx_posts_created_author`: idx_posts_created's order with the author beside it, so the
 *   feed walks the newest posts and keeps those of followed accounts without visiting the table
 *   (an index-only scan; the heap is read only for the page's rows).
 * - `idx_reposts_created`: the same walk over reposts, with the reposter beside it.
 * - `idx_reposts_user_created`: one account's reposts, newest first: the per-account reads of a
 *   member who follows few (or quiet) accounts, where a walk over everything would find little.
 *
 * Per-account posts are already served by idx_posts_author_created.
 */
export class FollowingFeed1764700000000 implements MigrationInterface {
  name = 'FollowingFeed1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_posts_created_author" ON "posts" ("created_at" DESC, "id" DESC) INCLUDE ("author_id")`);
    await q.query(`CREATE INDEX "idx_reposts_created" ON "reposts" ("created_at" DESC, "post_id" DESC) INCLUDE ("user_id")`);
    await q.query(`CREATE INDEX "idx_reposts_user_created" ON "reposts" ("user_id", "created_at" DESC, "post_id" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_reposts_user_created"`);
    await q.query(`DROP INDEX "idx_reposts_created"`);
    await q.query(`DROP INDEX "idx_posts_created_author"`);
  }
}
