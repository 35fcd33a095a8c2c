import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, resolveJwtSecret } from './config/app-config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './database/demo-seed';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { installIpcStats } from './diagnostics/ipc-stats';
import { RealtimeGateway } from './realtime/realtime.gateway';

async function bootstrap(): Promise<void> {
  const logger = new Logger('gündem');
  let config;
  try {
    config = resolveJwtSecret(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // __dirname is fine here (compiled CommonJS); modules that tests load get paths passed in.
  config.frontendDist ??= resolve(__dirname, '../../frontend/dist');

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    logger.log(`Gömülü PostgreSQL başlatılıyor (${join(config.dataDir, 'postgres')})…`);
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
    config.databaseUrl = embedded.url;
  }

  const applied = await runMigrations(config.databaseUrl);
  if (applied.length) logger.log(`Uygulanan migration'lar: ${applied.join(', ')}`);

  const app = await createApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} alındı, kapatılıyor…`);
    await app.close().catch((error: unknown) => logger.error(String(error)));
    await embedded?.stop().catch((error: unknown) => logger.error(String(error)));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen(config.port, config.host);
  // Only when a parent (the benchmark) gave this process an IPC channel; a no-op otherwise.
  const gateway = app.get(RealtimeGateway);
  installIpcStats({ connections: () => gateway.connectionCount() });
  const seeded = config.seedDemo ? await seedDemo(app) : false;
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
  console.log(lines.join('\n'));
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
