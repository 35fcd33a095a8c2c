import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { RATE_LIMITED } from '../common/common.texts';
import { Metrics } from '../common/metrics/metrics';
import { clientKey } from '../common/net/client-key';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isStaff } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { SettingsService } from './settings.service';

const SKIP_RATE_LIMIT = 'skipRateLimit';
const READ_COST = 'rateLimitReadCost';

/** The state-changing methods, counted against the write budget. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Reads, counted against the (larger) read budget. OPTIONS (CORS preflight) is never counted. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** A route kept out of every budget whatever its method (the health check, which load balancers poll). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

/** A read that costs `units` of the read budget instead of one (search: see SEARCH_READ_COST). */
export const ReadCost = (units: number) => SetMetadata(READ_COST, units);

/**
 * The API rate limiter, two budgets per client across the whole API — the signed-in user, else
 * the IP address (with TRUST_PROXY, the client's):
 *
 * - WRITES (POST, PUT, PATCH, DELETE): at most `rateLimit.maxRequests` per `rateLimit.windowMs`
 *   (admin settings, read per request through SettingsService's cache). The abuse worth stopping
 *   first is writes — spam posts, replies, likes and messages, and password guessing
 *   (`POST /api/auth/login` is a write, counted per IP since no one is signed in).
 * - READS (GET, HEAD): their own, far larger budget (READ_RATE_LIMIT_GUEST per address,
 *   READ_RATE_LIMIT_MEMBER per account, per READ_RATE_LIMIT_WINDOW_MS; Mastodon's 300 and 1500 per
 *   five minutes), since a single-page-app screen makes several GETs at once and an ordinary
 *   reader must never meet it. It stops one client from scraping or hammering the database
 *   (search above all, which costs `@ReadCost` units) at the expense of everyone else's latency.
 *   Separate from the write budget so reading never uses up the right to post, and vice versa.
 *   The health check, /api/docs and the SPA's files are not API routes and are never counted; a
 *   member's server-rendered `/` and a scrape of /api/metrics without its token are, in their
 *   own budgets (read-budget.ts).
 *
 * Staff are exempt. Registered after the JWT guard, so the user is known on routes that read the
 * token; public routes (login, registration, password reset) count against the IP. Over the
 * limit: 429 with the Turkish message and Retry-After. Counters live in Redis when REDIS_URL is
 * set (shared by every node), else in memory. X-RateLimit-Limit/-Remaining/-Reset on every
 * counted request tell a client where it stands in the budget that request counted against
 * (X-RateLimit-Scope: `read` or `write`).
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
    private readonly metrics: Metrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.rateLimitEnabled || context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: SessionUser }>();
    const write = WRITE_METHODS.has(req.method);
    if (!write && !READ_METHODS.has(req.method)) return true;
    if (isStaff(req.user)) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return true;

    const member = Boolean(req.user?.id);
    // A guest by address: an IPv6 client by its /64, which it may rotate through (common/net/client-key.ts).
    const client = member ? `user:${req.user!.id}` : `ip:${clientKey(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;
    let windowMs: number, maxRequests: number, cost: number, scope: string;
    if (write) {
      ({ windowMs, maxRequests } = (await this.settings.get()).rateLimit);
      cost = 1;
      scope = '';
    } else {
      maxRequests = member ? this.config.readRateLimitMember : this.config.readRateLimitGuest;
      if (maxRequests === 0) return true;
      windowMs = this.config.readRateLimitWindowMs;
      cost = Math.min(maxRequests, this.reflector.getAllAndOverride<number>(READ_COST, targets) ?? 1);
      scope = 'read:';
    }
    // Hashed: the store never holds addresses in the clear. (The write key keeps its old form,
    // so counters in Redis survive an upgrade.)
    const key = createHash('sha256').update(scope + client).digest('base64url');
    const hit = await this.store.hit(key, windowMs, maxRequests, cost);

    const res = http.getResponse<Response>();
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    res.setHeader('X-RateLimit-Limit', maxRequests);
    res.setHeader('X-RateLimit-Remaining', Math.max(0, maxRequests - hit.hits));
    res.setHeader('X-RateLimit-Reset', resetSeconds);
    res.setHeader('X-RateLimit-Scope', write ? 'write' : 'read');
    if (hit.allowed) return true;
    res.setHeader('Retry-After', resetSeconds);
    this.metrics.refused(write ? 'api_write' : 'api_read');
    throw new HttpException(RATE_LIMITED, HttpStatus.TOO_MANY_REQUESTS);
  }
}
