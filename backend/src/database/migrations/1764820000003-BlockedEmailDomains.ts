import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin-edited e-mail domain blocklist (docs/wire-contract.md#settings): registration with an
 * address on a listed domain or any of its subdomains is refused. A setting like the others (one
 * row, cached per node, saved with its `settings.update` audit entry); stored lowercase, in ASCII
 * (punycode for internationalised names), as the server compares them.
 */
export class BlockedEmailDomains1764820000003 implements MigrationInterface {
  name = 'BlockedEmailDomains1764820000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "settings" ADD COLUMN "blocked_email_domains" text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "settings" DROP COLUMN "blocked_email_domains"`);
  }
}
