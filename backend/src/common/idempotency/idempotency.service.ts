import { createHash } from 'node:crypto';
import { ConflictException, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { pgPool, poolRows, type Queryable, rowsOn } from '../../database/query-rows';
import { IDEMPOTENCY_KEY_BUSY, IDEMPOTENCY_KEY_REUSED } from './idempotency.texts';

/** A key answers its first result for this long; then it may be used afresh. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A write sent with an Idempotency-Key. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  /** Names the write (`posts.create`): a key used for one write is not replayed for another. */
  route: string;
  /** The request body; the same key with a different body is refused rather than replayed. */
  body: unknown;
}

/** What a write did: its answer, and what to announce once it is committed. */
export interface IdempotentWrite<T> {
  status: number;
  body: T;
  /** Realtime events and caches: after the commit only, never for a replay. */
  afterCommit?: () => void;
}

export interface IdempotentOutcome<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * The key is claimed first, then this insert's row lock serialises requests with the same key:
 * a second one waits in its INSERT until the first commits (then conflicts and reads the stored
 * answer) or rolls back (then claims the key itself). An expired key (older than the TTL) is
 * taken over in the same statement.
 */
const CLAIM_SQL = `INSERT INTO idempotency_keys (user_id, key, route, fingerprint) VALUES ($1, $2, $3, $4)
  ON CONFLICT (user_id, key) DO UPDATE
    SET route = EXCLUDED.route, fingerprint = EXCLUDED.fingerprint, status = NULL, response = NULL, created_at = now()
    WHERE idempotency_keys.created_at < now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'
  RETURNING 1 AS claimed`;

interface StoredRow {
  route: string;
  fingerprint: string;
  status: number | null;
  response: unknown;
}

function fingerprintOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * `Idempotency-Key` for writes (POST /api/posts, POST /api/messages/send): a retry with the same
 * key by the same user answers the first result (same status and body) and writes nothing. The
 * key and its answer are stored in the same transaction as the write, so a write is committed
 * with its key or not at all: a client that lost the answer (reset, timeout, node restart) can
 * always retry safely.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private sweeper?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `write` once per key. Without a key it runs on the pool as before (each statement its
   * own transaction); with one, inside a transaction on one connection, which `write` must use
   * for every statement it sends (the `db` it is given).
   */
  async run<T>(request: IdempotentRequest | undefined, write: (db: Queryable) => Promise<IdempotentWrite<T>>): Promise<IdempotentOutcome<T>> {
    if (!request) {
      const result = await write(pgPool(this.dataSource));
      result.afterCommit?.();
      return { status: result.status, body: result.body, replayed: false };
    }
    const fingerprint = fingerprintOf(request.body);
    const client = await pgPool(this.dataSource).connect();
    let broken = false;
    let outcome: IdempotentOutcome<T>;
    let afterCommit: (() => void) | undefined;
    try {
      await client.query('BEGIN');
      const claimed = await rowsOn(client, { name: 'idempotency_claim', text: CLAIM_SQL, values: [request.userId, request.key, request.route, fingerprint] });
      if (claimed.length) {
        const result = await write(client);
        await rowsOn(client, {
          name: 'idempotency_store',
          text: 'UPDATE idempotency_keys SET status = $3, response = $4 WHERE user_id = $1 AND key = $2',
          values: [request.userId, request.key, result.status, JSON.stringify(result.body)],
        });
        outcome = { status: result.status, body: result.body, replayed: false };
        afterCommit = result.afterCommit;
      } else {
        const [stored] = await rowsOn<StoredRow>(client, {
          name: 'idempotency_read',
          text: 'SELECT route, fingerprint, status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
          values: [request.userId, request.key],
        });
        if (!stored || stored.status === null) throw new ConflictException(IDEMPOTENCY_KEY_BUSY);
        if (stored.route !== request.route || stored.fingerprint !== fingerprint) throw new UnprocessableEntityException(IDEMPOTENCY_KEY_REUSED);
        outcome = { status: stored.status, body: stored.response as T, replayed: true };
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      // A connection whose ROLLBACK failed is not given back to the pool.
      client.release(broken);
    }
    afterCommit?.();
    return outcome;
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Drops expired keys (idx_idempotency_keys_created); CLAIM_SQL also takes over an expired one it meets. */
  async sweep(): Promise<void> {
    try {
      await poolRows(this.dataSource, {
        name: 'idempotency_sweep',
        text: `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`,
      });
    } catch (error) {
      this.logger.warn(`Süresi dolan Idempotency-Key kayıtları silinemedi: ${String(error)}`);
    }
  }
}
