import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type AppConfig, loadConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';

/**
 * Opens the same database the server uses (DATABASE_URL, or the embedded cluster in DATA_DIR,
 * reusing it when a server is running), migrated. The caller must call close(). `entities`: the
 * ones whose repositories the tool uses (the app's modules register theirs; a tool has none).
 */
export async function openCliDatabase(
  entities: DataSourceOptions['entities'] = [],
): Promise<{ config: AppConfig; dataSource: DataSource; close(): Promise<void> }> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
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
}
