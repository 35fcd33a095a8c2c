import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People search finds a display name by any of its words (`Yılmaz` finds Ayşe Yılmaz), not only
 * by its start (migration 1764730000000), and still reads a bounded range of an index.
 *
 * A B-tree key is one per row, and a GIN index over the words answers equality, not a prefix
 * (a trigram index would, but a one- or two-letter search would read every match before sorting,
 * and the planner would rather scan the table). So the name's later words get rows of their own:
 * `user_name_words` holds, per account, the name from each word after the first on (folded by
 * user_name_fold(), so `İ`/`I`/`ı` and `ş`/`s`… agree as in the prefix search): `Ayşe Nur Yılmaz`
 * has `nur yilmaz` and `yilmaz`. A search is then a prefix range of idx_user_name_words_rest,
 * stopping after `limit` rows like the other branches, and a typed `nur yıl` matches too. The
 * first word is the display-name prefix index's already.
 *
 * Kept by PostgreSQL: a statement trigger on insert (a bulk seed costs one set-based insert) and
 * a row trigger when a display name changes; the rows go with the account (foreign key). About
 * one row per extra word: two or three for most names, bounded by the name's 50 characters.
 */
export class PeopleSearchWords1764750000000 implements MigrationInterface {
  name = 'PeopleSearchWords1764750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION user_name_rests(name text) RETURNS TABLE (rest text)
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$
          SELECT array_to_string(w[i:], ' ')
            FROM (SELECT regexp_split_to_array(btrim(user_name_fold(name)), '\\s+') AS w) s,
                 generate_series(2, cardinality(s.w)) AS i
        $$`);
    await q.query(`
      CREATE TABLE "user_name_words" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "rest" text NOT NULL,
        PRIMARY KEY ("user_id", "rest")
      )`);
    await q.query(`CREATE INDEX "idx_user_name_words_rest" ON "user_name_words" ("rest" text_pattern_ops)`);
    await q.query(`
      CREATE FUNCTION user_name_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO user_name_words (user_id, rest)
        SELECT n.id, r.rest FROM inserted_users n CROSS JOIN LATERAL user_name_rests(n.display_name) r;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "trg_user_name_words_insert" AFTER INSERT ON "users"
        REFERENCING NEW TABLE AS inserted_users FOR EACH STATEMENT EXECUTE FUNCTION user_name_words_inserted()`);
    await q.query(`
      CREATE FUNCTION user_name_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM user_name_words WHERE user_id = NEW.id;
        INSERT INTO user_name_words (user_id, rest) SELECT NEW.id, r.rest FROM user_name_rests(NEW.display_name) r;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "trg_user_name_words_rename" AFTER UPDATE OF "display_name" ON "users"
        FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name") EXECUTE FUNCTION user_name_words_renamed()`);
    await q.query(`INSERT INTO user_name_words (user_id, rest) SELECT u.id, r.rest FROM users u CROSS JOIN LATERAL user_name_rests(u.display_name) r`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "trg_user_name_words_rename" ON "users"`);
    await q.query(`DROP TRIGGER "trg_user_name_words_insert" ON "users"`);
    await q.query(`DROP FUNCTION user_name_words_renamed()`);
    await q.query(`DROP FUNCTION user_name_words_inserted()`);
    await q.query(`DROP TABLE "user_name_words"`);
    await q.query(`DROP FUNCTION user_name_rests(text)`);
  }
}
