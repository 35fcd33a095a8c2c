import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings that take effect (issue 26): what the settings page showed and kept in one browser is
 * now kept with the account, and the switches that concern others are columns the reads can use.
 *
 * - `users.protected` (`Gönderilerimi koru`): new followers must be approved; the posts, replies,
 *   reposts and likes are seen only by approved followers and the member. The partial index keeps
 *   the (few) protected accounts one index scan away for the read paths' anti-join.
 * - `users.allow_messages`: who may start or continue a conversation with the member
 *   (`everyone`, `following`: accounts the member follows, `nobody`).
 * - `users.discoverable`: off keeps the account out of who-to-follow and people search.
 * - `users.public_profile`: off hides the profile's lists (followers, following, likes) from others.
 * - `users.preferences`: the rest of the settings object (display, notification choices), merged
 *   over the defaults when read (users/preferences); `{}` is "every default".
 * - `follow_requests`: a follow of a protected account waiting for its approval, one row per pair.
 *
 * Columns with constant defaults and a new table: nothing is rewritten.
 */
export class AccountPrivacy1764900000001 implements MigrationInterface {
  name = 'AccountPrivacy1764900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "users"
        ADD COLUMN "protected" boolean NOT NULL DEFAULT false,
        ADD COLUMN "allow_messages" varchar(9) NOT NULL DEFAULT 'everyone'
          CONSTRAINT "chk_users_allow_messages" CHECK ("allow_messages" IN ('everyone', 'following', 'nobody')),
        ADD COLUMN "discoverable" boolean NOT NULL DEFAULT true,
        ADD COLUMN "public_profile" boolean NOT NULL DEFAULT true,
        ADD COLUMN "preferences" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`CREATE INDEX "idx_users_protected" ON "users" ("id") WHERE "protected"`);
    await q.query(`
      CREATE TABLE "follow_requests" (
        "requester_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "target_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("target_id", "requester_id"),
        CONSTRAINT "chk_follow_requests_not_self" CHECK ("requester_id" <> "target_id")
      )`);
    await q.query(`CREATE INDEX "idx_follow_requests_requester" ON "follow_requests" ("requester_id")`);
    await q.query(`CREATE INDEX "idx_follow_requests_target_created" ON "follow_requests" ("target_id", "created_at" DESC, "requester_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "follow_requests"`);
    await q.query(`DROP INDEX "idx_users_protected"`);
    await q.query(`
      ALTER TABLE "users"
        DROP COLUMN "preferences", DROP COLUMN "public_profile", DROP COLUMN "discoverable",
        DROP COLUMN "allow_messages", DROP COLUMN "protected"`);
  }
}
