import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './cli/demo-seed';
import { installHttpDrain } from './common/lifecycle/http-drain';
import { ensureWritableDataDir, formatStartupError, type StartupContext } from './common/lifecycle/startup-errors';
import { createRootLogger, useRootLogger } from './common/logging/root-logger';
import { printStartupBanner } from './common/logging/startup-banner';
import { loadConfig, resolveJwtSecret } from './config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { installIpcStats } from './diagnostics/ipc-stats';
import { MailService } from './mail/mail.service';
import { RankedFeedService } from './posts/ranked-feed.service';
import { RealtimeGateway } from './realtime/realtime.gateway';

/** What a failed start must stop before exiting, and what its message may name (see failStartup). */
const starting: { context: StartupContext; debug: boolean; embedded?: EmbeddedDatabase; app?: Awaited<ReturnType<typeof createApp>> } = {
  context: {},
  debug: false,
};

async function bootstrap(): Promise<void> {
  const logger = new Logger('gündem');
  const loaded = loadConfig();
  starting.debug = loaded.logLevel === 'debug' || loaded.logLevel === 'verbose';
  starting.context = { port: loaded.port, host: loaded.host, dataDir: loaded.dataDir, databaseUrl: loaded.databaseUrl, redisUrl: loaded.redisUrl };
  // Checked first when something will be written there (the cluster, the generated JWT secret).
  if (!loaded.databaseUrl || !loaded.jwtSecret) ensureWritableDataDir(loaded.dataDir);
  const config = resolveJwtSecret(loaded);
  // Every line from here on goes through pino (LOG_LEVEL, LOG_FORMAT), the boot lines included.
  const rootLogger = await createRootLogger(config);
  useRootLogger(rootLogger);
  // __dirname is fine here (compiled CommonJS); modules that tests load get paths passed in.
  config.frontendDist ??= resolve(__dirname, '../../frontend/dist');

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    logger.log(`Gömülü PostgreSQL başlatılıyor (${join(config.dataDir, 'postgres')})…`);
    const pgLogger = new Logger('PostgreSQL');
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), {
      ownSignals: true,
      log: (line) => {
        if (line.startsWith('Gömülü PostgreSQL')) pgLogger.warn(line);
      },
      // Restarts in place failed (see startEmbeddedPostgres): exit non-zero so that whatever
      // supervises this process (systemd, Docker's restart policy) starts it afresh.
      onGiveUp: (error) => {
        pgLogger.error(error.message);
        process.exit(1);
      },
      runtimeDir: config.embeddedPgRuntimeDir,
    });
    starting.embedded = embedded;
    config.databaseUrl = embedded.url;
  }
  // Until the app exists, a signal (Ctrl-C during migrations) still stops the embedded database:
  // its package's own signal listeners were removed above.
  let shutdown = async (signal: string): Promise<void> => {
    logger.log(`${signal} alındı, kapatılıyor…`);
    await embedded?.stop().catch((error: unknown) => logger.error(String(error)));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const applied = await runMigrations(config.databaseUrl);
  if (applied.length) logger.log(`Uygulanan migration'lar: ${applied.join(', ')}`);

  const app = await createApp(config, { logger: rootLogger });
  starting.app = app;
  const http = installHttpDrain(app.getHttpServer());
  let closing = false;
  /**
   * SIGTERM/SIGINT: the HTTP side drains first (no new connections, health 503, requests in
   * flight answered within SHUTDOWN_TIMEOUT_MS) while every dependency is still open; only then
   * does `app.close()` close Socket.IO, the Redis clients and the TypeORM pool, and the embedded
   * database stops last. A second signal does not cut the drain short: supervisors send SIGKILL
   * themselves when they stop waiting.
   */
  shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} alındı: yeni bağlantı kabul edilmiyor, süren istekler bitiriliyor (en çok ${config.shutdownTimeoutMs} ms)…`);
    const drained = await http.drain(config.shutdownTimeoutMs);
    if (!drained) {
      logger.warn(`Süre doldu: ${http.inFlight()} istek yanıtlanmadan bağlantıları kapatılıyor.`);
      http.closeAllConnections();
    }
    await app.get(MailService).flush().catch((error: unknown) => logger.error(String(error)));
    await app.close().catch((error: unknown) => logger.error(String(error)));
    await embedded?.stop().catch((error: unknown) => logger.error(String(error)));
    logger.log('Kapatıldı.');
    process.exit(0);
  };

  await app.listen(config.port, config.host);
  // Only when a parent (the benchmark) gave this process an IPC channel; a no-op otherwise.
  const gateway = app.get(RealtimeGateway);
  installIpcStats({ connections: () => gateway.connectionCount() });
  const seeded = config.seedDemo ? await seedDemo(app) : false;
  // The ranked feed's candidates, before the first `/` asks for them (after the demo's posts).
  app.get(RankedFeedService).warm();
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  gündem çalışıyor: ${url}`,
    `  API belgeleri:    ${url}/api/docs`,
    `  Veritabanı:       ${embedded ? 'gömülü PostgreSQL' : 'DATABASE_URL'}${seeded ? ' (demo verisi eklendi)' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo hesapları (şifre: ' + DEMO_PASSWORD + '):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(26)} ${a.role}`);
  }
  lines.push('  Durdurmak için Ctrl-C.', '');
  printStartupBanner(app, {
    message: `gündem çalışıyor: ${url}`,
    lines,
    fields: { url, docs: `${url}/api/docs`, database: embedded ? 'embedded' : 'DATABASE_URL', seeded, demoAccounts: config.seedDemo ? DEMO_ACCOUNTS.map((a) => a.email) : undefined },
  });
}

/**
 * A start that failed at any step: one sentence and its fix (common/lifecycle/startup-errors.ts),
 * then whatever had started is stopped (the app's connections, the embedded PostgreSQL) so
 * nothing is left running, and the exit code is 1.
 */
async function failStartup(error: unknown): Promise<never> {
  console.error(formatStartupError(error, starting.context, starting.debug));
  // Bounded: a dependency that never answered must not keep a failed start alive.
  const bounded = (work: Promise<unknown> | undefined) => Promise.race([work?.catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
  await bounded(starting.app?.close());
  await bounded(starting.embedded?.stop());
  process.exit(1);
}

bootstrap().catch(failStartup);
