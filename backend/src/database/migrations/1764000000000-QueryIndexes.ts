import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes and a table so that no request path scans a table that grows with posts or users
 * (issue 9): the back-office user search, the dashboard's small filtered counts, and the
 * precomputed trends that the sidebar reads.
 */
export class QueryIndexes1764000000000 implements MigrationInterface {
  name = 'QueryIndexes1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // concat_ws() is only STABLE, so the old search expression could not be indexed. This one is
    // IMMUTABLE (every column is NOT NULL, so || never yields NULL) and holds both lowered forms
    // in one text: the Turkish one (I → ı, İ → i) and the plain one (I → i), so a single trigram
    // index serves `ismail` → `İsmail` and `isik` → `ISIK`. The separator keeps a match from
    // spanning two fields; a search text never contains a newline (it is trimmed, one line).
    await q.query(`
      CREATE FUNCTION user_search_text(username text, email text, display_name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN lower(translate(username || E'\\n' || email || E'\\n' || display_name, 'IİŞĞÜÖÇ', 'ıişğüöç'))
          || E'\\n' || lower(username || E'\\n' || email || E'\\n' || display_name)`);
    await q.query(`CREATE INDEX "idx_users_search_trgm" ON "users" USING gin (user_search_text("username", "email", "display_name") gin_trgm_ops)`);
    // The dashboard counts small sets of accounts: each is an index-only count over a tiny index.
    await q.query(`CREATE INDEX "idx_users_verified" ON "users" ("id") WHERE "is_verified"`);
    await q.query(`CREATE INDEX "idx_users_inactive" ON "users" ("id") WHERE NOT "is_active"`);
    await q.query(`CREATE INDEX "idx_users_admins" ON "users" ("id") WHERE "role" = 'admin'`);
    // One row per kind of trend ('hashtags', 'users'): computed by one node at a time in the
    // background, read by every node (see trending/trending-snapshots.ts).
    await q.query(`
      CREATE TABLE "trending_snapshots" (
        "kind" varchar(32) PRIMARY KEY,
        "payload" jsonb NOT NULL,
        "computed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "trending_snapshots"`);
    await q.query(`DROP INDEX "idx_users_admins"`);
    await q.query(`DROP INDEX "idx_users_inactive"`);
    await q.query(`DROP INDEX "idx_users_verified"`);
    await q.query(`DROP INDEX "idx_users_search_trgm"`);
    await q.query(`DROP FUNCTION user_search_text(text, text, text)`);
  }
}
