import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quote posts (issue 27, docs/product.md#alıntılar). A quote is a post of its own whose
 * `quote_of_id` names the quoted post. No foreign key: a deleted quoted post leaves the id, which
 * reads as `Bu gönderi artık yok` (Mastodon keeps a quote's record the same way). The quoted
 * post's `quote_count` moves in the statement that writes or deletes the quote (as reply_count),
 * with the engagement version. `quotable` is the author's quote policy of the post (Mastodon
 * 4.4): false refuses new quotes and shows existing ones' card as unavailable.
 * `idx_posts_quote_of` is the `Alıntılar` list's keyset walk and the edit notification's quoters.
 * The `quote` notification (the quoted author is told) joins the kinds' check.
 * Columns with a constant default rewrite no row; the CHECK reads the table once.
 */
export class QuotePosts1764920000003 implements MigrationInterface {
  name = 'QuotePosts1764920000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" ADD COLUMN "quote_of_id" uuid`);
    await q.query(`ALTER TABLE "posts" ADD COLUMN "quote_count" integer NOT NULL DEFAULT 0 CHECK ("quote_count" >= 0)`);
    await q.query(`ALTER TABLE "posts" ADD COLUMN "quotable" boolean NOT NULL DEFAULT true`);
    await q.query(`CREATE INDEX "idx_posts_quote_of" ON "posts" ("quote_of_id", "created_at" DESC, "id" DESC) WHERE "quote_of_id" IS NOT NULL`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(
      `ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation', 'edit', 'quote'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notification_groups" WHERE "type" = 'quote'`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(
      `ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation', 'edit'))`,
    );
    await q.query(`DROP INDEX "idx_posts_quote_of"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "quotable"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "quote_count"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "quote_of_id"`);
  }
}
