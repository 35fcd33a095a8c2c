import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily e-mail digest of unread notifications (issue 26, notifications/notification-digest.ts):
 * when each member's last digest was sent, so a digest goes at most once a day and a node that
 * restarts (or a second node) does not send it again. One row per member who has had one.
 */
export class NotificationDigests1764900000200 implements MigrationInterface {
  name = 'NotificationDigests1764900000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "notification_digests" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "sent_at" timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "notification_digests"`);
  }
}
