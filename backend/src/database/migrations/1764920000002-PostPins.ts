import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pinned posts (issue 27, docs/product.md#profile-sabitle): a member pins one of their own posts to
 * the top of their profile. `posts.is_pinned` has been on every row since CreatePosts (always
 * false until now); this partial unique index makes it at most one per author in the database
 * itself, and is the profile's read of that post (one key probe, whatever the member wrote).
 * It holds only the pinned rows: one per member who pinned, never a posts-sized index.
 */
export class PostPins1764920000002 implements MigrationInterface {
  name = 'PostPins1764920000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX "idx_posts_author_pinned" ON "posts" ("author_id") WHERE "is_pinned"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_posts_author_pinned"`);
  }
}
