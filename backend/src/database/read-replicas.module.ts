import { Global, Injectable, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { parse } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ReadReplicas, registerReplicas, runInReadScope } from './read-replicas';

/**
 * The cookie that keeps a client's reads on the primary for a while after it wrote: set on every
 * POST, PUT, PATCH and DELETE while replicas are configured. A replica in rotation lagged at most
 * REPLICA_MAX_LAG_MS at its last check, and may have fallen further behind until the next one
 * (REPLICA_CHECK_MS later, and that check's own answer time); for that long after a write, a read
 * from a replica could miss it. So the window is max lag + twice the check interval, rounded up to
 * whole seconds (4 s by default). A cookie rather than server state: it needs no Redis round trip
 * on every read and follows the member's browser to whichever node answers next.
 */
export const PRIMARY_COOKIE = 'gundem_primary';

export function primaryWindowSeconds(config: AppConfig['replicas']): number {
  return Math.ceil((config.maxLagMs + 2 * config.checkMs) / 1000);
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Express middleware (mounted first in app.factory.ts, so the server-rendered `/` has it too):
 * the request's read scope for replicaRows, and the primary-window cookie after a write. A member
 * is a request with a bearer token or `memberCookie` (the home page's, auth/home-session.ts).
 */
export function readScopeMiddleware(config: AppConfig, memberCookie: string) {
  const enabled = config.replicas.urls.length > 0;
  const maxAge = primaryWindowSeconds(config.replicas) * 1000;
  const secure = config.appUrl.startsWith('https:');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!enabled) return next();
    const read = READS.has(req.method);
    if (!read) res.cookie(PRIMARY_COOKIE, '1', { maxAge, httpOnly: true, sameSite: 'lax', secure, path: '/' });
    const cookies = req.headers.cookie ? parse(req.headers.cookie) : {};
    const member = Boolean(req.headers.authorization) || memberCookie in cookies;
    runInReadScope({ lagOk: read && !(PRIMARY_COOKIE in cookies), member }, next);
  };
}

@Injectable()
export class ReadReplicasLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(private readonly replicas: ReadReplicas) {}

  async onModuleInit(): Promise<void> {
    await this.replicas.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.replicas.close();
  }
}

/** The replicas of DATABASE_REPLICA_URLS, registered for replicaRows; none configured: every read on the primary. */
@Global()
@Module({
  providers: [
    {
      provide: ReadReplicas,
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, dataSource: DataSource) => {
        const logger = new Logger('ReadReplicas');
        const replicas = new ReadReplicas(config.replicas.urls, {
          maxLagMs: config.replicas.maxLagMs,
          checkMs: config.replicas.checkMs,
          statementTimeoutMs: config.statementTimeoutMs,
          connectTimeoutMs: config.connectTimeoutMs,
          queryTimeoutMs: config.queryTimeoutMs,
          log: (line) => logger.warn(line),
        });
        registerReplicas(dataSource, replicas);
        return replicas;
      },
    },
    ReadReplicasLifecycle,
  ],
  exports: [ReadReplicas],
})
export class ReadReplicasModule {}
