import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `report_resolved` notification (docs/architecture.md#reports): staff acted on a report the
 * member sent. One group per member (post NULL, no actor rows: the notification names neither the
 * staff member nor the action), renewed by each later action.
 */
export class ReportNotifications1764830000002 implements MigrationInterface {
  name = 'ReportNotifications1764830000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(`
      ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check"
        CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention', 'report_resolved'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notification_groups" WHERE "type" = 'report_resolved'`);
    await q.query(`ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_type_check"`);
    await q.query(`
      ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_type_check"
        CHECK ("type" IN ('like', 'repost', 'reply', 'follow', 'mention'))`);
  }
}
