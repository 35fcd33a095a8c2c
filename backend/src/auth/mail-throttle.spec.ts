import { jest } from '@jest/globals';
import { Metrics } from '../common/metrics/metrics';
import { MemoryRateLimitStore } from '../settings/rate-limit.store';
import { MailThrottle } from './mail-throttle';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const metrics = new Metrics();

describe('MailThrottle', () => {
  let store: MemoryRateLimitStore;
  let throttle: MailThrottle;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') });
    store = new MemoryRateLimitStore();
    throttle = new MailThrottle(store, metrics);
  });
  afterEach(() => {
    store.onApplicationShutdown();
    jest.useRealTimers();
  });

  /** What allow() answers at each offset from the start. */
  async function timeline(purpose: 'password_reset' | 'email_verify', email: string, offsets: number[]): Promise<boolean[]> {
    const answers = [];
    let now = 0;
    for (const offset of offsets) {
      jest.advanceTimersByTime(offset - now);
      now = offset;
      answers.push(await throttle.allow(purpose, email));
    }
    return answers;
  }

  it('allows one reset mail a minute and three per 15 minutes to one address', async () => {
    const answers = await timeline('password_reset', 'ayse@ornek.com', [
      0, 30 * SECOND, // the second within a minute: refused
      61 * SECOND, 122 * SECOND, // second and third
      183 * SECOND, 10 * MINUTE, // a fourth within 15 minutes: refused, however spaced
      15 * MINUTE + SECOND, // the first left the window
    ]);
    expect(answers).toEqual([true, false, true, true, false, false, true]);
  });

  it('counts every spelling of the address as one recipient, and other recipients apart', async () => {
    expect(await throttle.allow('password_reset', 'ayse@ornek.com')).toBe(true);
    expect(await throttle.allow('password_reset', ' AYSE@Ornek.com ')).toBe(false);
    expect(await throttle.allow('password_reset', 'ali@ornek.com')).toBe(true);
    // Another kind of mail has its own budget.
    expect(await throttle.allow('email_verify', 'ayse@ornek.com')).toBe(true);
  });

  it('a burst refused by the minute rule does not use up the 15-minute budget', async () => {
    const burst = await timeline('password_reset', 'burst@ornek.com', Array.from({ length: 30 }, (_, i) => i * SECOND));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await timeline('password_reset', 'burst@ornek.com', [2 * MINUTE, 4 * MINUTE, 6 * MINUTE])).toEqual([true, true, false]);
  });

  it('allows one verification mail per 10 minutes', async () => {
    const answers = await timeline('email_verify', 'yeni@ornek.com', [0, MINUTE, 9 * MINUTE, 10 * MINUTE + SECOND]);
    expect(answers).toEqual([true, false, false, true]);
  });
});
