import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

/**
 * `statementTimeoutMs` (the app's request path; migrations and CLI tools run without one):
 * every statement on the pool's connections is cancelled after it, so no request holds a
 * connection for long. Background work that may take longer sets its own with SET LOCAL.
 */
export function dataSourceOptions(url: string, options: { statementTimeoutMs?: number } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: { max: 20, ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}) },
  };
}

/** For the TypeORM CLI: `typeorm migration:run -d backend/dist/database/data-source.js`. */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
