import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { MailService } from './mail.service';

describe('MailService outbox', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes reset links where only this user can read them (dir 0700, files 0600)', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gundem-mail-'));
    const mail = new MailService(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const previous = process.umask(0o022);
    try {
      mail.queue({ to: 'ayse@ornek.com', subject: 'Şifre sıfırlama', text: 'http://x/reset?token=t', html: '<p>x</p>' });
      await mail.flush();
    } finally {
      process.umask(previous);
    }
    expect(statSync(mail.outboxDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(mail.outboxDir);
    expect(files).toHaveLength(1);
    expect(statSync(join(mail.outboxDir, files[0])).mode & 0o777).toBe(0o600);
  });
});
