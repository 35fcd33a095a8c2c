import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notices and appeals of account actions (issue 25, docs/architecture.md#moderation):
 *
 * - `account_appeals`: at most one per action (the unique action_id is what refuses a second
 *   appeal, however two requests race), the member's text, and staff's decision (`accepted`
 *   undoes the action in the same transaction, `rejected` keeps it) with an optional reply.
 *   The staff queue reads the pending ones oldest first from a partial index.
 * - notification type `moderation`: the member's one group of moderation notices (a new action
 *   against them, an appeal's outcome), so the bell and `notification:new` tell them; the notice
 *   itself (kind, reason, dates, appeal) is read from account_actions by the notices page.
 */
export class Appeals1764850000002 implements MigrationInterface {
  name = 'Appeals1764850000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "account_appeals" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "action_id" uuid NOT NULL UNIQUE REFERENCES "account_actions" ("id") ON DELETE CASCADE,
        "text" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "status" varchar(10) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'accepted', 'rejected')),
        "decided_at" timestamptz,
        "decided_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "reply" text
      )`);
    await q.query(`CREATE INDEX "idx_account_appeals_pending" ON "account_appeals" ("created_at", "id") WHERE "status" = 'pending'`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT IF EXISTS "notification_groups_type_check"`);
    await q.query(
      `ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notification_groups" WHERE "type" = 'moderation'`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(`ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check" CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved'))`);
    await q.query(`DROP TABLE "account_appeals"`);
  }
}
