import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMessages1763800000000 implements MigrationInterface {
  name = 'CreateMessages1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "sender_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "receiver_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "text" varchar(1000) NOT NULL CHECK (char_length("text") >= 1),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "read_at" timestamptz,
        CONSTRAINT "chk_messages_not_self" CHECK ("sender_id" <> "receiver_id")
      )`);
    // One conversation (the unordered pair of users), newest first: its keyset pages and, via
    // DISTINCT ON, its latest message. The service always queries least()/greatest() the same way.
    await q.query(`
      CREATE INDEX "idx_messages_pair_created" ON "messages"
        (least("sender_id", "receiver_id"), greatest("sender_id", "receiver_id"), "created_at" DESC, "id" DESC)`);
    // A user's conversations: the messages they sent or received (a BitmapOr of the two).
    await q.query(`CREATE INDEX "idx_messages_sender_created" ON "messages" ("sender_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "idx_messages_receiver_created" ON "messages" ("receiver_id", "created_at" DESC)`);
    // Unread counts per conversation and marking read touch only the unread rows.
    await q.query(`CREATE INDEX "idx_messages_unread" ON "messages" ("receiver_id", "sender_id") WHERE "read_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messages"`);
  }
}
