import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Graduated staff actions on an account (issue 25, docs/architecture.md#moderation):
 *
 * - `account_actions`: one row per action (`warn`, `sensitive_media`, `suspend`). `reason` is the
 *   staff's text the member sees; `ends_at` the end of a timed suspension (NULL: indefinite);
 *   `revoked_at`/`revoked_by` when staff undid it; `lifted_at` when the action stopped holding
 *   (undone, or a suspension's end passed: Suspensions.sweep). `rule_id` is a place for a server
 *   rule's reference, unused until the rules exist (no foreign key yet, nothing reads it).
 * - `users.suspended`: the account is inactive because of a standing suspension (is_active is
 *   false with it). Suspension reuses is_active so every query that hides a deactivated
 *   account's content hides a suspended one's too, with no change to any of them; this flag only
 *   tells the two apart (the login's and the profile's message, the lift).
 * - `users.media_sensitive` and `posts.forced_sensitive`: while a `sensitive_media` action stands,
 *   the account's posts with pictures are sensitive, and `forced_sensitive` marks the ones the
 *   action (not the author) made so, which is what its undo clears.
 *
 * The added columns have constant defaults: metadata only, no rewrite of users or posts.
 */
export class AccountActions1764850000001 implements MigrationInterface {
  name = 'AccountActions1764850000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "account_actions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "target_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "actor_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('warn', 'sensitive_media', 'suspend')),
        "reason" text NOT NULL,
        "rule_id" uuid,
        "ends_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz,
        "revoked_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "lifted_at" timestamptz,
        CHECK ("ends_at" IS NULL OR "kind" = 'suspend')
      )`);
    // The account's history (staff screen, the member's notices), newest first.
    await q.query(`CREATE INDEX "idx_account_actions_target" ON "account_actions" ("target_id", "created_at" DESC, "id" DESC)`);
    // The suspensions whose end is due (SuspensionLifter): only the standing timed ones.
    await q.query(`CREATE INDEX "idx_account_actions_due" ON "account_actions" ("ends_at") WHERE "kind" = 'suspend' AND "lifted_at" IS NULL AND "ends_at" IS NOT NULL`);
    // At most one standing suspension and one standing sensitive-media action per account.
    await q.query(
      `CREATE UNIQUE INDEX "uq_account_actions_standing" ON "account_actions" ("target_id", "kind") WHERE "kind" IN ('suspend', 'sensitive_media') AND "lifted_at" IS NULL`,
    );
    await q.query(`ALTER TABLE "users" ADD COLUMN "suspended" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "users" ADD COLUMN "media_sensitive" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "posts" ADD COLUMN "forced_sensitive" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" DROP COLUMN "forced_sensitive"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "media_sensitive"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "suspended"`);
    await q.query(`DROP TABLE "account_actions"`);
  }
}
