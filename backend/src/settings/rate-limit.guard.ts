import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isStaff } from '../admin/staff';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { SessionUser } from '../users/session-user';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { RATE_LIMITED } from './settings.constants';
import { SettingsService } from './settings.service';

const SKIP_RATE_LIMIT = 'skipRateLimit';

/** The state-changing methods: the only requests the limiter counts. */
const COUNTED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route kept out of the budget whatever its method (the health check, which load balancers poll). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

/**
 * The API rate limiter: at most `rateLimit.maxRequests` WRITES (POST, PUT, PATCH, DELETE) per
 * `rateLimit.windowMs` (admin settings, read per request through SettingsService's cache) per
 * client across the whole API — the signed-in user, else the IP address (behind the loopback
 * proxy, the client's).
 *
 * Why writes only: the abuse worth stopping is writes — spam posts, replies, likes and messages,
 * and password guessing (`POST /api/auth/login` is a write, counted per IP since no one is signed
 * in). Reads are cheap, keyset-paged and cached by the client, and a single-page-app screen makes
 * several GETs at once, so counting them would lock an ordinary reader out within minutes at the
 * default budget (100 per 15 minutes) while protecting nothing. GET/HEAD/OPTIONS pass untouched:
 * not counted and without X-RateLimit-* headers. (The one GET with an effect, the e-mail
 * verification link, carries a 256-bit token: nothing there to guess.)
 *
 * Staff are exempt. Registered after the JWT guard, so the user is known on routes that read the
 * token; public routes (login, registration, password reset) count against the IP. Over the
 * limit: 429 with the Turkish message and Retry-After. Counters live in Redis when REDIS_URL is
 * set (shared by every node), else in memory. X-RateLimit-Limit/-Remaining/-Reset on every
 * counted request tell a client where it stands.
 *
 * (Not @nestjs/throttler: 6.7.1 is CommonJS requiring the ESM-only @nestjs/common 12, which jest
 * in ESM mode cannot load on Node 20, so its guard could not run under the test suite.)
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
    const req = http.getRequest<Request & { user?: SessionUser }>();
    if (!COUNTED_METHODS.has(req.method)) return true;
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
