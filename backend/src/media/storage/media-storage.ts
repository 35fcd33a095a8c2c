import { createHash } from 'node:crypto';

/** Processed pictures never change under a key (the key is their hash), so caches may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a storage holds: its files and their bytes (the back-office dashboard's totals). */
export interface MediaStorageStats {
  files: number;
  bytes: number;
}

/**
 * Where the WebP variants live (MEDIA_STORAGE): `fs`, files under MEDIA_DIR (DATA_DIR/media by
 * default) served by the node at /media (fs-media-storage.ts); `s3`, an S3-compatible bucket (AWS
 * S3, MinIO, Garage, R2, Ceph RGW; s3-storage.ts) whose objects the bucket or a CDN serves. Both
 * pass the same behaviours (media-storage.contract.ts). An abstract class, not an interface: Nest
 * injects it by this token, and media.module picks the driver.
 *
 * Keys are content-addressed (mediaKey): the same bytes always get the same key, so a `put` of a
 * key that exists writes what is there already, and two uploads may share a file. The service
 * decides when a key is no longer named by any row (MediaService.releaseKeys); the storage only
 * stores and deletes.
 */
export abstract class MediaStorage {
  /** Stores `bytes` under `key`, all or nothing (a reader never sees half a file); idempotent for the same key and bytes. */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the keys; a key that is already gone is not an error (S3: batched, ≤ 1000 a request). */
  abstract delete(keys: string[]): Promise<void>;
  /** The address a client loads `key` from (MEDIA_PUBLIC_URL + key). */
  abstract url(key: string): string;
  /** Files and bytes stored (the back-office dashboard's totals). */
  abstract stats(): Promise<MediaStorageStats>;
  /** Whether the store can be written (checked at boot): resolves, or rejects with a short reason. */
  abstract check(): Promise<void>;
}

/** `ab/abcdef….webp`: the sha256 of the bytes, sharded by its first two hex digits. */
export function mediaKey(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return `${hash.slice(0, 2)}/${hash}.webp`;
}

/** Exactly what mediaKey makes, and nothing else (no `..`, no separators but the one). */
export const MEDIA_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{62}\.webp$/;
