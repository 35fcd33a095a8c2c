import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (issue 14), stored per recipient and grouped the way Mastodon and X group them:
 *
 * - `notification_groups`: one row per (recipient, type, post) — every like of one post is one
 *   group, every repost another, all follows one group (post NULL), each reply and each mention
 *   a group of its own (post = the reply or the mentioning post). `latest_at` is the newest
 *   actor's time, `read_at` the `latest_at` the recipient had seen when marking it read, so a
 *   group with a newer actor is unread again; `unread` is kept by PostgreSQL (generated).
 *   Unique NULLS NOT DISTINCT (PostgreSQL 15+), so the follows group (post NULL) is one row too.
 * - `notifications`: one row per actor of a group, so undoing a like removes exactly that actor
 *   and the group shows its newest actors and an exact count.
 *
 * Both cascade from posts and users: a deleted post's notifications disappear with it.
 *
 * `posts.mentions`: the usernames (as the accounts spell them) a post mentions that existed when
 * it was written, so the post object can link only real accounts without a lookup per read.
 * A NOT NULL column with a constant default is metadata only (no rewrite at a million posts).
 *
 * `idx_users_username_prefix`: the `@` autocompletion's prefix range over lower(username) with
 * text_pattern_ops (byte order, whatever the database's collation), active accounts only.
 */
export class Notifications1764600000000 implements MigrationInterface {
  name = 'Notifications1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" ADD COLUMN "mentions" text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      CREATE TABLE "notification_groups" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "recipient_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "type" varchar(16) NOT NULL CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention')),
        "post_id" uuid REFERENCES "posts" ("id") ON DELETE CASCADE,
        "latest_at" timestamptz NOT NULL,
        "read_at" timestamptz,
        "unread" boolean GENERATED ALWAYS AS ("read_at" IS NULL OR "latest_at" > "read_at") STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_notification_groups_key" ON "notification_groups" ("recipient_id", "type", "post_id") NULLS NOT DISTINCT`);
    await q.query(`CREATE INDEX "idx_notification_groups_recipient_latest" ON "notification_groups" ("recipient_id", "latest_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_notification_groups_unread" ON "notification_groups" ("recipient_id") WHERE "unread"`);
    // The post's cascade looks groups up by post.
    await q.query(`CREATE INDEX "idx_notification_groups_post" ON "notification_groups" ("post_id") WHERE "post_id" IS NOT NULL`);
    await q.query(`
      CREATE TABLE "notifications" (
        "group_id" uuid NOT NULL REFERENCES "notification_groups" ("id") ON DELETE CASCADE,
        "actor_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL,
        PRIMARY KEY ("group_id", "actor_id")
      )`);
    await q.query(`CREATE INDEX "idx_notifications_group_created" ON "notifications" ("group_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "idx_notifications_actor" ON "notifications" ("actor_id")`);
    await q.query(`CREATE INDEX "idx_users_username_prefix" ON "users" (lower("username") text_pattern_ops) WHERE "is_active"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_users_username_prefix"`);
    await q.query(`DROP TABLE "notifications"`);
    await q.query(`DROP TABLE "notification_groups"`);
    await q.query(`ALTER TABLE "posts" DROP COLUMN "mentions"`);
  }
}
