import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-sender notification cap (notifications.repository.ts, NOTIFICATIONS_PER_SENDER_PER_HOUR)
 * counts a sender's notifications of the last hour: (actor_id, created_at) reads just those. It
 * replaces the plain (actor_id) index, which it also serves (a deactivated actor's rows).
 */
export class NotificationSenderCap1764840000000 implements MigrationInterface {
  name = 'NotificationSenderCap1764840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_notifications_actor_created" ON "notifications" ("actor_id", "created_at" DESC)`);
    await q.query(`DROP INDEX "idx_notifications_actor"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_notifications_actor" ON "notifications" ("actor_id")`);
    await q.query(`DROP INDEX "idx_notifications_actor_created"`);
  }
}
