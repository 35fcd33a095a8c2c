import type { Pool, PoolClient, QueryConfig } from 'pg';
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

/** Where a statement runs: the pool (its own transaction) or a checked-out client inside one. */
export type Queryable = Pool | PoolClient;

/** Rows of one statement on `db` (see {@link poolRows}); a client keeps it inside its transaction. */
export async function rowsOn<T>(db: Queryable, query: PlainQuery): Promise<T[]> {
  return (await (db as Pool).query(query as QueryConfig)).rows as T[];
}

/**
 * One transaction on a client checked out of the pool: BEGIN, `work`, COMMIT; ROLLBACK when `work`
 * throws (the error goes on). A client whose ROLLBACK failed is broken and leaves the pool.
 */
export function poolTransaction<T>(dataSource: DataSource, work: (db: PoolClient) => Promise<T>): Promise<T> {
  return transactionOn(pgPool(dataSource), work);
}

/** poolTransaction on any pg pool (a read replica's: database/read-replicas.ts). */
export async function transactionOn<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Node socket errors that mean the database server could not be reached or went away. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is stopping, starting or full: admin_shutdown, crash_shutdown,
 * cannot_connect_now, too_many_connections. (Class 08, connection_exception, is matched whole.)
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * pg raises these without a code: a connection dropped mid-query, a client already broken or
 * closed, pg-pool giving up waiting for a connection and pg giving up on a new one's handshake
 * (connectionTimeoutMillis), and no answer to a statement within query_timeout (a frozen server:
 * one that is alive cancels it first, with statement_timeout).
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|timeout expired$|Query read timeout$)/;

/**
 * Whether an error means "the database cannot be reached right now" rather than "this statement
 * is wrong": the answer is then a 503 the client may retry, never a 401 or a 500. Looks through
 * TypeORM's wrapper (`driverError`), `cause` and AggregateError (a host with several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  // Bounded: a cyclic `cause` must not loop forever.
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift() as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown } | null;
    if (!current || typeof current !== 'object') continue;
    const { code, message } = current;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    pending.push(current.driverError, current.cause, ...(Array.isArray(current.errors) ? current.errors : []));
  }
  return false;
}
