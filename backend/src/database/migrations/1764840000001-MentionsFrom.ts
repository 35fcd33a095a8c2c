import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whose mentions notify a member (issue 25's mention spam): `everyone` (as before) or
 * `following`, only accounts the member follows. Read by the mention notification's insert on
 * the recipient's row it already joins, so it costs no extra read. A constant default: adding
 * the column rewrites nothing (PostgreSQL 11+).
 */
export class MentionsFrom1764840000001 implements MigrationInterface {
  name = 'MentionsFrom1764840000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "users" ADD COLUMN "mentions_from" varchar(16) NOT NULL DEFAULT 'everyone'
         CONSTRAINT "chk_users_mentions_from" CHECK ("mentions_from" IN ('everyone', 'following'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "mentions_from"`);
  }
}
