import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { clientKey } from '../common/net/client-key';
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
 * How many times `loginMaxFailures` one account may fail in a window from all addresses together
 * before addresses it was never signed in from are locked out of it too (a guessing spread over
 * many addresses). 10: 250 an hour by default.
 */
export const ACCOUNT_FAILURE_FACTOR = 10;
/** How long an address the account signed in from stays exempt from that account-wide lock. */
export const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a login names, for the counters: the account's id when one has that username or e-mail
 * (so every spelling of either is one account), else the login as the lookup normalises it.
 */
export function loginSubject(accountId: string | null | undefined, login: string): string {
  return accountId ? `account:${accountId}` : `name:${normaliseLogin(login)}`;
}

/**
 * Per-account brute-force protection, beside the per-IP write limiter, made so that an attacker
 * cannot lock the owner out (Mastodon's model: failures are counted per account and address).
 *
 * - Per account and address: at most `loginMaxFailures` failed logins per `loginFailureWindowMs`
 *   (25 an hour) from one address (an IPv6 one as its /64, common/net/client-key.ts) against one account;
 *   then that address's logins to that account answer 429 with Retry-After, the right password
 *   included, until the oldest failure leaves the window. The owner, from their own address,
 *   signs in as before.
 * - Per account, all addresses together: `ACCOUNT_FAILURE_FACTOR` times as many. Past that (a
 *   guessing spread over many addresses) the account is locked for every address it has not been
 *   signed in from in the last TRUSTED_ADDRESS_MS: the owner's usual addresses still get in.
 * - The counter is the account's, found by username or e-mail (loginSubject): guesses at either
 *   count together. A login no account has is counted under its normalised name, the same way,
 *   so the answers (status, body, Retry-After, timing) never tell whether an account exists.
 *   Guessing both the username and the e-mail of one account fills one counter, which only shows
 *   an attacker that the two belong together after they have spent that account's budget on it.
 * - The counters are the rate limiter's sliding-window store: Redis when REDIS_URL is set (one
 *   lock for every node), in memory otherwise; while Redis is away each node counts alone.
 *
 * The owner's way in from a locked address or a new one: the password-reset link works during a
 * lock, and a completed reset clears the account-wide count and the resetting address's, and trusts
 * that address; a successful login does the same.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Throws while the subject is locked for this address: no password is checked then, so a lock costs no hashing. */
  async assertOpen(subject: string, address: string): Promise<void> {
    const keys = this.keys(subject, address);
    const window = this.config.loginFailureWindowMs;
    const [pair, account] = await Promise.all([this.store.peek(keys.pair, window), this.store.peek(keys.account, window)]);
    if (pair.hits >= this.config.loginMaxFailures) throw this.locked(pair.resetMs);
    if (account.hits >= this.accountLimit() && !(await this.trusted(keys))) throw this.locked(account.resetMs);
  }

  /**
   * Counts a failed attempt. Throws when the subject was already full for this address:
   * attempts started in parallel before the lock (they all passed assertOpen) are refused here
   * rather than answered with a plain 401, so a burst cannot test more passwords than the budget.
   */
  async recordFailure(subject: string, address: string): Promise<void> {
    const keys = this.keys(subject, address);
    const window = this.config.loginFailureWindowMs;
    const pair = await this.store.hit(keys.pair, window, this.config.loginMaxFailures);
    if (!pair.allowed) throw this.locked(pair.resetMs);
    const account = await this.store.hit(keys.account, window, this.accountLimit());
    if (!account.allowed && !(await this.trusted(keys))) throw this.locked(account.resetMs);
  }

  /**
   * The owner proved themselves from this address (the right password, or a completed reset):
   * forgets the account's failures from everywhere and from this address, and trusts the address.
   */
  async succeeded(subject: string, address: string): Promise<void> {
    const keys = this.keys(subject, address);
    await Promise.all([this.store.reset(keys.pair), this.store.reset(keys.account), this.store.reset(keys.trusted)]);
    await this.store.hit(keys.trusted, TRUSTED_ADDRESS_MS, 1);
  }

  private async trusted(keys: { trusted: string }): Promise<boolean> {
    return (await this.store.peek(keys.trusted, TRUSTED_ADDRESS_MS)).hits > 0;
  }

  private accountLimit(): number {
    return this.config.loginMaxFailures * ACCOUNT_FAILURE_FACTOR;
  }

  private locked(resetMs: number): LoginLockedException {
    this.metrics.refused('login');
    return new LoginLockedException(seconds(resetMs));
  }

  private keys(subject: string, address: string): { pair: string; account: string; trusted: string } {
    // Hashed: the store never holds login names or addresses in the clear; prefixed apart from the IP limiter's keys.
    const pairHash = hash(`${subject}\n${clientKey(address)}`);
    return { pair: `login:${pairHash}`, account: `login-all:${hash(subject)}`, trusted: `login-ok:${pairHash}` };
  }
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
