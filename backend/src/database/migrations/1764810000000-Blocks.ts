import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocks (issue 25): `blocker_id` blocks `blocked_id`. The primary key (blocker, blocked) answers
 * "does the viewer block this account" and, read the other way round, the reverse index
 * (blocked, blocker) "does this account block the viewer": every read filter is two key probes
 * (social/blocks.sql.ts), whatever the number of posts. The viewer's own list
 * (`Engellenenler`, newest block first) pages on idx_blocks_blocker_created. A CHECK refuses blocking oneself; both rows go with either account.
 */
export class Blocks1764810000000 implements MigrationInterface {
  name = 'Blocks1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "blocks" (
        "blocker_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "blocked_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("blocker_id", "blocked_id"),
        CONSTRAINT "chk_blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
      )`);
    await q.query(`CREATE UNIQUE INDEX "idx_blocks_blocked_blocker" ON "blocks" ("blocked_id", "blocker_id")`);
    await q.query(`CREATE INDEX "idx_blocks_blocker_created" ON "blocks" ("blocker_id", "created_at" DESC, "blocked_id" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "blocks"`);
  }
}
