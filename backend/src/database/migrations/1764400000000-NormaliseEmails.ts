import { Logger } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mails are now stored and looked up in one canonical form (users/account-input.ts
 * `normaliseEmail`: NFKC, trimmed, lower case, Turkish `İ` as a plain `i`). Rows written before
 * were only trimmed and lower-cased: `ALİ@x.com` was stored as `ali̇@x.com` (i + U+0307) and
 * `ＡＬＩ@x.com` in fullwidth letters, which the new lookup no longer finds. This rewrites them.
 *
 * A row whose canonical form is already another account's address is left as it was and named in
 * a warning (an operator decides which account keeps the address); it can still sign in with its
 * username. Pure-ASCII lower-case addresses, almost every row, are not even read.
 *
 * The rule is copied here rather than imported: a migration must keep doing what it did when it
 * was written, whatever later becomes of the application code.
 */
function canonicalEmail(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/İ/g, 'i').toLowerCase().replace(/i\u0307/g, 'i').normalize('NFKC');
}

export class NormaliseEmails1764400000000 implements MigrationInterface {
  name = 'NormaliseEmails1764400000000';

  async up(q: QueryRunner): Promise<void> {
    const rows: { id: string; email: string }[] = await q.query(`SELECT id, email FROM users WHERE email !~ '^[a-z0-9!#$%&''*+/=?^_\`{|}~.@-]*$' ORDER BY created_at, id`);
    for (const row of rows) {
      const email = canonicalEmail(row.email);
      if (email === row.email) continue;
      const updated: [unknown[], number] = await q.query(
        `UPDATE users SET email = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2) AND id <> $1)`,
        [row.id, email],
      );
      if (updated[1] === 0) {
        new Logger('NormaliseEmails').warn(`${row.id} hesabının e-postası "${email}" biçimine çevrilmedi; bu adres başka bir hesapta kayıtlı.`);
      }
    }
  }

  /** Nothing to undo: the canonical form is a valid spelling of the same address. */
  async down(): Promise<void> {}
}
