import { Controller, Get, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DATABASE_UNAVAILABLE } from '../common/common.texts';
import { Public } from '../common/decorators/public.decorator';
import { SkipRateLimit } from '../settings/rate-limit.guard';
import { DATABASE_DOWN, REDIS_DOWN, REDIS_UNAVAILABLE } from './health.texts';
import { type RedisHealth, RedisHealthIndicator } from './redis-health.indicator';

/** How long the database may take to answer `SELECT 1`. */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

/** A dependency as the public health answers show it: `up` (with its time), or `down` with a Turkish sentence and nothing of the cause. */
type DependencyHealth = { status: 'up'; responseTime?: number } | { status: 'down'; message: string } | { status: 'not_configured' };

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');
  /** The cause last logged per dependency: a balancer polls every few seconds, the log says it once per change. */
  private readonly logged = new Map<string, string>();

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

  /**
   * The database's `SELECT 1` and Redis's PING, side by side. The answer is public: a dependency
   * that is down shows a Turkish sentence, never its error (`connect ECONNREFUSED 10.0.0.5:5432`
   * would tell anyone the network's layout); the error goes to the server's log.
   */
  private async probe() {
    const [pinged, redisCheck] = await Promise.all([this.db.pingCheck('database', { timeout: DATABASE_PING_TIMEOUT_MS }), this.redis.check()]);
    const ping = pinged.database as { status: string; message?: unknown; responseTime?: number };
    const database = this.shown('database', ping.status === 'up' ? { status: 'up', responseTime: ping.responseTime } : { status: 'down', message: String(ping.message ?? ping.status) }, DATABASE_DOWN);
    const redis = this.shown('redis', redisCheck, REDIS_DOWN);
    return { database, redis, details: { database, redis } };
  }

  /** `health` as the answer shows it (a down one with `text`), its cause logged once per change. */
  private shown(name: string, health: RedisHealth | { status: 'up'; responseTime?: number }, text: string): DependencyHealth {
    const cause = health.status === 'down' ? health.message : '';
    const before = this.logged.get(name) ?? '';
    if (before !== cause) {
      this.logged.set(name, cause);
      if (cause) this.logger.warn(`Sağlık denetimi: ${name} yanıt vermiyor (${cause}).`);
      else this.logger.log(`Sağlık denetimi: ${name} yeniden yanıt veriyor.`);
    }
    return health.status === 'down' ? { status: 'down', message: text } : health;
  }
}
