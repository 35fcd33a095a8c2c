import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `limit` account action (issue 25, docs/architecture.md#moderation): a limited account's
 * posts leave the lists of everyone but its followers (the everyone timeline, `Popüler`, post
 * search, trends) and the account leaves people search, who-to-follow and mention suggestions
 * for non-followers. Its profile, direct links and replies in threads stay.
 *
 * - `account_actions.kind` accepts `limit` (the CHECK rewritten; a limit has no end date: the
 *   ends_at CHECK keeps it to suspensions), and at most one standing limit per account (the
 *   unique index of standing actions rebuilt with it).
 * - `users.limited`: set in the action's transaction, cleared by its undo or an accepted appeal.
 *   It sits on the author row every list already joins, so the filter (social/limits.sql.ts) is
 *   a column test, and a key probe of follows only for a limited author's rows.
 * - `idx_users_limited`: the few limited accounts, for `Popüler`'s anti-join (it reads posts
 *   before their authors, as it does for the inactive ones with idx_users_inactive).
 *
 * The column has a constant default: metadata only, no rewrite of users.
 */
export class AccountLimits1764870000001 implements MigrationInterface {
  name = 'AccountLimits1764870000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT IF EXISTS "account_actions_kind_check"`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_kind_check" CHECK ("kind" IN ('warn', 'sensitive_media', 'suspend', 'limit'))`);
    await q.query(`DROP INDEX IF EXISTS "uq_account_actions_standing"`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_account_actions_standing" ON "account_actions" ("target_id", "kind") WHERE "kind" IN ('suspend', 'sensitive_media', 'limit') AND "lifted_at" IS NULL`,
    );
    await q.query(`ALTER TABLE "users" ADD COLUMN "limited" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX "idx_users_limited" ON "users" ("id") WHERE "limited"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_users_limited"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "limited"`);
    await q.query(`DELETE FROM "account_actions" WHERE "kind" = 'limit'`);
    await q.query(`DROP INDEX IF EXISTS "uq_account_actions_standing"`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_account_actions_standing" ON "account_actions" ("target_id", "kind") WHERE "kind" IN ('suspend', 'sensitive_media') AND "lifted_at" IS NULL`,
    );
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT IF EXISTS "account_actions_kind_check"`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_kind_check" CHECK ("kind" IN ('warn', 'sensitive_media', 'suspend'))`);
  }
}
