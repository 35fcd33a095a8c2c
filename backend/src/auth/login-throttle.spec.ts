import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { type AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../settings/rate-limit.store';
import { ACCOUNT_FAILURE_FACTOR, LoginLockedException, LoginThrottle, loginSubject } from './login-throttle';

const config = { loginMaxFailures: 3, loginFailureWindowMs: 60_000 } as AppConfig;
const ACCOUNT = loginSubject('0b6c1d9e-3f4a-4c1e-9d7b-2a5e8f0c1b2d', 'ayse');
const [X, Y] = ['203.0.113.7', '198.51.100.20'];

async function failures(throttle: LoginThrottle, subject: string, address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await throttle.assertOpen(subject, address);
    await throttle.recordFailure(subject, address);
  }
}

const locked = (promise: Promise<void>) => expect(promise).rejects.toBeInstanceOf(LoginLockedException);

/** The per-account-and-address lock: X locked out of the account, Y not; the owner's success from X clears X. */
async function lockedForXOnly(throttle: LoginThrottle): Promise<void> {
  await failures(throttle, ACCOUNT, X, 3);
  await locked(throttle.assertOpen(ACCOUNT, X));
  await expect(throttle.recordFailure(ACCOUNT, X)).rejects.toMatchObject({ status: 429 });
  await throttle.assertOpen(ACCOUNT, Y);
  await throttle.assertOpen(loginSubject(undefined, 'deniz'), X);
  await throttle.succeeded(ACCOUNT, X);
  await throttle.assertOpen(ACCOUNT, X);
}

const metrics = new Metrics();

describe('LoginThrottle', () => {
  let store: MemoryRateLimitStore;
  let throttle: LoginThrottle;
  beforeEach(() => {
    store = new MemoryRateLimitStore();
    throttle = new LoginThrottle(store, config, metrics);
  });
  afterEach(() => store.onApplicationShutdown());

  it('locks one address out of one account after loginMaxFailures, answers 429 with the minutes left, and clears on success', async () => {
    await lockedForXOnly(throttle);
    await failures(throttle, ACCOUNT, Y, 3);
    const error = await throttle.assertOpen(ACCOUNT, Y).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoginLockedException);
    expect((error as LoginLockedException).retryAfterSeconds).toBeGreaterThan(50);
    expect((error as LoginLockedException).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((error as LoginLockedException).getResponse()).toBe(
      'Bu hesap için çok fazla başarısız giriş denemesi yapıldı. Lütfen 1 dakika sonra tekrar deneyin ya da şifre sıfırlama bağlantısı isteyin.',
    );
  });

  it('counts an IPv6 client by its /64: a new address in it does not bring a new budget', async () => {
    for (let i = 1; i <= 3; i++) await failures(throttle, ACCOUNT, `2001:db8:aa:bb::${i}`, 1);
    await locked(throttle.assertOpen(ACCOUNT, '2001:db8:aa:bb:ffff:1:2:3'));
    await throttle.assertOpen(ACCOUNT, '2001:db8:aa:bc::1');
  });

  it('past ACCOUNT_FAILURE_FACTOR × the budget from many addresses, locks new addresses but not one the owner signed in from', async () => {
    const owner = '192.0.2.44';
    await throttle.succeeded(ACCOUNT, owner);
    // A guessing spread over many addresses, each staying under its own budget.
    for (let i = 0; i < ACCOUNT_FAILURE_FACTOR; i++) await failures(throttle, ACCOUNT, `10.0.${i}.1`, 3);
    await locked(throttle.assertOpen(ACCOUNT, '10.9.9.9'));
    await locked(throttle.recordFailure(ACCOUNT, '10.9.9.8'));
    await throttle.assertOpen(ACCOUNT, owner);
    // The owner's own failures there still count against their address's budget.
    await failures(throttle, ACCOUNT, owner, 3);
    await locked(throttle.assertOpen(ACCOUNT, owner));
    // A completed reset from a new address: the account-wide count is gone, the new address trusted.
    await throttle.succeeded(ACCOUNT, '10.9.9.9');
    await throttle.assertOpen(ACCOUNT, '10.9.9.7');
  });

  it('names an account by its id whatever was typed, an unknown login by its normalised form', () => {
    expect(loginSubject('id-1', 'ayse')).toBe(loginSubject('id-1', 'ayse@ornek.com'));
    expect(loginSubject(undefined, ' AYSE ')).toBe(loginSubject(null, 'ayse'));
    expect(loginSubject(undefined, 'ayse')).not.toBe(loginSubject(undefined, 'ayse@ornek.com'));
  });

  it('keeps locking on the node’s own counters while Redis is unreachable, never throwing anything else', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const offline = new RedisRateLimitStore('redis://127.0.0.1:1', 'gundem-test-offline');
    try {
      expect(await offline.ready(300)).toBe(false);
      await lockedForXOnly(new LoginThrottle(offline, config, metrics));
    } finally {
      await offline.onApplicationShutdown();
      warn.mockRestore();
    }
  });
});

describe('LOGIN_MAX_FAILURES and LOGIN_FAILURE_WINDOW_MINUTES', () => {
  it('default to Mastodon’s 25 failures an hour, take integers in range, and refuse anything else at boot', () => {
    expect(loadConfig({})).toMatchObject({ loginMaxFailures: 25, loginFailureWindowMs: 60 * 60_000 });
    expect(loadConfig({ LOGIN_MAX_FAILURES: '10', LOGIN_FAILURE_WINDOW_MINUTES: '15' })).toMatchObject({ loginMaxFailures: 10, loginFailureWindowMs: 15 * 60_000 });
    let error: unknown;
    try {
      loadConfig({ LOGIN_MAX_FAILURES: '0', LOGIN_FAILURE_WINDOW_MINUTES: 'bir saat' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'LOGIN_MAX_FAILURES 1 ile 1000 arasında bir tam sayı olmalı (şu an: "0")',
      'LOGIN_FAILURE_WINDOW_MINUTES 1 ile 1440 arasında bir tam sayı olmalı (şu an: "bir saat")',
    ]);
  });
});
