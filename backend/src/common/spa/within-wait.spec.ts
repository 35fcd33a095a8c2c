import { jest } from '@jest/globals';
import { withinWait } from './home-page';

/** What `/` and the guests' pages wait for their data with (home-page.ts, SSR_WAIT_MS). */
describe('withinWait', () => {
  it('gives the value that comes in time', async () => {
    await expect(withinWait(Promise.resolve({ page: 1 }), 1_000)).resolves.toEqual({ page: 1 });
  });

  it('gives null for a read that fails, without the failure escaping', async () => {
    await expect(withinWait(Promise.reject(new Error('veritabanı yok')), 1_000)).resolves.toBeNull();
  });

  it('gives null for a read that never ends, once the wait is over, and leaves no timer behind', async () => {
    jest.useFakeTimers();
    try {
      const outcome = withinWait(new Promise<never>(() => undefined), 500);
      await jest.advanceTimersByTimeAsync(499);
      expect(jest.getTimerCount()).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toBeNull();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
