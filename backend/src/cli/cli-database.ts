import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ensureWritableDataDir, formatStartupError, type StartupContext } from '../common/lifecycle/startup-errors';
import { type AppConfig, loadConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';

/**
 * The database the server uses, reachable but not migrated: DATABASE_URL, or the embedded cluster
 * in DATA_DIR (the running server's when one is up, else started for this tool and stopped by
 * close()). When that fails (bad configuration, database unreachable, embedded PostgreSQL not
 * starting) the tool ends here like the server does: one sentence and its fix, whatever it
 * started stopped, exit code 1 (common/lifecycle/startup-errors.ts).
 */
export async function openCliConnection(): Promise<{ config: AppConfig; url: string; context: StartupContext; debug: boolean; close(): Promise<void> }> {
  let context: StartupContext = {};
  let debug = false;
  let embedded: EmbeddedDatabase | undefined;
  try {
    const config = loadConfig();
    context = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
    debug = config.logLevel === 'debug' || config.logLevel === 'verbose';
    if (!config.databaseUrl) {
      ensureWritableDataDir(config.dataDir);
      embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), {
        runtimeDir: config.embeddedPgRuntimeDir,
        log: (line) => {
          if (line.startsWith('Gömülü PostgreSQL')) console.error(line);
        },
      });
    }
    const url = config.databaseUrl ?? embedded!.url;
    return { config: { ...config, databaseUrl: url }, url, context, debug, close: async () => embedded?.stop() };
  } catch (error) {
    return failCli(error, context, debug, embedded);
  }
}

/** One sentence and its fix, the embedded cluster stopped, exit code 1. */
async function failCli(error: unknown, context: StartupContext, debug: boolean, embedded?: { stop(): Promise<void> }): Promise<never> {
  console.error(formatStartupError(error, context, debug));
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
}

/**
 * Opens the same database the server uses (see openCliConnection), migrated. The caller must call
 * close(). `entities`: the ones whose repositories the tool uses (the app's modules register
 * theirs; a tool has none).
 */
export async function openCliDatabase(
  entities: DataSourceOptions['entities'] = [],
): Promise<{ config: AppConfig; dataSource: DataSource; close(): Promise<void> }> {
  const connection = await openCliConnection();
  try {
    await runMigrations(connection.url);
    const dataSource = await new DataSource(dataSourceOptions(connection.url, { entities })).initialize();
    return {
      config: connection.config,
      dataSource,
      async close() {
        await dataSource.destroy();
        await connection.close();
      },
    };
  } catch (error) {
    return failCli(error, connection.context, connection.debug, { stop: connection.close });
  }
}
