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
import { SERVER_BUSY } from '../common.texts';
import { Metrics } from '../metrics/metrics';
import { Semaphore } from './semaphore';

/**
 * Of the pool's 20 connections, at most this many run heavy work (search, the back-office lists
 * and dashboard) at once on a node, so the light routes (timeline, like, post, login) always
 * find one free: a burst of searches queues behind its own limit instead of everyone's.
 */
export const HEAVY_CONCURRENCY = 6;
/** A heavy request that waited this long for its turn gets a 503 rather than waiting on. */
export const HEAVY_QUEUE_TIMEOUT_MS = 3_000;

/**
 * The limit over heavy database work (a FIFO semaphore whose waiters give up with a 503). Each
 * such 503 is counted as a refusal of its own (`limiter="heavy_queue"` in /api/metrics).
 */
@Injectable()
export class HeavyQueries {
  private readonly semaphore: Semaphore;

  constructor(concurrency = HEAVY_CONCURRENCY, queueTimeoutMs = HEAVY_QUEUE_TIMEOUT_MS, metrics?: Metrics) {
    this.semaphore = new Semaphore(concurrency, {
      queueTimeoutMs,
      timeoutError: () => {
        metrics?.refused('heavy_queue');
        return new ServiceUnavailableException(SERVER_BUSY);
      },
    });
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.semaphore.run(work);
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
  providers: [{ provide: HeavyQueries, useFactory: (metrics: Metrics) => new HeavyQueries(HEAVY_CONCURRENCY, HEAVY_QUEUE_TIMEOUT_MS, metrics), inject: [Metrics] }, HeavyQueryInterceptor],
  exports: [HeavyQueries, HeavyQueryInterceptor],
})
export class HeavyQueriesModule {}
