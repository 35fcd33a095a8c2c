import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ensureWritableDataDir, formatStartupError, type StartupContext } from '../common/lifecycle/startup-errors';
import { type AppConfig, loadConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';

/**
 * Opens the same database the server uses (DATABASE_URL, or the embedded cluster in DATA_DIR,
 * reusing it when a server is running), migrated. The caller must call close(). `entities`: the
 * ones whose repositories the tool uses (the app's modules register theirs; a tool has none).
 *
 * When that fails (bad configuration, database unreachable, embedded PostgreSQL not starting),
 * the tool ends here like the server does: one sentence and its fix, whatever it started
 * stopped, exit code 1 (common/lifecycle/startup-errors.ts).
 */
export async function openCliDatabase(
  entities: DataSourceOptions['entities'] = [],
): Promise<{ config: AppConfig; dataSource: DataSource; close(): Promise<void> }> {
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
    await runMigrations(url);
    const dataSource = await new DataSource(dataSourceOptions(url, { entities })).initialize();
    return {
      config: { ...config, databaseUrl: url },
      dataSource,
      async close() {
        await dataSource.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    console.error(formatStartupError(error, context, debug));
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}
