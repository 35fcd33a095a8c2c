import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookmarks (issue 27, docs/product.md#yer-işaretleri): a member's private list of posts, newest
 * bookmark first. One row per (member, post); a post's deletion or a member's removes its rows.
 * `idx_bookmarks_user_created` is the list's keyset walk (the member's bookmarks by time), the
 * primary key the add, the remove and the `⋯` menu's state.
 */
export class Bookmarks1764910000001 implements MigrationInterface {
  name = 'Bookmarks1764910000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "bookmarks" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "post_id")
      )`);
    await q.query(`CREATE INDEX "idx_bookmarks_user_created" ON "bookmarks" ("user_id", "created_at" DESC, "post_id" DESC)`);
    // A post's deletion finds its bookmarks by this index, not by a scan of everyone's.
    await q.query(`CREATE INDEX "idx_bookmarks_post" ON "bookmarks" ("post_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "bookmarks"`);
  }
}
