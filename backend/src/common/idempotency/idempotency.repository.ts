import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { pgPool, poolRows, type Queryable, rowsOn } from '../../database/query-rows';

/** A key answers its first result for this long; then it may be used afresh. */
export const IDEMPOTENCY_TTL_HOURS = 24;

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

export interface StoredRow {
  route: string;
  fingerprint: string;
  status: number | null;
  response: unknown;
}

/**
 * The statements on `idempotency_keys` (docs/architecture.md#rules). The claim, store and read
 * run on the write's own connection, inside its transaction (IdempotencyService.run).
 */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  pool() {
    return pgPool(this.dataSource);
  }

  /** True when this request now holds the key (new, or expired and taken over). */
  async claim(db: Queryable, userId: string, key: string, route: string, fingerprint: string): Promise<boolean> {
    const claimed = await rowsOn(db, { name: 'idempotency_claim', text: CLAIM_SQL, values: [userId, key, route, fingerprint] });
    return claimed.length > 0;
  }

  async store(db: Queryable, userId: string, key: string, status: number, response: unknown): Promise<void> {
    await rowsOn(db, {
      name: 'idempotency_store',
      text: 'UPDATE idempotency_keys SET status = $3, response = $4 WHERE user_id = $1 AND key = $2',
      values: [userId, key, status, JSON.stringify(response)],
    });
  }

  async read(db: Queryable, userId: string, key: string): Promise<StoredRow | undefined> {
    const [stored] = await rowsOn<StoredRow>(db, {
      name: 'idempotency_read',
      text: 'SELECT route, fingerprint, status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      values: [userId, key],
    });
    return stored;
  }

  /** On idx_idempotency_keys_created. */
  async deleteExpired(): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'idempotency_sweep',
      text: `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`,
    });
  }
}
