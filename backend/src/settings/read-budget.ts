import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { Metrics, type RateLimiter } from '../common/metrics/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isStaff } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { clientKey } from '../common/net/client-key';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';

/** Over the budget: the seconds the client is asked to wait (already in Retry-After). */
export type ReadCharge = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: ReadCharge = { allowed: true };

/**
 * The read budget of RateLimitGuard for what is not an API route: a member's server-rendered `/`
 * (app.factory.ts) and GET /api/metrics (observability/metrics-token.guard.ts), which cost as much
 * as several API reads and were counted by nothing. Same store, windows, exemptions and headers as
 * the guard (RATE_LIMIT_ENABLED off or a budget of 0: nothing counted; staff exempt); the caller
 * answers a refusal (the API's 429 message, Retry-After set here).
 */
@Injectable()
export class ReadBudget {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** One read of the member's: the very counter their API GETs are counted on (READ_RATE_LIMIT_MEMBER). */
  member(user: Pick<SessionUser, 'id' | 'role'>, res: Response): Promise<ReadCharge> {
    if (isStaff(user)) return Promise.resolve(ALLOWED);
    // RateLimitGuard's key of a member's reads: sha256('read:' + 'user:<id>').
    return this.charge(`read:user:${user.id}`, this.config.readRateLimitMember, res, 'api_read');
  }

  /**
   * One request from `address` (an IPv6 one as its /64) against a counter of its own named `name`,
   * with a guest's read budget (READ_RATE_LIMIT_GUEST).
   */
  address(name: string, address: string, res: Response, limiter: RateLimiter): Promise<ReadCharge> {
    return this.charge(`read:${name}:ip:${clientKey(address)}`, this.config.readRateLimitGuest, res, limiter);
  }

  private async charge(client: string, maxRequests: number, res: Response, limiter: RateLimiter): Promise<ReadCharge> {
    if (!this.config.rateLimitEnabled || maxRequests === 0) return ALLOWED;
    const key = createHash('sha256').update(client).digest('base64url');
    const hit = await this.store.hit(key, this.config.readRateLimitWindowMs, maxRequests);
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    res.setHeader('X-RateLimit-Limit', maxRequests);
    res.setHeader('X-RateLimit-Remaining', Math.max(0, maxRequests - hit.hits));
    res.setHeader('X-RateLimit-Reset', resetSeconds);
    res.setHeader('X-RateLimit-Scope', 'read');
    if (hit.allowed) return ALLOWED;
    res.setHeader('Retry-After', resetSeconds);
    this.metrics.refused(limiter);
    return { allowed: false, retryAfterSeconds: resetSeconds };
  }
}
