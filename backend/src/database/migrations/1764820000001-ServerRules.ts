import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The server rules (docs/wire-contract.md#server-rules): an admin-edited numbered list. `id` is
 * stable while a rule is kept (reports will name the rule they cite by it); `position` is its
 * 0-based place, unique but checked at commit, so a save can reorder the list row by row. The
 * list is short (RULES_LIMITS.maxRules), so it is always read whole.
 */
export class ServerRules1764820000001 implements MigrationInterface {
  name = 'ServerRules1764820000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "server_rules" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "position" smallint NOT NULL CHECK ("position" >= 0),
        "text" varchar(500) NOT NULL CHECK (length(btrim("text")) > 0),
        "hint" varchar(200),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "uq_server_rules_position" UNIQUE ("position") DEFERRABLE INITIALLY DEFERRED
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "server_rules"`);
  }
}
