import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ranked `Size özel` feed (issue 26, docs/architecture.md#size-özel-sıralı-akış): the candidate
 * posts precomputed on one node, re-ranked per member at read time.
 *
 * - `ranked_versions`: one row per recomputation (`version`, its moment `computed_at`). A page's
 *   snapshot cursor names its version, so the candidates and their scores stay what they were for
 *   every page of one reading; versions older than RANKED_KEEP_VERSIONS_FOR are dropped (cascade).
 * - `ranked_candidates`: a version's recent top-level posts with their global score (log-scaled
 *   engagement decayed with age), at most a few thousand per version. No foreign key to posts: a
 *   deleted post's candidate row is skipped by the page read (which joins posts), so a delete
 *   costs nothing here; the version's drop removes it.
 */
export class RankedFeed1764900000600 implements MigrationInterface {
  name = 'RankedFeed1764900000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "ranked_versions" (
        "version" integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "computed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "ranked_candidates" (
        "version" integer NOT NULL REFERENCES "ranked_versions" ("version") ON DELETE CASCADE,
        "post_id" uuid NOT NULL,
        "author_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL,
        "score" double precision NOT NULL,
        PRIMARY KEY ("version", "post_id")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "ranked_candidates"`);
    await q.query(`DROP TABLE "ranked_versions"`);
  }
}
