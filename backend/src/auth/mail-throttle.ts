import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../settings/rate-limit.store';
import { normaliseEmail } from '../users/account-input';
import type { MailTokenPurpose } from './user-token.entity';

const MINUTE = 60_000;

/**
 * How many mails of each kind one address may receive: every window must have room. Reset mails:
 * one a minute and three per 15 minutes (a link is valid for an hour, so an earlier mail still
 * works when a later request sent nothing). Verification mails: one per 10 minutes (a link is
 * valid for a day).
 */
export const MAIL_BUDGETS: Record<MailTokenPurpose, { windowMs: number; limit: number }[]> = {
  password_reset: [
    { windowMs: MINUTE, limit: 1 },
    { windowMs: 15 * MINUTE, limit: 3 },
  ],
  email_verify: [{ windowMs: 10 * MINUTE, limit: 1 }],
};

/**
 * Per-recipient throttling of account mails, so nobody can flood a mailbox (or the SMTP
 * account's reputation) through forgot-password or the verification resend. One mechanism for
 * both: the rate limiter's sliding-window store (Redis across nodes when REDIS_URL is set,
 * memory otherwise). Callers answer the same whether or not a mail went out.
 */
@Injectable()
export class MailThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    private readonly metrics: Metrics,
  ) {}

  /**
   * True when a mail of this kind may go to this address now, and counts it. The shortest window
   * is asked first and a refusal stops there, so a burst refused by the one-a-minute rule does
   * not use up the longer budget.
   */
  async allow(purpose: MailTokenPurpose, email: string): Promise<boolean> {
    const recipient = createHash('sha256').update(normaliseEmail(email)).digest('base64url');
    for (const { windowMs, limit } of MAIL_BUDGETS[purpose]) {
      const hit = await this.store.hit(`mail:${purpose}:${windowMs}:${recipient}`, windowMs, limit);
      if (!hit.allowed) {
        this.metrics.refused('mail');
        return false;
      }
    }
    return true;
  }
}
