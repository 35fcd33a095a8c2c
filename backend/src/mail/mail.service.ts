import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; logged when there is no SMTP server, outside production. */
  link?: string;
}

/**
 * Sends through SMTP_URL when set; otherwise nodemailer renders the message and it is written
 * to DATA_DIR/outbox/*.eml, with its link logged (outside production) so a developer can follow it.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();
  readonly outboxDir: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.outboxDir = join(config.dataDir, 'outbox');
    this.transport = config.smtpUrl
      ? createTransport(config.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /**
   * Queues a mail without making the caller wait: a request's answer time must not reveal
   * whether an account exists (forgot password). A mail still being made (a promise: its
   * recipient's language is read first) is waited for here, not by the request. Failures are
   * logged, never thrown.
   */
  queue(mail: Mail | Promise<Mail>): void {
    const job = Promise.resolve(mail)
      .then(
        (ready) => this.send(ready).catch((error: unknown) => this.logger.error(`E-posta gönderilemedi (${ready.to}): ${String(error)}`)),
        // A mail whose making failed (its recipient's language could not be read).
        (error: unknown) => this.logger.error(`E-posta hazırlanamadı: ${String(error)}`),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Waits for queued mails (tests, graceful shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (this.config.smtpUrl) return;
    // The mails hold password-reset and verification links: only this user may list or read them.
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    await chmod(this.outboxDir, 0o700);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.outboxDir, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // The link is a one-time credential (password reset, e-mail verification): a developer follows
    // it from the log, but production logs are shipped and kept, so there only the file is named.
    const link = mail.link && this.config.nodeEnv !== 'production' ? `\n  Bağlantı: ${mail.link}` : '';
    this.logger.log(`E-posta ${mail.to} adresine yazıldı: ${file}${link}`);
  }
}
