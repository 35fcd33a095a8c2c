import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { mailLanguage } from '../common/i18n/language';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { notificationDigestMail } from '../mail/mail.templates';
import { type DigestLineRow, NotificationsRepository } from './notifications.repository';
import { NOTIFICATION_DIGEST_FAILED } from './notifications.texts';

/** A member gets at most one digest in this interval (PostgreSQL interval text). */
export const DIGEST_EVERY = '1 day';
/** How often each node looks for members due a digest (one node at a time does the work). */
export const DIGEST_CHECK_MS = 60 * 60_000;
/** The first look after a node starts, so a fleet restarting together spreads out a little. */
const DIGEST_FIRST_CHECK_MS = 5 * 60_000;
/** Members claimed per statement; a run claims batches until none is left. */
export const DIGEST_BATCH = 200;
/** Lines per digest (the newest unread groups); the count says how many more. */
export const DIGEST_LINES = 5;

/**
 * The daily e-mail digest of unread notifications (issue 26; `E-posta bildirimleri`): every node
 * looks once an hour, one of them at a time (an advisory lock) claims the members due one (see
 * NotificationsRepository.claimDigests: a shown unread notification newer than their last digest,
 * none in the last day, the switch on) and queues one mail each through the mailer.
 * `sendDue()` is the trigger: the timer calls it, and so can a test or an operator.
 * Not scheduled under NODE_ENV=test (a spec calls sendDue itself).
 */
@Injectable()
export class NotificationDigest implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('NotificationDigest');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.nodeEnv === 'test') return;
    const tick = (wait: number) => {
      this.timer = setTimeout(() => {
        void this.sendDue().finally(() => tick(DIGEST_CHECK_MS));
      }, wait);
      this.timer.unref();
    };
    tick(DIGEST_FIRST_CHECK_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Sends the digests due now; answers how many were queued (0 when another node holds the lock).
   * Never throws; one run at a time per node.
   */
  sendDue(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<number> {
    let sent = 0;
    let after: string | undefined;
    try {
      for (;;) {
        const members = await this.repository.claimDigests(DIGEST_BATCH, DIGEST_EVERY, after);
        if (!members?.length) break;
        after = members[members.length - 1]!.id;
        const ids = members.map((m) => m.id);
        const [counts, lines] = await Promise.all([this.repository.unreadCounts(ids), this.repository.digestLines(ids, DIGEST_LINES)]);
        const byMember = new Map<string, DigestLineRow[]>();
        for (const line of lines) {
          const list = byMember.get(line.recipient_id) ?? [];
          list.push(line);
          byMember.set(line.recipient_id, list);
        }
        for (const member of members) {
          const count = counts.get(member.id) ?? 0;
          if (!count) continue;
          const items = (byMember.get(member.id) ?? []).map((l) => ({ type: l.type, actorName: l.actor_name, actorCount: l.actor_count, postContent: l.post_content }));
          this.mail.queue(notificationDigestMail(member.email, member.display_name, count, items, `${this.config.appUrl}/notifications`, mailLanguage(member.language)));
          sent++;
        }
        if (members.length < DIGEST_BATCH) break;
      }
    } catch (error) {
      this.logger.error(`${NOTIFICATION_DIGEST_FAILED}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (sent) this.logger.log(`${sent} bildirim özeti e-postası kuyruğa alındı`);
    return sent;
  }
}
