import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isStaff } from '../admin/staff';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { RATE_LIMITED } from './settings.constants';
import { SettingsService } from './settings.service';

const SKIP_RATE_LIMIT = 'skipRateLimit';

/** A route outside the API budget (the health check, which load balancers poll). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

/**
 * The API rate limiter: at most `rateLimit.maxRequests` requests per `rateLimit.windowMs`
 * (admin settings, read per request through SettingsService's cache) per client across the
 * whole API — the signed-in user, else the IP address (behind the loopback proxy, the client's).
 * Staff are exempt. Registered after the JWT guard, so the user is known on routes that read
 * the token; public routes (login, registration) count against the IP. Over the limit: 429 with
 * the Turkish message and Retry-After. Counters live in Redis when REDIS_URL is set (shared by
 * every node), else in memory. X-RateLimit-Limit/-Remaining/-Reset tell a client where it stands.
 *
 * (@nestjs/throttler 6.7.1 is CommonJS requiring the ESM-only @nestjs/common 12, which jest in
 * ESM mode cannot load on Node 20, so its guard could not run under the test suite.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: SettingsService,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.rateLimitEnabled || context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: User }>();
    if (isStaff(req.user)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, [context.getHandler(), context.getClass()])) return true;

    const { windowMs, maxRequests } = (await this.settings.get()).rateLimit;
    const client = req.user?.id ? `user:${req.user.id}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    // Hashed: the store never holds addresses in the clear.
    const key = createHash('sha256').update(client).digest('base64url');
    const hit = await this.store.hit(key, windowMs, maxRequests);

    const res = http.getResponse<Response>();
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    res.setHeader('X-RateLimit-Limit', maxRequests);
    res.setHeader('X-RateLimit-Remaining', Math.max(0, maxRequests - hit.hits));
    res.setHeader('X-RateLimit-Reset', resetSeconds);
    if (hit.allowed) return true;
    res.setHeader('Retry-After', resetSeconds);
    throw new HttpException(RATE_LIMITED, HttpStatus.TOO_MANY_REQUESTS);
  }
}
