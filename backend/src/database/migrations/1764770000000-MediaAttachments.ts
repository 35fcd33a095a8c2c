import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pictures in posts (issue 24; docs/architecture.md#media).
 *
 * - `media_attachments`: one row per upload, owned by its uploader until a post takes it
 *   (`post_id`, `position`, `attached_at` set together). The original upload is never kept: a row
 *   names the WebP variants by their content-addressed storage keys (two uploads of the same
 *   bytes share a file, so a file goes only when no row names it any more; the key indexes serve
 *   that check). The sweep deletes unattached rows by age (idx_media_unattached, partial, so it
 *   stays the size of the waiting uploads); a post's rows are found by idx_media_post.
 * - `posts.media`: the post's wire `Media[]`, denormalised, written when media is attached and
 *   when an alt text changes, so every post list reads it in the statement it already runs: no
 *   join, no second query per page. `posts.sensitive`: the author's content warning.
 *   Both are constant defaults: PostgreSQL 11+ adds them without rewriting the table.
 * - the three media limits of the admin settings, with the API's ranges repeated as CHECKs.
 */
export class MediaAttachments1764770000000 implements MigrationInterface {
  name = 'MediaAttachments1764770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "media_attachments" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "post_id" uuid REFERENCES "posts" ("id") ON DELETE CASCADE,
        "position" smallint,
        "type" varchar(16) NOT NULL CHECK ("type" IN ('image', 'animated')),
        "small_key" varchar(100) NOT NULL,
        "small_width" integer NOT NULL,
        "small_height" integer NOT NULL,
        "large_key" varchar(100) NOT NULL,
        "large_width" integer NOT NULL,
        "large_height" integer NOT NULL,
        "still_key" varchar(100),
        "still_width" integer,
        "still_height" integer,
        "bytes" bigint NOT NULL CHECK ("bytes" >= 0),
        "placeholder" text NOT NULL,
        "alt" varchar(1500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "attached_at" timestamptz,
        CONSTRAINT "chk_media_attached" CHECK (("post_id" IS NULL) = ("attached_at" IS NULL) AND ("post_id" IS NULL) = ("position" IS NULL))
      )`);
    await q.query(`CREATE INDEX "idx_media_unattached" ON "media_attachments" ("created_at") WHERE "post_id" IS NULL`);
    await q.query(`CREATE INDEX "idx_media_post" ON "media_attachments" ("post_id", "position") WHERE "post_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "idx_media_owner" ON "media_attachments" ("owner_id")`);
    await q.query(`CREATE INDEX "idx_media_small_key" ON "media_attachments" ("small_key")`);
    await q.query(`CREATE INDEX "idx_media_large_key" ON "media_attachments" ("large_key")`);
    await q.query(`CREATE INDEX "idx_media_still_key" ON "media_attachments" ("still_key") WHERE "still_key" IS NOT NULL`);

    await q.query(`ALTER TABLE "posts" ADD COLUMN "media" jsonb NOT NULL DEFAULT '[]', ADD COLUMN "sensitive" boolean NOT NULL DEFAULT false`);

    await q.query(`
      ALTER TABLE "settings"
        ADD COLUMN "max_images_per_post" smallint NOT NULL DEFAULT 4 CHECK ("max_images_per_post" BETWEEN 1 AND 10),
        ADD COLUMN "max_image_pixels" integer NOT NULL DEFAULT 40000000 CHECK ("max_image_pixels" BETWEEN 1000000 AND 100000000),
        ADD COLUMN "media_uploads_per_hour" integer NOT NULL DEFAULT 60 CHECK ("media_uploads_per_hour" BETWEEN 1 AND 1000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "settings" DROP COLUMN "media_uploads_per_hour", DROP COLUMN "max_image_pixels", DROP COLUMN "max_images_per_post"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "sensitive", DROP COLUMN "media"`);
    await q.query(`DROP TABLE "media_attachments"`);
  }
}
