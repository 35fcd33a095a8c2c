import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RATE_LIMITED } from '../common/common.texts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ReadBudget } from '../settings/read-budget';
import { METRICS_UNAUTHORIZED } from './observability.texts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The gate of GET /api/metrics, which is for Prometheus only:
 *
 * - METRICS_TOKEN set: a request carrying `Authorization: Bearer <token>` is answered and never
 *   counted (Prometheus scrapes every few seconds). Any other gets 401 with the Turkish message,
 *   counted against its address's budget (READ_RATE_LIMIT_GUEST per READ_RATE_LIMIT_WINDOW_MS, an
 *   IPv6 address as its /64); past it, the API's 429 with Retry-After, so the token cannot be
 *   guessed at any speed. Compared in constant time (over SHA-256 digests, so neither the content
 *   nor the length of the token leaks through timing).
 * - Unset: open, but every request counts against that budget: one address cannot make the node
 *   build its exposition hundreds of times a second. Set METRICS_TOKEN in production.
 *
 * The API's rate limiter itself skips the route (SkipRateLimit): the right token must never wait.
 * Nothing is counted while RATE_LIMIT_ENABLED is off.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'metricsToken'>,
    private readonly budget: ReadBudget,
  ) {
    if (config.metricsToken) this.expected = digest(config.metricsToken);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (this.expected) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (match && timingSafeEqual(digest(match[1]), this.expected)) return true;
    }
    const charge = await this.budget.address('metrics', req.ip ?? req.socket.remoteAddress ?? 'unknown', res, 'metrics');
    if (!charge.allowed) throw new HttpException(RATE_LIMITED, HttpStatus.TOO_MANY_REQUESTS);
    if (!this.expected) return true;
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new UnauthorizedException(METRICS_UNAUTHORIZED);
  }
}
