import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trend review (docs/wire-contract.md#trend-review): hashtags staff hid from the trends. The
 * ranking's refresh leaves them out and every node filters the ranking it serves by this list.
 * `tag` as posts store their hashtags (Turkish lowercase, without `#`); `hidden_by` is not a
 * foreign key, as in the audit log: the row outlives the staff account. The back office lists them
 * newest first from idx_hidden_hashtags_hidden_at.
 */
export class HiddenHashtags1764820000004 implements MigrationInterface {
  name = 'HiddenHashtags1764820000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "hidden_hashtags" (
        "tag" varchar(100) PRIMARY KEY,
        "hidden_by" uuid,
        "hidden_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "idx_hidden_hashtags_hidden_at" ON "hidden_hashtags" ("hidden_at" DESC, "tag")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "hidden_hashtags"`);
  }
}
