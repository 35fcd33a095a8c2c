import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edits with history (issue 27, docs/product.md#düzenleme): `posts.edited_at` is the time of the
 * latest edit (NULL: never edited; `is_edited` stays the flag every list reads). `post_edits`
 * holds every version of an edited post, as Mastodon's `status_edits`: the first edit writes the
 * original (at the post's created_at) and the new text, each later edit its own. A version keeps
 * its text, pictures (the wire's Media[] as they were then) and `sensitive`; it goes with the
 * post. `idx_post_edits_post` is the history's keyset walk (newest first).
 * Adding a nullable column without a default rewrites no row: instant at any size.
 * The `edit` notification (a post the member reposted was edited) joins the kinds' check.
 */
export class PostEdits1764920000001 implements MigrationInterface {
  name = 'PostEdits1764920000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" ADD COLUMN "edited_at" timestamptz`);
    await q.query(`
      CREATE TABLE "post_edits" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "content" varchar(1000) NOT NULL,
        "media" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "sensitive" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX "idx_post_edits_post" ON "post_edits" ("post_id", "created_at" DESC, "id" DESC)`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(
      `ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation', 'edit'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notification_groups" WHERE "type" = 'edit'`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(
      `ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation'))`,
    );
    await q.query(`DROP TABLE "post_edits"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "edited_at"`);
  }
}
