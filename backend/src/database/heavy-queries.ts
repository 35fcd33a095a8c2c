import {
  type CallHandler,
  type ExecutionContext,
  Global,
  Injectable,
  Module,
  type NestInterceptor,
  ServiceUnavailableException,
} from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';

/**
 * Of the pool's 20 connections, at most this many run heavy work (search, the back-office lists
 * and dashboard) at once on a node, so the light routes (timeline, like, post, login) always
 * find one free: a burst of searches queues behind its own limit instead of everyone's.
 */
export const HEAVY_CONCURRENCY = 6;
/** A heavy request that waited this long for its turn gets a 503 rather than waiting on. */
export const HEAVY_QUEUE_TIMEOUT_MS = 3_000;
export const SERVER_BUSY = 'Sunucu şu anda çok yoğun. Lütfen biraz sonra tekrar deneyin.';

/** A small counting semaphore (FIFO) over heavy database work. */
@Injectable()
export class HeavyQueries {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly concurrency = HEAVY_CONCURRENCY,
    private readonly queueTimeoutMs = HEAVY_QUEUE_TIMEOUT_MS,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new ServiceUnavailableException(SERVER_BUSY));
        }, this.queueTimeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    // The slot passes straight to the next in line, so `running` stays at the limit.
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}

/** `@UseInterceptors(HeavyQueryInterceptor)`: the handler runs inside HeavyQueries' limit. */
@Injectable()
export class HeavyQueryInterceptor implements NestInterceptor {
  constructor(private readonly heavy: HeavyQueries) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.heavy.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

@Global()
@Module({
  providers: [{ provide: HeavyQueries, useFactory: () => new HeavyQueries() }, HeavyQueryInterceptor],
  exports: [HeavyQueries, HeavyQueryInterceptor],
})
export class HeavyQueriesModule {}
