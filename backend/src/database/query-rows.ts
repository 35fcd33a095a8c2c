import type { EntityManager } from 'typeorm';

/**
 * Rows of any statement, `RETURNING` included. TypeORM's `manager.query()` answers UPDATE and
 * DELETE as `[rows, rowCount]` but SELECT and INSERT as `rows`; the structured result is uniform.
 * Inside `dataSource.transaction()` the manager's own query runner (the transaction) is used.
 */
export async function queryRows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const own = manager.queryRunner ? undefined : manager.dataSource.createQueryRunner();
  const runner = manager.queryRunner ?? own!;
  try {
    return (await runner.query(sql, params, true)).records as T[];
  } finally {
    await own?.release();
  }
}

/** PostgreSQL error code of a failed statement (e.g. '23503' foreign key violation). */
export function pgErrorCode(error: unknown): string | undefined {
  const driverError = (error as { driverError?: { code?: unknown } })?.driverError;
  return typeof driverError?.code === 'string' ? driverError.code : undefined;
}
