import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../settings/rate-limit.store';
import { normaliseLogin } from '../users/account-input';

export function loginLockedMessage(minutes: number): string {
  return `Bu hesap için çok fazla başarısız giriş denemesi yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin ya da şifre sıfırlama bağlantısı isteyin.`;
}

/** 429 with the Turkish message; the controller copies `retryAfterSeconds` into Retry-After. */
export class LoginLockedException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(loginLockedMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))), HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Per-account brute-force protection, beside the per-IP write limiter: at most
 * `loginMaxFailures` failed logins per `loginFailureWindowMs` for one login name (Mastodon's
 * model: 25 an hour per account). Then that name's login answers 429 with Retry-After — the
 * right password included — until the oldest failure leaves the window.
 *
 * - Keyed on the login as the lookup normalises it (account-input.ts), so `AYSE`, `ayse` and
 *   `ＡＹＳＥ` are one counter. A username and an e-mail are separate counters: tying them
 *   together would tell an attacker which address belongs to which username.
 * - Failures of unknown names are counted the same way, so a lock (status, body, timing) says
 *   nothing about whether an account exists.
 * - The counters are the rate limiter's sliding-window store: Redis when REDIS_URL is set (one
 *   lock for every node), in memory otherwise; while Redis is away each node counts alone.
 *
 * How the owner gets in while an attacker keeps the account locked: the password-reset link
 * works during a lock, and a completed reset clears the lock of the account's username and
 * e-mail; a successful login clears them too. The attacker can only keep the login name locked,
 * never learn the password faster than the budget allows.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Throws while the login is locked: no password is checked then, so a lock costs no hashing. */
  async assertOpen(login: string): Promise<void> {
    const { hits, resetMs } = await this.store.peek(this.key(login), this.config.loginFailureWindowMs);
    if (hits >= this.config.loginMaxFailures) throw this.locked(resetMs);
  }

  /**
   * Counts a failed attempt. Throws when the login was already full: attempts started in
   * parallel before the lock (they all passed assertOpen) are refused here rather than answered
   * with a plain 401, so a burst cannot test more passwords than the budget.
   */
  async recordFailure(login: string): Promise<void> {
    const hit = await this.store.hit(this.key(login), this.config.loginFailureWindowMs, this.config.loginMaxFailures);
    if (!hit.allowed) throw this.locked(hit.resetMs);
  }

  /** Forgets the failures of these login names (the account's username and e-mail). */
  async clear(...logins: string[]): Promise<void> {
    await Promise.all(logins.map((login) => this.store.reset(this.key(login))));
  }

  private locked(resetMs: number): LoginLockedException {
    this.metrics.refused('login');
    return new LoginLockedException(seconds(resetMs));
  }

  private key(login: string): string {
    // Hashed: the store never holds login names in the clear; prefixed apart from the IP limiter's keys.
    return `login:${createHash('sha256').update(normaliseLogin(login)).digest('base64url')}`;
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
