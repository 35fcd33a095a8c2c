import type { DashboardMediaStatistics } from '@gundem/contract';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { MediaStatsRepository, type MediaStatsRow } from './media-stats.repository';
import { MediaStorage } from './storage/media-storage';

/** How old the stored totals may be before a dashboard load has them measured again. */
export const MEDIA_STATS_MAX_AGE_MS = 10 * 60_000;
/**
 * How long a dashboard load waits for a walk it started (or joined) before answering the previous
 * figure; the walk goes on in the background and the next load gets its result.
 */
export const MEDIA_STATS_WAIT_MS = 1_000;
/**
 * How long a node's claim to walk holds. Longer than any walk should take (a bucket of millions
 * of objects is a thousand list pages and more), so two nodes do not walk at once; short enough
 * that a node which died mid-walk does not leave the figure unrefreshed for long.
 */
export const MEDIA_STATS_WALK_LEASE_MS = 30 * 60_000;
/** After a failed walk (the bucket down), no node asks the store again before this. */
export const MEDIA_STATS_RETRY_MS = 60_000;

export interface MediaStatsTiming {
  maxAgeMs: number;
  waitMs: number;
  leaseMs: number;
  retryMs: number;
}

export const MEDIA_STATS_TIMING: Readonly<MediaStatsTiming> = {
  maxAgeMs: MEDIA_STATS_MAX_AGE_MS,
  waitMs: MEDIA_STATS_WAIT_MS,
  leaseMs: MEDIA_STATS_WALK_LEASE_MS,
  retryMs: MEDIA_STATS_RETRY_MS,
};

const NEVER_MEASURED: DashboardMediaStatistics = { files: 0, bytes: 0, measuredAt: null };

function toStatistics(row: MediaStatsRow | undefined): DashboardMediaStatistics {
  if (!row) return NEVER_MEASURED;
  return { files: Number(row.files), bytes: Number(row.bytes), measuredAt: row.measured_at?.toISOString() ?? null };
}

/** A walk this node runs: the figure it replaces (answered while it runs) and its result. */
interface Walk {
  previous: DashboardMediaStatistics;
  done: Promise<DashboardMediaStatistics>;
}

/**
 * The back-office dashboard's media totals (docs/architecture.md#media). The truth is a walk of
 * the store (MediaStorage.stats: every file under MEDIA_DIR, or every object of the bucket) —
 * rows cannot replace it, as two uploads of the same bytes share one file and avatars and headers
 * have no byte count in a row — but that walk takes seconds to minutes at scale, so it is a
 * figure measured now and then, not on every load:
 *
 * - **Kept in PostgreSQL** (the `media_stats` row), not in Redis: PostgreSQL is always there and
 *   Redis is optional (without it each node would walk on its own again, the cost this avoids);
 *   the figure outlives a restart, so the first load after boot answers the last one instead of
 *   nothing; and the row's times are PostgreSQL's clock, which every node shares.
 * - **One node walks** when the figure is older than MEDIA_STATS_MAX_AGE_MS: the load that claims
 *   the row's lease (`walk_until`, MediaStatsRepository.claim). A lease, not an advisory lock as
 *   the media sweep takes: a walk lasts up to minutes, and a lock would hold a transaction (and
 *   one of the pool's few connections) open that long; a lease costs no connection and lapses by
 *   itself if its node dies. The others answer the previous figure meanwhile.
 * - **One walk at a time per node**: concurrent loads share one claim and one walk.
 * - **Bounded wait**: a load waits for the walk up to MEDIA_STATS_WAIT_MS (an empty or small
 *   store is measured within it, so the first load of a new site shows real numbers), else answers
 *   the previous figure — `measuredAt` null before the first walk ever finished.
 * - **A failed walk** (the bucket down) is a warning; the previous figure stays, and no node asks
 *   the store again for MEDIA_STATS_RETRY_MS. The dashboard answers 200 all the same.
 *
 * Uploads and deletes do not touch the figure: it is at most MEDIA_STATS_MAX_AGE_MS behind, and
 * the dashboard says how old it is.
 */
@Injectable()
export class MediaStatsService implements OnModuleDestroy {
  private readonly logger = new Logger(MediaStatsService.name);
  /** The bounds (MEDIA_STATS_TIMING); a test shortens them on the node's instance instead of waiting minutes. */
  timing: MediaStatsTiming = { ...MEDIA_STATS_TIMING };
  private claiming?: Promise<Walk | DashboardMediaStatistics>;
  private walking?: Walk;
  private closed = false;

  constructor(
    private readonly repository: MediaStatsRepository,
    private readonly storage: MediaStorage,
  ) {}

  /** The totals for the dashboard: stored, or just measured (see the class). Never throws for the store's sake. */
  async current(): Promise<DashboardMediaStatistics> {
    const found = this.walking ?? (await (this.claiming ??= this.claim().finally(() => (this.claiming = undefined))));
    return 'done' in found ? this.within(found) : found;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    // A walk cut short by the shutdown gives its lease back, so another node may measure at once.
    if (this.walking) await this.repository.release(0).catch(() => undefined);
  }

  /** The stored figure, or the walk this load started when it was stale and no one else is walking. */
  private async claim(): Promise<Walk | DashboardMediaStatistics> {
    const row = await this.repository.claim(this.timing.maxAgeMs, this.timing.leaseMs);
    const previous = toStatistics(row);
    if (!row?.claimed) return previous;
    const walk: Walk = {
      previous,
      done: this.walk(previous).finally(() => {
        if (this.walking === walk) this.walking = undefined;
      }),
    };
    this.walking = walk;
    return walk;
  }

  /** The walk's result if it comes within MEDIA_STATS_WAIT_MS, else the figure it replaces. */
  private async within(walk: Walk): Promise<DashboardMediaStatistics> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<DashboardMediaStatistics>((resolve) => {
      timer = setTimeout(() => resolve(walk.previous), this.timing.waitMs);
    });
    try {
      return await Promise.race([walk.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Walks the store and stores the figure; never rejects (a failure keeps `previous`). */
  private async walk(previous: DashboardMediaStatistics): Promise<DashboardMediaStatistics> {
    let measured: { files: number; bytes: number };
    try {
      measured = await this.storage.stats();
    } catch (error) {
      const since = previous.measuredAt ? `${previous.measuredAt} ölçümü` : 'henüz bir ölçüm yok';
      this.logger.warn(`Görsel deposunun toplamları ölçülemedi (${error instanceof Error ? error.message : String(error)}); gösterge paneli son ölçümü gösteriyor (${since}).`);
      if (!this.closed) await this.repository.release(this.timing.retryMs).catch(() => undefined);
      return previous;
    }
    if (this.closed) return previous;
    try {
      return toStatistics(await this.repository.save(measured.files, measured.bytes));
    } catch (error) {
      this.logger.warn(`Görsel deposunun toplamları kaydedilemedi: ${error instanceof Error ? error.message : String(error)}`);
      return previous;
    }
  }
}
