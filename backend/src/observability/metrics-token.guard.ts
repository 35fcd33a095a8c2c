import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { METRICS_UNAUTHORIZED } from './observability.texts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * METRICS_TOKEN, when set: the request must carry `Authorization: Bearer <token>`, else 401 with
 * the Turkish message. Compared in constant time (over SHA-256 digests, so neither the content
 * nor the length of the token leaks through timing). Unset: open, as documented for the setting.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'metricsToken'>) {
    if (config.metricsToken) this.expected = digest(config.metricsToken);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) return true;
    const http = context.switchToHttp();
    const header = http.getRequest<Request>().headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match && timingSafeEqual(digest(match[1]), this.expected)) return true;
    http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new UnauthorizedException(METRICS_UNAUTHORIZED);
  }
}
