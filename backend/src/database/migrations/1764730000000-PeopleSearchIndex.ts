import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finding people by the start of their display name (issue 15, explore's people results and the
 * messages screen's picker), served by an index like the username prefix of the `@` suggestions
 * (idx_users_username_prefix).
 *
 * user_name_fold() is the Turkish lowering of user_search_text() (migration 1764000000000:
 * `İ`/`I`, `Ş`, `Ğ`… lowered explicitly by translate(), since lower() alone depends on the
 * collation), taken one step further to the letters a username would use (`ı` → `i`, `ş` → `s`,
 * `ç` → `c`…, as users/username-prefix.ts folds `@` prefixes). A prefix index needs one key per
 * name, and a member typing `ism`, `İsm`, `ISM` or `ısm` means İsmail every time, so every
 * spelling folds to the same key. The query's prefix goes through the same function in SQL, so
 * both sides always agree. Only active accounts are indexed: deactivated ones are never found.
 */
export class PeopleSearchIndex1764730000000 implements MigrationInterface {
  name = 'PeopleSearchIndex1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION user_name_fold(name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN translate(lower(translate(name, 'IİŞĞÜÖÇÂÎÛ', 'iişğüöçâîû')), 'ışğüöçâîû', 'isguocaiu')`);
    await q.query(`CREATE INDEX "idx_users_display_name_prefix" ON "users" (user_name_fold("display_name") text_pattern_ops) WHERE "is_active"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_users_display_name_prefix"`);
    await q.query(`DROP FUNCTION user_name_fold(text)`);
  }
}
