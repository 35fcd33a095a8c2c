import { createHash } from 'node:crypto';
import { ConflictException, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, UnprocessableEntityException } from '@nestjs/common';
import type { Queryable } from '../../database/query-rows';
import { IdempotencyRepository } from './idempotency.repository';
import { IDEMPOTENCY_KEY_BUSY, IDEMPOTENCY_KEY_REUSED } from './idempotency.texts';

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

  constructor(private readonly keys: IdempotencyRepository) {}

  /**
   * Runs `write` once per key. Without a key it runs on the pool as before (each statement its
   * own transaction) unless `options.transaction` asks for one; with a key, inside a transaction on one connection, which `write` must use
   * for every statement it sends (the `db` it is given).
   */
  async run<T>(
    request: IdempotentRequest | undefined,
    write: (db: Queryable) => Promise<IdempotentWrite<T>>,
    options: { transaction?: boolean } = {},
  ): Promise<IdempotentOutcome<T>> {
    if (!request && !options.transaction) {
      const result = await write(this.keys.pool());
      result.afterCommit?.();
      return { status: result.status, body: result.body, replayed: false };
    }
    const fingerprint = request ? fingerprintOf(request.body) : '';
    const client = await this.keys.pool().connect();
    let broken = false;
    let outcome: IdempotentOutcome<T>;
    let afterCommit: (() => void) | undefined;
    try {
      await client.query('BEGIN');
      if (!request) {
        // No key, but a write of several statements (`transaction`): the same transaction without the key's row.
        const result = await write(client);
        outcome = { status: result.status, body: result.body, replayed: false };
        afterCommit = result.afterCommit;
      } else if (await this.keys.claim(client, request.userId, request.key, request.route, fingerprint)) {
        const result = await write(client);
        await this.keys.store(client, request.userId, request.key, result.status, result.body);
        outcome = { status: result.status, body: result.body, replayed: false };
        afterCommit = result.afterCommit;
      } else {
        const stored = await this.keys.read(client, request.userId, request.key);
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

  /** Drops expired keys; a claim also takes over an expired one it meets. */
  async sweep(): Promise<void> {
    try {
      await this.keys.deleteExpired();
    } catch (error) {
      this.logger.warn(`Süresi dolan Idempotency-Key kayıtları silinemedi: ${String(error)}`);
    }
  }
}
