import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mutes and muted words (issue 25, docs/product.md#sessize-almak).
 *
 * `mutes`: `muter_id` no longer sees `muted_id`'s posts, reposts and notifications in their feeds;
 * the muted member is not told and sees nothing different. The primary key (muter, muted) is the
 * read filter's one key probe per row (social/mutes.sql.ts); the reverse index (muted, muter)
 * finds the muters of a post's author for the socket pushes; idx_mutes_muter_created pages the
 * muter's own list. `expires_at` NULL: until undone; a past time stops applying at once (every
 * read compares it with now(), no job).
 *
 * `muted_words`: a member's muted words or `#hashtags`, at most MUTED_WORDS_MAX active ones each.
 * `normalised` is the word lowercased with Turkish rules (as posts.search_text), unique per member;
 * `pattern` the whole-word regular expression the reads match search_text with; `head` its first
 * word, by which idx_muted_words_head finds the members a pushed post could concern.
 */
export class Mutes1764860000001 implements MigrationInterface {
  name = 'Mutes1764860000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "mutes" (
        "muter_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "muted_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz,
        PRIMARY KEY ("muter_id", "muted_id"),
        CONSTRAINT "chk_mutes_not_self" CHECK ("muter_id" <> "muted_id")
      )`);
    await q.query(`CREATE UNIQUE INDEX "idx_mutes_muted_muter" ON "mutes" ("muted_id", "muter_id")`);
    await q.query(`CREATE INDEX "idx_mutes_muter_created" ON "mutes" ("muter_id", "created_at" DESC, "muted_id" DESC)`);
    await q.query(`
      CREATE TABLE "muted_words" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "word" varchar(100) NOT NULL,
        "normalised" varchar(200) NOT NULL,
        "head" varchar(200) NOT NULL,
        "pattern" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX "idx_muted_words_user_normalised" ON "muted_words" ("user_id", "normalised")`);
    await q.query(`CREATE INDEX "idx_muted_words_user_created" ON "muted_words" ("user_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_muted_words_head" ON "muted_words" ("head", "user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "muted_words"`);
    await q.query(`DROP TABLE "mutes"`);
  }
}
