import type { Pool, QueryConfig } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/** A statement for {@link poolRows}; `name` makes it a prepared statement on each connection. */
export interface PlainQuery {
  /** Parsed and planned once per pooled connection; only for statements whose text never varies. */
  name?: string;
  text: string;
  values?: unknown[];
}

/** The pg pool under TypeORM's postgres driver (the same connections, limits and settings). */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * Rows of one statement sent straight to the pg pool, for plain reads and single-statement
 * writes outside a transaction. A TypeORM QueryRunner per statement (create, connect, query with
 * its logging and result wrapping, release) cost more than the hot reads themselves
 * (cpu profile of the timeline); pg's `pool.query` checks a client out, runs and releases it.
 */
export async function poolRows<T>(dataSource: DataSource, query: PlainQuery): Promise<T[]> {
  return (await pgPool(dataSource).query(query as QueryConfig)).rows as T[];
}

/**
 * Rows of any statement, `RETURNING` included. TypeORM's `manager.query()` answers UPDATE and
 * DELETE as `[rows, rowCount]` but SELECT and INSERT as `rows`; the structured result is uniform.
 * Inside `dataSource.transaction()` the manager's own query runner (the transaction) is used;
 * outside one, the statement goes to the pool directly (see poolRows).
 */
export async function queryRows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  if (!manager.queryRunner) return poolRows<T>(manager.dataSource, { text: sql, values: params });
  return (await manager.queryRunner.query(sql, params, true)).records as T[];
}

/**
 * PostgreSQL error code of a failed statement (e.g. '23503' foreign key violation): pg's own
 * error (poolRows) carries it, TypeORM's QueryFailedError wraps it in `driverError`.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const err = error as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  const code = err?.driverError?.code ?? err?.code;
  return typeof code === 'string' ? code : undefined;
}
