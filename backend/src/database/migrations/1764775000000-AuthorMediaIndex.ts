import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile's Medya tab (issue 24): a member's posts with pictures, newest first. Like the
 * Yanıtlar tab's index, a partial one holds only the posts it lists, so the keyset walk reads no
 * text-only post of theirs (posts.media is `[]` on most posts; media.posts.e2e-spec EXPLAINs it).
 */
export class AuthorMediaIndex1764775000000 implements MigrationInterface {
  name = 'AuthorMediaIndex1764775000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_posts_author_media" ON "posts" ("author_id", "created_at" DESC, "id" DESC) WHERE "media" <> '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_posts_author_media"`);
  }
}
