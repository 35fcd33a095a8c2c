import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSettings1763900000000 implements MigrationInterface {
  name = 'CreateSettings1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // One row of system settings (docs/wire-contract.md#settings): the primary key may only be 1, so a
    // second row cannot exist; the row itself is inserted here with the defaults of docs/wire-contract.md#settings. The
    // ranges repeat the API's validation so a hand-edited row cannot break the app either.
    await q.query(`
      CREATE TABLE "settings" (
        "id" smallint PRIMARY KEY DEFAULT 1 CONSTRAINT "chk_settings_single_row" CHECK ("id" = 1),
        "site_name" varchar(50) NOT NULL DEFAULT 'gündem',
        "registration_enabled" boolean NOT NULL DEFAULT true,
        "email_verification_required" boolean NOT NULL DEFAULT false,
        "maintenance_mode" boolean NOT NULL DEFAULT false,
        "max_tweet_length" integer NOT NULL DEFAULT 280 CHECK ("max_tweet_length" BETWEEN 1 AND 500),
        "allowed_file_types" text[] NOT NULL DEFAULT '{image/jpeg,image/png,image/gif,image/webp}',
        "max_file_size" integer NOT NULL DEFAULT 5242880 CHECK ("max_file_size" BETWEEN 1048576 AND 52428800),
        "rate_limit_window_ms" integer NOT NULL DEFAULT 900000 CHECK ("rate_limit_window_ms" BETWEEN 60000 AND 3600000),
        "rate_limit_max_requests" integer NOT NULL DEFAULT 100 CHECK ("rate_limit_max_requests" BETWEEN 10 AND 1000),
        "updated_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO "settings" ("id") VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "settings"`);
  }
}
