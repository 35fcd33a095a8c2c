import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763780000000 implements MigrationInterface {
  name = 'CreateUsers1763780000000';

  async up(q: QueryRunner): Promise<void> {
    // gen_random_uuid() is built in from PostgreSQL 13, so this runs on the 15 service and embedded 18.
    await q.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(30) NOT NULL,
        "display_name" varchar(50) NOT NULL,
        "email" varchar(254) NOT NULL,
        "password_hash" varchar(255) NOT NULL,
        "bio" varchar(160) NOT NULL DEFAULT '',
        "location" varchar(30) NOT NULL DEFAULT '',
        "website" varchar(100) NOT NULL DEFAULT '',
        "cover_image" varchar(500),
        "profile_image" varchar(500),
        "is_verified" boolean NOT NULL DEFAULT false,
        "is_email_verified" boolean NOT NULL DEFAULT false,
        "is_active" boolean NOT NULL DEFAULT true,
        "role" varchar(16) NOT NULL DEFAULT 'user' CHECK ("role" IN ('user', 'moderator', 'admin')),
        "following_count" integer NOT NULL DEFAULT 0 CHECK ("following_count" >= 0),
        "followers_count" integer NOT NULL DEFAULT 0 CHECK ("followers_count" >= 0),
        "posts_count" integer NOT NULL DEFAULT 0 CHECK ("posts_count" >= 0),
        "session_version" integer NOT NULL DEFAULT 0,
        "last_login" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_users_username_lower" ON "users" (lower("username"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_users_email_lower" ON "users" (lower("email"))`);
    await q.query(`CREATE INDEX "idx_users_created_at" ON "users" ("created_at" DESC, "id" DESC)`);

    await q.query(`
      CREATE TABLE "user_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "purpose" varchar(32) NOT NULL,
        "token_hash" char(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_user_tokens_hash" ON "user_tokens" ("token_hash")`);
    await q.query(`CREATE INDEX "idx_user_tokens_user_purpose" ON "user_tokens" ("user_id", "purpose")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "user_tokens"`);
    await q.query(`DROP TABLE "users"`);
  }
}
