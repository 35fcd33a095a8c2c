import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../common/decorators/public.decorator';
import { SkipRateLimit } from '../settings/rate-limit.guard';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** 200 `{ status: "ok" }` when the database answers, 503 otherwise. Not rate limited (load balancers poll it). */
  @Public()
  @SkipRateLimit()
  @Get()
  @HealthCheck()
  async check() {
    const result = await this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
    return { status: result.status, details: result.details };
  }
}
