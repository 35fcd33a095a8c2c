import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Metrics, UNMATCHED_ROUTE } from '../common/metrics/metrics';

/**
 * Counts and times every request that reaches the API's router (mounted by ObservabilityModule for
 * all of /api), including those a guard refuses (401, 429) and 404s. Labelled by the route's
 * template as Express matched it (`/api/posts/:id`), never the URL itself: one series per route
 * rather than one per post. A request no route matched is `unmatched`. Measured until the
 * response is sent, or the connection closes first (a client that gave up).
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: Metrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    // Nest mounts this middleware as an Express route of its own (`app.all('/api/*path')`), so
    // `req.route` is that route here: a request still holding it at the end matched no other.
    const own: unknown = req.route;
    res.once('close', () => {
      const matched = req.route as { path: unknown } | undefined;
      const path = matched && matched !== own ? `${req.baseUrl}${String(matched.path)}` : undefined;
      // A wildcard is a catch-all, never an API route: Nest's 404 handler (`/api` + `*path`).
      const route = path && !path.includes('*') ? path : UNMATCHED_ROUTE;
      this.metrics.httpRequest(req.method, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  }
}
