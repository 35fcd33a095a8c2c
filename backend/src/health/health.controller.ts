import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DATABASE_UNAVAILABLE } from '../common/common.texts';
import { Public } from '../common/decorators/public.decorator';
import { SkipRateLimit } from '../settings/rate-limit.guard';
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
    const [database, redis] = await Promise.all([this.db.pingCheck('database', { timeout: DATABASE_PING_TIMEOUT_MS }), this.redis.check()]);
    const details = { ...database, redis };
    if (database.database.status !== 'up') {
      throw new ServiceUnavailableException({ status: 'error', details, message: DATABASE_UNAVAILABLE });
    }
    return { status: redis.status === 'down' ? 'degraded' : 'ok', details };
  }
}
