import type { DataSourceOptions } from 'typeorm';
import { BoundedClient } from './bounded-client';
import { migrations } from './migrations';

/** The bounds of the app's request pool (AppConfig's database timeouts); 0 or unset: none. */
export interface PoolTimeouts {
  /** PostgreSQL cancels a statement after this (statement_timeout, the "busy" 503). */
  statementTimeoutMs?: number;
  /**
   * How long a caller waits for a connection: a free one of the pool or a new one (pg-pool's
   * connectionTimeoutMillis). A frozen server still accepts TCP but never finishes the handshake.
   */
  connectTimeoutMs?: number;
  /**
   * How long the client waits for the answer to a statement before it gives up on the server
   * (pg's query_timeout), which a frozen or cut-off server never sends; its connection is then
   * dropped (BoundedClient).
   */
  queryTimeoutMs?: number;
}

/**
 * The timeouts (the app's request path; migrations and CLI tools such as backup, seed and
 * bulk-seed run without any): every statement on the pool's connections is cancelled after
 * `statementTimeoutMs`, so no request holds a connection for long, and the client stops waiting
 * on a server that does not answer at all, so a hung database is a 503 within seconds rather than
 * a hung request. Background work that may take longer uses withStatementTimeout.
 *
 * `entities`: none by default. The app registers each entity in its own feature module
 * (`TypeOrmModule.forFeature`, collected by `autoLoadEntities`), so this floor names no feature;
 * a CLI tool that uses a repository passes the entities it needs; migrations need none.
 */
export function dataSourceOptions(
  url: string,
  options: PoolTimeouts & { entities?: DataSourceOptions['entities'] } = {},
): DataSourceOptions {
  const { statementTimeoutMs, connectTimeoutMs, queryTimeoutMs } = options;
  return {
    type: 'postgres',
    url,
    entities: options.entities ?? [],
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: {
      max: 20,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
      ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
      ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs, Client: BoundedClient } : {}),
    },
  };
}
