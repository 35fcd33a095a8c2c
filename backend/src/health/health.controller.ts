import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DATABASE_UNAVAILABLE } from '../common/common.texts';
import { Public } from '../common/decorators/public.decorator';
import { SkipRateLimit } from '../settings/rate-limit.guard';
import { REDIS_UNAVAILABLE } from './health.texts';
import { RedisHealthIndicator } from './redis-health.indicator';

/** How long the database may take to answer `SELECT 1`. */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  /**
   * 200 `{ status, details: { database, redis } }` when the database answers: `status` is `ok`
   * when Redis answers too (or none is configured), `degraded` when it does not. 503 when the
   * database does not. Redis down is not a 503 on purpose: the API serves without it (only
   * cross-node pushes and shared rate limits pause), and a load balancer that took every node out
   * of rotation over it would turn a Redis blip into a full outage. Not rate limited (load
   * balancers poll it).
   */
  @Public()
  @SkipRateLimit()
  @Get()
  @HealthCheck()
  async check() {
    const { database, redis, details } = await this.probe();
    if (database.status !== 'up') {
      throw new ServiceUnavailableException({ status: 'error', details, message: DATABASE_UNAVAILABLE });
    }
    return { status: redis.status === 'down' ? 'degraded' : 'ok', details };
  }

  /**
   * Liveness: 200 `{ status: 'ok' }` whenever the process answers HTTP at all. It checks no
   * dependency on purpose: a database or Redis outage is not cured by restarting the node, and a
   * supervisor restarting every node over one would only add an outage of its own. It also stays
   * 200 while the node drains on shutdown (common/lifecycle/http-drain.ts), so the supervisor does
   * not kill the process before the requests in flight are answered.
   */
  @Public()
  @SkipRateLimit()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: should this node get traffic? 200 `{ status: 'ok', details }` when PostgreSQL
   * answers and, when REDIS_URL is set, Redis answers too; else 503 `{ status: 'error', details,
   * message, statusCode }` (the database's text when it is down, else Redis's). While the node
   * drains on shutdown it answers 503 `shutting_down` (http-drain.ts).
   *
   * Unlike /api/health, a node configured with Redis that cannot reach it is NOT ready: it still
   * serves REST, but its clients miss every event made on the other nodes (new posts, counts,
   * direct messages) and its rate limits count alone, so traffic belongs on the nodes that do
   * reach Redis. When Redis is gone for every node this takes them all out of rotation: so
   * /api/health (200 `degraded` then) stays the check for a balancer that must never empty its
   * pool, and this one decides whether one node joins or stays in rotation (a rolling deploy
   * waiting for the new node, a balancer that fails open when no backend is ready).
   */
  @Public()
  @SkipRateLimit()
  @Get('ready')
  @HealthCheck()
  async ready() {
    const { database, redis, details } = await this.probe();
    if (database.status !== 'up') throw new ServiceUnavailableException({ status: 'error', details, message: DATABASE_UNAVAILABLE });
    if (redis.status === 'down') throw new ServiceUnavailableException({ status: 'error', details, message: REDIS_UNAVAILABLE });
    return { status: 'ok', details };
  }

  /** The database's `SELECT 1` and Redis's PING, side by side. */
  private async probe() {
    const [database, redis] = await Promise.all([this.db.pingCheck('database', { timeout: DATABASE_PING_TIMEOUT_MS }), this.redis.check()]);
    return { database: database.database, redis, details: { ...database, redis } };
  }
}
