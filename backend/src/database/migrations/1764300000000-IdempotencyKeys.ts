import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `Idempotency-Key` of POST /api/posts and POST /api/messages/send: the first answer per
 * (user, key), written in the same transaction as the post or message, so a write is committed
 * with its key or not at all. Rows older than 24 hours are expired (IdempotencyService), the
 * created_at index serves that sweep. A user's keys go with the user.
 */
export class IdempotencyKeys1764300000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "idempotency_keys" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "key" varchar(255) NOT NULL,
        "route" varchar(64) NOT NULL,
        "fingerprint" char(64) NOT NULL,
        "status" smallint,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_idempotency_keys" PRIMARY KEY ("user_id", "key")
      )`);
    await q.query(`CREATE INDEX "idx_idempotency_keys_created" ON "idempotency_keys" ("created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotency_keys"`);
  }
}
