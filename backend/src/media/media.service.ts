import { createHash } from 'node:crypto';
import { type Media, MEDIA_ALT_MAX_LENGTH, MEDIA_UNATTACHED_TTL_HOURS, type MediaLimits, type MediaVariant } from '@gundem/contract';
import { BadRequestException, ConflictException, HttpException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy, type OnModuleInit, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { ActivityEvents } from '../common/activity/activity-events';
import { Metrics } from '../common/metrics/metrics';
import { poolTransaction, type Queryable } from '../database/query-rows';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../settings/rate-limit.store';
import { SettingsService } from '../settings/settings.service';
import { MediaProcessor, type ProcessedImage } from './media-processor';
import { mediaKey, MediaStorage } from './storage/media-storage';
import { MediaRepository, type MediaRow } from './media.repository';
import { MEDIA_ALT_IN_EDITED_POST, MEDIA_ALT_INVALID, MEDIA_IDS_REPEATED, MEDIA_NOT_ATTACHABLE, MEDIA_NOT_FOUND, mediaAltTooLong, mediaTooManyImages } from './media.texts';

/** How often a node tries the sweep of unattached uploads (one node at a time does it). */
export const MEDIA_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Rows one sweep transaction deletes; the sweep goes on batch after batch until none is left. */
export const MEDIA_SWEEP_BATCH = 200;
/** The advisory lock a sweep holds for its transaction (any constant other locks do not use). */
const SWEEP_LOCK = 7_246_024;
const HOUR_MS = 3_600_000;

/** The wire `Media` of a row: its variants at the storage's URLs. */
export function toMedia(row: MediaRow, url: (key: string) => string): Media {
  const variant = (key: string, width: number, height: number): MediaVariant => ({ url: url(key), width, height });
  return {
    id: row.id,
    type: row.type,
    small: variant(row.small_key, row.small_width, row.small_height),
    large: variant(row.large_key, row.large_width, row.large_height),
    still: row.still_key !== null ? variant(row.still_key, row.still_width ?? 0, row.still_height ?? 0) : null,
    width: row.large_width,
    height: row.large_height,
    placeholder: row.placeholder,
    alt: row.alt,
  };
}

/**
 * Pictures in posts (issue 24, docs/architecture.md#media): uploads (processed, stored, one row
 * each), the alt text, attaching to a new post (inside the post's transaction), releasing the
 * files of deleted rows, and the sweep of uploads no post took.
 */
@Injectable()
export class MediaService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MediaService.name);
  private sweeper?: NodeJS.Timeout;
  private sweeping?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: MediaRepository,
    private readonly storage: MediaStorage,
    private readonly processor: MediaProcessor,
    private readonly settings: SettingsService,
    private readonly metrics: Metrics,
    @Inject(RATE_LIMIT_STORE) private readonly limits: RateLimitStore,
    private readonly activity: ActivityEvents,
  ) {}

  /**
   * Counts an upload in the member's hourly budget (`mediaUploadsPerHour`, the rate limiter's
   * store, so every node shares it with Redis), before its body is read: 429 beyond it.
   * Independent of RATE_LIMIT_ENABLED, like the login throttle: it bounds the image work a member
   * can cause, not request traffic. Staff are not exempt.
   */
  async countUpload(userId: string): Promise<{ retryAfterSeconds?: number }> {
    const { mediaUploadsPerHour } = await this.settings.get();
    const key = createHash('sha256').update(`media-upload:${userId}`).digest('base64url');
    const hit = await this.limits.hit(key, HOUR_MS, mediaUploadsPerHour);
    if (hit.allowed) return {};
    this.metrics.refused('media_upload');
    this.metrics.mediaUpload('refused');
    return { retryAfterSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)) };
  }

  /** A refused upload (any 4xx before or while processing), for /api/metrics. */
  refused(): void {
    this.metrics.mediaUpload('refused');
  }

  /**
   * Processes the upload and stores its variants and row, all or nothing: the row and the files
   * are written under the keys' locks in one transaction; if anything fails, the files this
   * upload added are removed before the locks are let go. The original bytes are never stored.
   */
  async upload(ownerId: string, bytes: Buffer): Promise<Media> {
    const { maxImagePixels, allowedFileTypes } = await this.settings.get();
    let image: ProcessedImage;
    try {
      image = await this.processor.process(bytes, maxImagePixels, allowedFileTypes);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) this.refused();
      throw error;
    }
    const files = [image.small, image.large, ...(image.still ? [image.still] : [])].map((v) => ({ ...v, key: mediaKey(v.bytes) }));
    const [small, large, still] = files;
    const row = await this.transaction(async (db) => {
      await this.repository.lockKeys(
        db,
        files.map((f) => f.key),
      );
      const inserted = await this.repository.insert(db, {
        ownerId,
        type: image.type,
        small,
        large,
        still: still ?? null,
        bytes: files.reduce((sum, f) => sum + f.bytes.length, 0),
        placeholder: image.placeholder,
      });
      try {
        for (const file of files) await this.storage.put(file.key, file.bytes, 'image/webp');
      } catch (error) {
        // Still under the locks: the files no other row names go with this row's rollback.
        const orphans = await this.repository.unreferenced(
          db,
          files.map((f) => f.key),
          inserted.id,
        );
        await this.storage.delete(orphans).catch(() => undefined);
        throw error;
      }
      return inserted;
    });
    this.metrics.mediaUpload('stored');
    return toMedia(row, (key) => this.storage.url(key));
  }

  /**
   * The uploader's alt text (null clears it); also inside the post's `media` when attached, in the
   * same transaction. After the commit, an attached picture's post is announced (the `post-updated`
   * activity: posts/ drops its cached first page and pushes `post:updated` to the post's watchers);
   * an upload no post has taken yet concerns nobody else.
   */
  async setAlt(ownerId: string, id: string, alt: unknown): Promise<Media> {
    if (alt !== null && typeof alt !== 'string') throw new BadRequestException(MEDIA_ALT_INVALID);
    const text = typeof alt === 'string' ? alt.normalize('NFC').trim() : null;
    if (text !== null && [...text].length > MEDIA_ALT_MAX_LENGTH) throw new BadRequestException(mediaAltTooLong(MEDIA_ALT_MAX_LENGTH));
    const value = text === '' ? null : text;
    const { row, post } = await this.transaction(async (db) => {
      // Another member's upload reads as missing: ids are not to be probed.
      const own = await this.repository.lockOwn(db, id, ownerId);
      if (!own) throw new NotFoundException(MEDIA_NOT_FOUND);
      const updated = await this.repository.setAlt(db, id, value);
      // The row's own id: the post's copy keeps ids as PostgreSQL wrote them (lowercase), the route may have any case.
      const post = updated.post_id ? await this.repository.setAltInPost(db, updated.post_id, updated.id, value) : null;
      // The post was edited: its pictures' alt texts go through an edit, a version of their own
      // (the history's newest version must be what the post shows). Nothing is kept of this one.
      if (updated.post_id && !post) throw new ConflictException(MEDIA_ALT_IN_EDITED_POST);
      return { row: updated, post };
    });
    if (post) this.activity.publish({ kind: 'post-updated', actorId: ownerId, postId: post.id, media: post.media, sensitive: post.sensitive, at: new Date() });
    return toMedia(row, (key) => this.storage.url(key));
  }

  /** The limits a compose box checks before uploading (GET /api/media/limits): the settings as they are now (cached per node, see SettingsService). */
  async composeLimits(): Promise<MediaLimits> {
    const { maxImagesPerPost, maxFileSize } = await this.settings.get();
    return { maxImagesPerPost, maxFileSize };
  }

  /** Checks a new post's `mediaIds` before anything is written: at most `maxImagesPerPost`, no repeats. */
  async checkMediaIds(ids: string[]): Promise<void> {
    const { maxImagesPerPost } = await this.settings.get();
    if (ids.length > maxImagesPerPost) throw new BadRequestException(mediaTooManyImages(maxImagesPerPost));
    if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length) throw new BadRequestException(MEDIA_IDS_REPEATED);
  }

  /**
   * Locks the author's uploads `ids` for a post being written on `db` (its transaction) and
   * answers them as the post's wire `media`, in the order of `ids`. 422 when any of them is not
   * the author's, attached already, expired or unknown (the transaction then writes nothing).
   */
  async lockForPost(db: Queryable, ownerId: string, ids: string[]): Promise<Media[]> {
    if (!ids.length) return [];
    const rows = await this.repository.lockAttachable(db, ownerId, ids, MEDIA_UNATTACHED_TTL_HOURS);
    if (rows.length !== ids.length) throw new UnprocessableEntityException(MEDIA_NOT_ATTACHABLE);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => toMedia(byId.get(id.toLowerCase())!, (key) => this.storage.url(key)));
  }

  /**
   * An edit's pictures (issue 27), on `db` (the edit's transaction): each item is an upload of the
   * author's that the post carries or carried, or a fresh one; `alt` absent keeps its alt text,
   * null or empty clears it. Locks them, makes them the post's in this order with their alt texts,
   * and answers them as the post's new wire `media`. 400 for too many, a repeat or an alt text
   * too long; 422 when one is not the author's, taken by another post, expired or unknown.
   */
  async attachForEdit(db: Queryable, ownerId: string, postId: string, items: { id: string; alt?: string | null }[]): Promise<Media[]> {
    const ids = items.map((item) => item.id.toLowerCase());
    await this.checkMediaIds(ids);
    const alts = items.map((item) => {
      if (item.alt === undefined || item.alt === null) return null;
      const text = item.alt.normalize('NFC').trim();
      if ([...text].length > MEDIA_ALT_MAX_LENGTH) throw new BadRequestException(mediaAltTooLong(MEDIA_ALT_MAX_LENGTH));
      return text === '' ? null : text;
    });
    const given = items.map((item) => item.alt !== undefined);
    if (!ids.length) return [];
    const rows = await this.repository.lockEditable(db, ownerId, postId, ids, MEDIA_UNATTACHED_TTL_HOURS);
    if (rows.length !== ids.length) throw new UnprocessableEntityException(MEDIA_NOT_ATTACHABLE);
    if ((await this.repository.attachForEdit(db, postId, ownerId, ids, alts, given)) !== ids.length) throw new UnprocessableEntityException(MEDIA_NOT_ATTACHABLE);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id, at) => toMedia({ ...byId.get(id)!, alt: given[at] ? alts[at] : byId.get(id)!.alt }, (key) => this.storage.url(key)));
  }

  /** Attaches the locked uploads to the inserted post (same transaction); 422 if a row slipped away. */
  async attach(db: Queryable, postId: string, ownerId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const changed = await this.repository.attach(db, postId, ownerId, ids);
    if (changed !== ids.length) throw new UnprocessableEntityException(MEDIA_NOT_ATTACHABLE);
  }

  /** Inside a post's delete: its rows go; answers their keys for releaseKeys after the commit. */
  deleteOfPost(em: EntityManager, postId: string): Promise<string[]> {
    return this.repository.deleteOfPost(em, postId);
  }

  /**
   * Inside a staff removal that keeps the post in an archive: its rows go, answered as they were
   * with their keys; the caller writes both into the archive in the same transaction, so the files
   * stay (releaseKeys checks the archive too).
   */
  archiveOfPost(em: EntityManager, postId: string): Promise<{ rows: unknown[]; keys: string[] }> {
    return this.repository.archiveOfPost(em, postId);
  }

  /** Inside a removed post's restore: its archived rows back, same ids. */
  restoreRows(em: EntityManager, rows: unknown[]): Promise<void> {
    return this.repository.restoreRows(em, rows);
  }

  /**
   * After rows were deleted (and committed): removes the files no row names any more. A key two
   * uploads share stays while one of them does. Failures are logged, never thrown at the caller
   * (the delete itself succeeded).
   */
  async releaseKeys(keys: string[]): Promise<void> {
    if (!keys.length) return;
    try {
      await this.transaction(async (db) => {
        await this.repository.lockKeys(db, keys);
        await this.storage.delete(await this.repository.unreferenced(db, keys));
      });
    } catch (error) {
      this.logger.warn(`media files not removed: ${(error as Error).message}`);
    }
  }

  /**
   * Deletes the uploads no post took within MEDIA_UNATTACHED_TTL_HOURS, MEDIA_SWEEP_BATCH rows per
   * transaction, then their files. One node at a time (a transaction-scoped advisory lock, as the
   * trending refresh takes): a node that finds it taken skips this round. Answers the rows deleted.
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepBatches().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepBatches(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.transaction(async (db) => {
        if (!(await this.repository.trySweepLock(db, SWEEP_LOCK))) return null;
        return this.repository.deleteExpired(db, MEDIA_UNATTACHED_TTL_HOURS, MEDIA_SWEEP_BATCH);
      });
      if (!batch) return total;
      total += batch.rows;
      await this.releaseKeys(batch.keys);
      if (batch.rows < MEDIA_SWEEP_BATCH) return total;
    }
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: Error) => this.logger.warn(`media sweep failed: ${error.message}`));
    }, MEDIA_SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping?.catch(() => undefined);
  }

  /** One transaction on a pooled client (the media module's services: uploads, profile images). */
  transaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T> {
    return poolTransaction(this.dataSource, work);
  }
}

