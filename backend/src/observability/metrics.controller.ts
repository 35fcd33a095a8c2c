import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { Metrics } from '../common/metrics/metrics';
import { SkipRateLimit } from '../settings/rate-limit.guard';
import { MetricsTokenGuard } from './metrics-token.guard';

/**
 * `GET /api/metrics`: Prometheus's text exposition of this node's metrics (common/metrics/metrics.ts).
 * No user session (Prometheus has none) and outside the API's rate limiter: MetricsTokenGuard lets
 * the METRICS_TOKEN through uncounted and counts everything else against its address's budget. Left out of the OpenAPI
 * document: it is for the operator's scraper, not for API clients.
 */
@ApiExcludeController()
@Public()
@SkipRateLimit()
@UseGuards(MetricsTokenGuard)
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.exposition();
    res.setHeader('Content-Type', contentType);
    res.send(body);
  }
}
