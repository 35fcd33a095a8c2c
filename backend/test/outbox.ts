import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MailService } from '../src/mail/mail.service';
import type { TestApp } from './test-app';

/** A quoted-printable body as text: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Every mail the app's real transport wrote to `email` (DATA_DIR/outbox, mail.service.ts), once the
 * mailer's queue is empty, decoded: what a spec reads a mail's language, link or lines from.
 */
export async function mailsTo(t: TestApp, email: string): Promise<string[]> {
  await t.app.get(MailService).flush();
  const dir = join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    // No mail written yet: no outbox.
    return [];
  }
  return files.map((file) => readFileSync(join(dir, file), 'utf8')).filter((raw) => raw.includes(`To: ${email}`)).map(decodeQuotedPrintable);
}
