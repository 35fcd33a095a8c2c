import type { DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

/**
 * `statementTimeoutMs` (the app's request path; migrations and CLI tools run without one):
 * every statement on the pool's connections is cancelled after it, so no request holds a
 * connection for long. Background work that may take longer sets its own with SET LOCAL.
 *
 * `entities`: none by default. The app registers each entity in its own feature module
 * (`TypeOrmModule.forFeature`, collected by `autoLoadEntities`), so this floor names no feature;
 * a CLI tool that uses a repository passes the entities it needs; migrations need none.
 */
export function dataSourceOptions(
  url: string,
  options: { statementTimeoutMs?: number; entities?: DataSourceOptions['entities'] } = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: options.entities ?? [],
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: { max: 20, ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}) },
  };
}
