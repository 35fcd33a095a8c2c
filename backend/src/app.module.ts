import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { AdminModule } from './admin/admin.module';
import { ReportsModule } from './reports/reports.module';
import { ActivityModule } from './common/activity/activity-events';
import { AuthModule } from './auth/auth.module';
import { HeavyQueriesModule } from './common/concurrency/heavy-queries';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { EnglishAnswersInterceptor } from './common/i18n/english-answers.interceptor';
import { toEnglish } from './i18n/english';
import { I18nModule } from './i18n/i18n.module';
import { JwtAuthGuard } from './common/guards/jwt-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { MediaModule } from './media/media.module';
import { MessagesModule } from './messages/messages.module';
import { ModerationModule } from './moderation/moderation.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PreferencesModule } from './preferences/preferences.module';
import { ObservabilityModule } from './observability/observability.module';
import { PostsModule } from './posts/posts.module';
import { ReadReplicasModule } from './database/read-replicas.module';
import { RealtimeModule } from './realtime/realtime.module';
import { MaintenanceGuard } from './settings/maintenance.guard';
import { RateLimitGuard } from './settings/rate-limit.guard';
import { SettingsModule } from './settings/settings.module';
import { RulesModule } from './rules/rules.module';
import { AuditModule } from './audit/audit.module';
import { SocialModule } from './social/social.module';
import { TrendingModule } from './trending/trending.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    if (!config.databaseUrl) throw new Error('databaseUrl must be resolved before the app module is built');
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        // Each feature module registers its own entities (TypeOrmModule.forFeature); autoLoadEntities collects them.
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, {
            statementTimeoutMs: config.statementTimeoutMs,
            connectTimeoutMs: config.connectTimeoutMs,
            queryTimeoutMs: config.queryTimeoutMs,
          }),
          autoLoadEntities: true,
          migrationsRun: false,
        }),
        ReadReplicasModule,
        HeavyQueriesModule,
        MetricsModule,
        ActivityModule,
        I18nModule,
        MailModule,
        AuditModule,
        SettingsModule,
        RulesModule,
        UsersModule,
        AuthModule,
        SocialModule,
        MediaModule,
        PostsModule,
        TrendingModule,
        RealtimeModule,
        MessagesModule,
        NotificationsModule,
        PreferencesModule,
        ReportsModule,
        ModerationModule,
        AdminModule,
        HealthModule,
        ObservabilityModule,
      ],
      providers: [
        // Global guards run in this order: who is calling, then how often, then may they, then
        // maintenance mode (which needs the role to let staff through).
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_GUARD, useClass: MaintenanceGuard },
        // Errors in the request's language (Accept-Language): the English twins' lookup (issue 26).
        { provide: APP_FILTER, useFactory: () => new AllExceptionsFilter(toEnglish) },
        // …and the `message` of a success answer too.
        { provide: APP_INTERCEPTOR, useFactory: () => new EnglishAnswersInterceptor(toEnglish) },
      ],
    };
  }
}
