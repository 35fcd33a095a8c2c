import { ForbiddenException, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AuthService, type InactiveLoginCheck } from '../auth/auth.service';
import { AccountActionsRepository } from './account-actions.repository';
import { AccountActionsService } from './account-actions.service';
import { AppealTokens } from './appeal-token';
import { SUSPENDED_INDEFINITELY, suspendedUntil } from './moderation.texts';

/** "4 Aralık 2026": the day a suspension ends, on Türkiye's calendar. */
export function suspensionDate(at: Date): string {
  return new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' }).format(at);
}

/** How often each node looks for suspensions whose end has passed. */
export const SUSPENSION_LIFT_INTERVAL_MS = 60_000;
/** Suspensions lifted per transaction of the sweep. */
const LIFT_BATCH = 100;

/**
 * A suspension's two ends outside staff's hands:
 *
 * - the login of a suspended account is refused (403) with the end date in Turkish
 *   (`Hesabınız 4 Aralık 2026 tarihine kadar askıya alındı.`), `suspended: true` and
 *   `suspendedUntil` beside it, and `appealToken` (AppealTokens) for the notices and the appeal;
 * - a timed suspension whose end has passed is lifted without staff: every node sweeps the due
 *   ones each minute (AccountActionsRepository.liftDue: idempotent, and safe with many nodes),
 *   and a login that meets one lifts it at once rather than waiting for the sweep.
 */
@Injectable()
export class Suspensions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Suspensions.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repository: AccountActionsRepository,
    private readonly actions: AccountActionsService,
    private readonly auth: AuthService,
    private readonly tokens: AppealTokens,
  ) {}

  onModuleInit(): void {
    this.auth.setInactiveLoginCheck(this.loginCheck);
    this.timer = setInterval(() => void this.sweep(), SUSPENSION_LIFT_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** AuthService asks this for an inactive account with the right password. */
  readonly loginCheck: InactiveLoginCheck = async (userId) => {
    const suspension = await this.repository.standingSuspension(userId);
    if (!suspension) return null;
    if (suspension.ends_at && suspension.ends_at.getTime() <= Date.now()) {
      const lifted = await this.repository.liftDue(1, userId);
      lifted.forEach((id) => this.actions.accountBack(id, id));
      // Lifted here or by a sweep a moment ago: either way the account is active again.
      return 'lifted';
    }
    const message = suspension.ends_at ? suspendedUntil(suspensionDate(suspension.ends_at)) : SUSPENDED_INDEFINITELY;
    return new ForbiddenException({ message, extra: { suspended: true, suspendedUntil: suspension.ends_at?.toISOString() ?? null, appealToken: this.tokens.issue(userId) } });
  };

  /** Lifts every suspension whose end has passed; the lifted accounts' ids. */
  async sweep(): Promise<string[]> {
    const all: string[] = [];
    try {
      for (;;) {
        const lifted = await this.repository.liftDue(LIFT_BATCH);
        lifted.forEach((id) => this.actions.accountBack(id, id));
        all.push(...lifted);
        if (lifted.length < LIFT_BATCH) break;
      }
    } catch (error) {
      this.logger.warn(`Süresi dolan askılar kaldırılamadı: ${String(error)}`);
    }
    return all;
  }
}
