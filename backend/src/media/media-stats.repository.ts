import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolRows } from '../database/query-rows';

/** The `media_stats` row (bigint comes as text from pg). */
export interface MediaStatsRow {
  files: string;
  bytes: string;
  measured_at: Date | null;
}

/**
 * The statements of the one `media_stats` row (migration MediaStats): the last measured totals
 * of the storage and the lease of the node measuring now. Every time is PostgreSQL's `now()`, not
 * the node's clock, so all nodes agree on when the figure is stale and when a lease has lapsed.
 */
@Injectable()
export class MediaStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The stored figure, and whether this call took the lease to measure again: only when the
   * figure is older than `maxAgeMs` (or was never measured) and no other node holds a lease. Two
   * nodes asking at once: the second UPDATE waits for the first's row lock, then finds the lease
   * taken and claims nothing. One statement either way (the dashboard pays for it on every load).
   */
  async claim(maxAgeMs: number, leaseMs: number): Promise<(MediaStatsRow & { claimed: boolean }) | undefined> {
    const [row] = await poolRows<MediaStatsRow & { claimed: boolean }>(this.dataSource, {
      name: 'media_stats_claim',
      text: `WITH claimed AS (
               UPDATE media_stats SET walk_until = now() + $2::float8 * interval '1 millisecond'
                WHERE id = 1
                  AND (measured_at IS NULL OR measured_at <= now() - $1::float8 * interval '1 millisecond')
                  AND (walk_until IS NULL OR walk_until <= now())
               RETURNING id)
             SELECT s.files, s.bytes, s.measured_at, EXISTS (SELECT 1 FROM claimed) AS claimed FROM media_stats s WHERE s.id = 1`,
      values: [maxAgeMs, leaseMs],
    });
    return row;
  }

  /** A finished walk: the new figure, measured now; the lease is given back. */
  async save(files: number, bytes: number): Promise<MediaStatsRow> {
    const [row] = await poolRows<MediaStatsRow>(this.dataSource, {
      name: 'media_stats_save',
      text: `UPDATE media_stats SET files = $1, bytes = $2, measured_at = now(), walk_until = NULL WHERE id = 1 RETURNING files, bytes, measured_at`,
      values: [files, bytes],
    });
    return row;
  }

  /**
   * The lease now ends in `inMs` instead (0: at once): after a failed walk, so the store is not
   * asked again before then by any node; or at shutdown, so another node may measure right away.
   */
  async release(inMs: number): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'media_stats_release',
      text: `UPDATE media_stats SET walk_until = now() + $1::float8 * interval '1 millisecond' WHERE id = 1`,
      values: [inMs],
    });
  }
}
