import { Client, type ClientConfig } from 'pg';
import type { EntityManager } from 'typeorm';
import { READ_TIMEOUT_GRACE_MS } from '../config/app-config';

/** pg's error when a statement got no answer within `query_timeout` (the client-side bound). */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * The client of the app's pool (`extra.Client`, see dataSourceOptions). pg's `query_timeout` only
 * rejects the caller: the statement stays on the wire and the connection goes back to the pool as
 * if it were healthy. The next borrower's statements then queue behind the lost one, and once the
 * server answers they run inside whatever the lost one left open (a transaction whose ROLLBACK
 * also timed out would swallow every later write). So a connection whose statement timed out on
 * the client side is ended at once: the pool drops it when it is released and opens a new one.
 */
export class BoundedClient extends Client {
  /** The pool's bound (`query_timeout`, DB_QUERY_TIMEOUT_MS); 0 when there is none. */
  private readonly poolReadTimeoutMs: number;
  /** A longer bound for this connection's statements while one is allowed (see allowLonger). */
  private readTimeoutMs?: number;

  constructor(config?: ClientConfig) {
    super(config);
    this.poolReadTimeoutMs = Number(config?.query_timeout) || 0;
  }

  /**
   * Lets this connection's statements take up to `ms` (plus the grace) until the returned function
   * is called. Without a pool bound there is nothing to raise.
   */
  allowLonger(ms: number): () => void {
    const before = this.readTimeoutMs;
    if (this.poolReadTimeoutMs > 0) this.readTimeoutMs = Math.max(before ?? this.poolReadTimeoutMs, ms + READ_TIMEOUT_GRACE_MS);
    return () => {
      this.readTimeoutMs = before;
    };
  }

  // Every form pg's query() takes (text or config, values, callback, submittable) passes through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's dozen overloads, forwarded unchanged
  override query(...args: any[]): any {
    if (this.readTimeoutMs !== undefined) args[0] = withReadTimeout(args[0], this.readTimeoutMs);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: unknown, result: unknown) => void;
      args[last] = (error: unknown, result: unknown) => {
        this.dropIfTimedOut(error);
        callback(error, result);
      };
      return super.query(...(args as Parameters<Client['query']>));
    }
    const result = super.query(...(args as Parameters<Client['query']>)) as unknown;
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        this.dropIfTimedOut(error);
        throw error;
      });
    }
    return result;
  }

  private dropIfTimedOut(error: unknown): void {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
      // With a statement in flight end() destroys the socket rather than waiting for the server:
      // queued statements fail with "Connection terminated" (a 503 too), and release drops it.
      void this.end().catch(() => undefined);
    }
  }
}

/** The statement with its own `query_timeout`, which pg prefers to the connection's. */
function withReadTimeout(statement: unknown, timeoutMs: number): unknown {
  if (typeof statement === 'string') return { text: statement, query_timeout: timeoutMs };
  if (statement && typeof statement === 'object' && typeof (statement as { submit?: unknown }).submit !== 'function') {
    return { ...statement, query_timeout: timeoutMs };
  }
  return statement;
}

/**
 * Runs `work` inside the caller's transaction with statements allowed `timeoutMs`, longer than the
 * pool's DB_STATEMENT_TIMEOUT_MS: `SET LOCAL statement_timeout` on the server, and the client-side
 * bound raised to match on this connection until `work` ends (background work such as the trend
 * refresh; a request keeps the pool's bounds). Outside a transaction SET LOCAL would do nothing.
 */
export async function withStatementTimeout<T>(manager: EntityManager, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const runner = manager.queryRunner as { isTransactionActive?: boolean; databaseConnection?: unknown } | undefined;
  if (!runner?.isTransactionActive) throw new Error('withStatementTimeout needs a transaction');
  // An integer, because SET takes no bind parameters.
  const ms = Math.max(1, Math.round(timeoutMs));
  await manager.query(`SET LOCAL statement_timeout = ${ms}`);
  const restore = runner.databaseConnection instanceof BoundedClient ? runner.databaseConnection.allowLonger(ms) : undefined;
  try {
    return await work();
  } finally {
    restore?.();
  }
}
