import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MemoryRateLimitStore, RATE_LIMIT_STORE, RedisRateLimitStore } from './rate-limit.store';
import { ReadBudget } from './read-budget';
import { SettingsController } from './settings.controller';
import { Settings } from './settings.entity';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/**
 * The system settings (one row, cached per node) and the global guards they drive. Global, so
 * auth and posts read SettingsService without importing this module. Its guards
 * (MaintenanceGuard, RateLimitGuard) are registered as APP_GUARDs in AppModule, in order after
 * the JWT guard (they need to know the user).
 * ReadBudget counts the member's `/` and /api/metrics in the limiter's read budgets.
 * The rate limiter's counters are in Redis when REDIS_URL is set (shared by every node), else in memory.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Settings])],
  controllers: [SettingsController],
  providers: [
    SettingsRepository,
    SettingsService,
    ReadBudget,
    {
      provide: RATE_LIMIT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redisUrl ? new RedisRateLimitStore(config.redisUrl, config.redisPrefix) : new MemoryRateLimitStore()),
    },
  ],
  exports: [SettingsService, RATE_LIMIT_STORE, ReadBudget],
})
export class SettingsModule {}
