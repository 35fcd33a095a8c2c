import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-office dashboard's media totals, measured and kept (docs/architecture.md#media).
 *
 * One row, as `settings`: the last walk of the storage (`files`, `bytes`, `measured_at`; NULL
 * until the first walk finished) and `walk_until`, the claim of the node walking now (a lease:
 * it lapses on its own when that node dies mid-walk). Every node reads the same figure, so only
 * one of them walks when it is stale (MediaStatsService). bigint: a store of a few million
 * pictures passes 2 GiB.
 */
export class MediaStats1764790000000 implements MigrationInterface {
  name = 'MediaStats1764790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "media_stats" (
        "id" smallint PRIMARY KEY DEFAULT 1 CONSTRAINT "chk_media_stats_single_row" CHECK ("id" = 1),
        "files" bigint NOT NULL DEFAULT 0,
        "bytes" bigint NOT NULL DEFAULT 0,
        "measured_at" timestamptz,
        "walk_until" timestamptz
      )`);
    await q.query(`INSERT INTO "media_stats" ("id") VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "media_stats"`);
  }
}
