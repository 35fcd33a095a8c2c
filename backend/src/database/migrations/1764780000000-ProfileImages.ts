import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Avatars and header images (issue 24; docs/architecture.md#media).
 *
 * Two columns on `users`, not a table: a member has at most one avatar and one header, and the
 * storage key sits beside the public URL the user object already carries (`profile_image`,
 * `cover_image`, in every select of a user: posts' authors, notification actors, people lists).
 * The URL is denormalised like `posts.media`: every list keeps reading the row it already reads,
 * no join. The key is what MediaService.releaseKeys checks before deleting a file (the partial
 * indexes serve that check: only the members with a picture are in them). Nullable columns
 * without a default: PostgreSQL adds them without rewriting the table.
 */
export class ProfileImages1764780000000 implements MigrationInterface {
  name = 'ProfileImages1764780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN "profile_image_key" varchar(100), ADD COLUMN "cover_image_key" varchar(100)`);
    await q.query(`CREATE INDEX "idx_users_profile_image_key" ON "users" ("profile_image_key") WHERE "profile_image_key" IS NOT NULL`);
    await q.query(`CREATE INDEX "idx_users_cover_image_key" ON "users" ("cover_image_key") WHERE "cover_image_key" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_users_cover_image_key"`);
    await q.query(`DROP INDEX "idx_users_profile_image_key"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "cover_image_key", DROP COLUMN "profile_image_key"`);
  }
}
