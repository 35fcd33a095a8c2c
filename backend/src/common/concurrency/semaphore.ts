/**
 * A counting semaphore with a first-in-first-out queue: at most `limit` tasks run at once; the
 * others wait their turn, or fail with `timeoutError()` after `queueTimeoutMs` when one is given.
 * (p-limit has no wait bound, which the heavy-query limit needs to answer 503 instead of queueing
 * without end; this is the few lines both users share.)
 */
export class Semaphore {
  private active = 0;
  private readonly queue: { start: () => void; timer?: NodeJS.Timeout }[] = [];

  constructor(
    readonly limit: number,
    private readonly options: { queueTimeoutMs?: number; timeoutError?: () => Error } = {},
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore limit must be a positive integer, not ${limit}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry: { start: () => void; timer?: NodeJS.Timeout } = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
      };
      const { queueTimeoutMs, timeoutError } = this.options;
      if (queueTimeoutMs !== undefined) {
        entry.timer = setTimeout(() => {
          this.queue.splice(this.queue.indexOf(entry), 1);
          reject(timeoutError?.() ?? new Error('semaphore wait timed out'));
        }, queueTimeoutMs);
      }
      this.queue.push(entry);
    });
  }

  private release(): void {
    // The slot passes straight to the next in line, so `active` stays at the limit without a gap.
    const next = this.queue.shift();
    if (next) next.start();
    else this.active -= 1;
  }
}
