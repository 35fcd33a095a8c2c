/**
 * Where the media module keeps processed pictures (issue 24). Two drivers: the filesystem
 * (DATA_DIR/media, the default) and an S3-compatible bucket (s3-storage.ts). Both pass the same
 * behaviours (media-storage.contract.ts).
 */
export interface MediaStorage {
  /** Stores `bytes` under `key` (e.g. `ab/abcdef….webp`); idempotent for the same key and bytes. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the keys; unknown keys are not an error. Batched (S3 DeleteObjects takes ≤ 1000). */
  delete(keys: string[]): Promise<void>;
  /** The public URL of a key: `${publicBase}/${key}`. */
  url(key: string): string;
  /** Files and bytes stored (for the admin dashboard); may list the bucket/prefix. */
  stats(): Promise<{ files: number; bytes: number }>;
  /** Whether the store answers (for /api/health/ready): resolves or throws a short reason. */
  check(): Promise<void>;
}
