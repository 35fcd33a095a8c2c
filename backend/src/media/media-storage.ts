import { createHash } from 'node:crypto';

/** What a storage holds: its files and their bytes (the back-office dashboard's totals). */
export interface MediaStorageStats {
  files: number;
  bytes: number;
}

/**
 * Where the WebP variants live (MEDIA_STORAGE; `fs`, the only driver so far: files under
 * DATA_DIR/media, served at /media). An S3 driver would implement the same four calls (`put` as
 * PutObject, `delete` as DeleteObjects, `url` under MEDIA_PUBLIC_URL, `stats` from the rows' sum)
 * and leave `serve` unset; nothing else changes.
 *
 * Keys are content-addressed (mediaKey): the same bytes always get the same key, so a `put` of a
 * key that exists writes what is there already, and two uploads may share a file. The service
 * decides when a key is no longer named by any row (MediaService.releaseKeys); the storage only
 * stores and deletes.
 */
export abstract class MediaStorage {
  /** Stores `bytes` under `key`, all or nothing (a reader never sees half a file). */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the keys; a key that is already gone is not an error. */
  abstract delete(keys: string[]): Promise<void>;
  /** The address a client loads `key` from (MEDIA_PUBLIC_URL + key). */
  abstract url(key: string): string;
  abstract stats(): Promise<MediaStorageStats>;
}

/** `ab/abcdef….webp`: the sha256 of the bytes, sharded by its first two hex digits. */
export function mediaKey(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return `${hash.slice(0, 2)}/${hash}.webp`;
}

/** Exactly what mediaKey makes, and nothing else (no `..`, no separators but the one). */
export const MEDIA_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{62}\.webp$/;
