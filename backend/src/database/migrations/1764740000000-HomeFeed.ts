import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The materialised `Takip edilenler` feed (issue 15, docs/architecture.md#takip-edilenler-akışı):
 * a member's newest feed items are kept as rows, written when a post or repost of an account they
 * follow commits (fan-out on write), so a page is one range of an index instead of a walk over
 * everyone's newest posts.
 *
 * - `home_feed_owners`: the members whose feed is kept. A feed is built at its first read (only
 *   `ready` ones are read; writers already include the others), dropped when the member follows
 *   or unfollows someone or a followed account is (de)activated (the next read builds it again),
 *   and dropped after 14 days without a read. Items at or above (`floor_at`, `floor_id`) are
 *   complete; below it (or with no row) the feed is read on request. A NULL floor: everything.
 * - `home_feed`: one row per (member, post), at the post's newest event the member sees (its own
 *   time, or the newest repost by an account they follow) with that reposter; keyset pages on
 *   (at, post_id) as the API's cursor. Deleting a post or an owner deletes its rows.
 */
export class HomeFeed1764740000000 implements MigrationInterface {
  name = 'HomeFeed1764740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "home_feed_owners" (
        "owner_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "ready" boolean NOT NULL DEFAULT false,
        "floor_at" timestamptz,
        "floor_id" uuid,
        "read_at" timestamptz NOT NULL DEFAULT now(),
        "trimmed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "chk_home_feed_owners_floor" CHECK (("floor_at" IS NULL) = ("floor_id" IS NULL))
      )`);
    await q.query(`
      CREATE TABLE "home_feed" (
        "owner_id" uuid NOT NULL REFERENCES "home_feed_owners" ("owner_id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "at" timestamptz NOT NULL,
        "reposter_id" uuid,
        PRIMARY KEY ("owner_id", "post_id")
      ) WITH (fillfactor = 90)`);
    // The page: a range of one owner's items, newest first, index only.
    await q.query(`CREATE INDEX "idx_home_feed_owner_at" ON "home_feed" ("owner_id", "at" DESC, "post_id" DESC) INCLUDE ("reposter_id")`);
    // A deleted post's rows (the foreign key's cascade).
    await q.query(`CREATE INDEX "idx_home_feed_post" ON "home_feed" ("post_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "home_feed"`);
    await q.query(`DROP TABLE "home_feed_owners"`);
  }
}
