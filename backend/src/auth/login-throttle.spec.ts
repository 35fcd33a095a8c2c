import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { type AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../settings/rate-limit.store';
import { LoginLockedException, LoginThrottle } from './login-throttle';

const config = { loginMaxFailures: 3, loginFailureWindowMs: 60_000 } as AppConfig;

async function lockAfterThree(throttle: LoginThrottle): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await throttle.assertOpen('Ayse');
    await throttle.recordFailure('ayse');
  }
  // Every spelling of the login is one counter.
  await expect(throttle.assertOpen('AYSE')).rejects.toBeInstanceOf(LoginLockedException);
  await expect(throttle.recordFailure(' ayse ')).rejects.toMatchObject({ status: 429 });
  await throttle.assertOpen('ayse@ornek.com');
  await throttle.clear('ayse', 'ayse@ornek.com');
  await throttle.assertOpen('ayse');
}

const metrics = new Metrics();

describe('LoginThrottle', () => {
  it('locks after loginMaxFailures, answers 429 with the minutes left, and clears', async () => {
    const store = new MemoryRateLimitStore();
    const throttle = new LoginThrottle(store, config, metrics);
    await lockAfterThree(throttle);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('deniz');
    const locked = await throttle.assertOpen('deniz').catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(LoginLockedException);
    expect((locked as LoginLockedException).retryAfterSeconds).toBeGreaterThan(50);
    expect((locked as LoginLockedException).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((locked as LoginLockedException).getResponse()).toBe(
      'Bu hesap için çok fazla başarısız giriş denemesi yapıldı. Lütfen 1 dakika sonra tekrar deneyin ya da şifre sıfırlama bağlantısı isteyin.',
    );
    store.onApplicationShutdown();
  });

  it('keeps locking on the node’s own counters while Redis is unreachable, never throwing anything else', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new RedisRateLimitStore('redis://127.0.0.1:1', 'gundem-test-offline');
    try {
      expect(await store.ready(300)).toBe(false);
      await lockAfterThree(new LoginThrottle(store, config, metrics));
    } finally {
      await store.onApplicationShutdown();
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
