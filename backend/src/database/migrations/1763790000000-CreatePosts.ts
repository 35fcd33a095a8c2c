import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePosts1763790000000 implements MigrationInterface {
  name = 'CreatePosts1763790000000';

  async up(q: QueryRunner): Promise<void> {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it without superuser.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    // content is varchar(1000) on purpose: the service enforces the length (280 now, an admin
    // setting of at most 500 later), so changing the limit needs no migration.
    await q.query(`
      CREATE TABLE "posts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "author_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "content" varchar(1000) NOT NULL,
        "reply_to_id" uuid REFERENCES "posts" ("id") ON DELETE SET NULL,
        "hashtags" text[] NOT NULL DEFAULT '{}',
        "links" text[] NOT NULL DEFAULT '{}',
        "like_count" integer NOT NULL DEFAULT 0 CHECK ("like_count" >= 0),
        "retweet_count" integer NOT NULL DEFAULT 0 CHECK ("retweet_count" >= 0),
        "reply_count" integer NOT NULL DEFAULT 0 CHECK ("reply_count" >= 0),
        "view_count" integer NOT NULL DEFAULT 0 CHECK ("view_count" >= 0),
        "is_edited" boolean NOT NULL DEFAULT false,
        "is_pinned" boolean NOT NULL DEFAULT false,
        "search_text" text NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Keyset pagination: each list reads one of these in order and stops after a page.
    await q.query(`CREATE INDEX "idx_posts_created" ON "posts" ("created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_posts_author_created" ON "posts" ("author_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_posts_reply_to_created" ON "posts" ("reply_to_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "idx_posts_hashtags" ON "posts" USING gin ("hashtags")`);
    // search_text is the content lowercased with Turkish rules in the application; LIKE '%q%'
    // on it is answered by this trigram index.
    await q.query(`CREATE INDEX "idx_posts_search_trgm" ON "posts" USING gin ("search_text" gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE "likes" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "post_id")
      )`);
    await q.query(`CREATE INDEX "idx_likes_post" ON "likes" ("post_id")`);

    await q.query(`
      CREATE TABLE "reposts" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "post_id")
      )`);
    await q.query(`CREATE INDEX "idx_reposts_post" ON "reposts" ("post_id")`);

    await q.query(`
      CREATE TABLE "follows" (
        "follower_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "followee_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("follower_id", "followee_id"),
        CONSTRAINT "chk_follows_not_self" CHECK ("follower_id" <> "followee_id")
      )`);
    await q.query(`CREATE INDEX "idx_follows_followee" ON "follows" ("followee_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "follows"`);
    await q.query(`DROP TABLE "reposts"`);
    await q.query(`DROP TABLE "likes"`);
    await q.query(`DROP TABLE "posts"`);
    // pg_trgm stays: other objects may use it, and IF NOT EXISTS makes up() rerunnable.
  }
}
