import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Registration becomes a mode (docs/wire-contract.md#settings): `open`, `approval` (the account is
 * created but signs in only once staff approve it) or `closed`; the old boolean maps true → open,
 * false → closed. `users.approval` is `pending` while an account waits and `rejected` once staff
 * refused it (null: approved, as every account before this migration). A waiting or refused
 * account is also inactive, so it is hidden wherever a deactivated one is. The back office lists
 * the waiting ones newest first from the partial index, which holds only them.
 */
export class RegistrationMode1764820000002 implements MigrationInterface {
  name = 'RegistrationMode1764820000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "settings" ADD COLUMN "registration_mode" varchar(10) NOT NULL DEFAULT 'open'
      CONSTRAINT "chk_settings_registration_mode" CHECK ("registration_mode" IN ('open', 'approval', 'closed'))`);
    await q.query(`UPDATE "settings" SET "registration_mode" = CASE WHEN "registration_enabled" THEN 'open' ELSE 'closed' END`);
    await q.query(`ALTER TABLE "settings" DROP COLUMN "registration_enabled"`);
    await q.query(`ALTER TABLE "users" ADD COLUMN "approval" varchar(10)
      CONSTRAINT "chk_users_approval" CHECK ("approval" IN ('pending', 'rejected'))`);
    await q.query(`CREATE INDEX "idx_users_pending" ON "users" ("created_at" DESC, "id" DESC) WHERE "approval" = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_users_pending"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "approval"`);
    await q.query(`ALTER TABLE "settings" ADD COLUMN "registration_enabled" boolean NOT NULL DEFAULT true`);
    await q.query(`UPDATE "settings" SET "registration_enabled" = ("registration_mode" <> 'closed')`);
    await q.query(`ALTER TABLE "settings" DROP COLUMN "registration_mode"`);
  }
}
