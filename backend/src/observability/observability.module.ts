import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MetricsController } from './metrics.controller';
import { RuntimeGauges } from './runtime-gauges';

/**
 * `GET /api/metrics` and what feeds it besides the counters the features keep themselves
 * (common/metrics/metrics.ts): the HTTP request metrics of every API route, and the gauges read
 * at scrape time (database pool, sockets, Redis adapter).
 */
@Module({ controllers: [MetricsController], providers: [MetricsTokenGuard, HttpMetricsMiddleware, RuntimeGauges] })
export class ObservabilityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
