import { DeleteObjectsCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type ObjectCannedACL } from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { MediaS3Config } from '../../config/app-config';
import { MEDIA_CACHE_CONTROL, MediaStorage } from './media-storage';

/** S3 DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

export interface S3MediaStorageOptions extends MediaS3Config {
  /** Longest wait for one attempt's answer (default 10 s); the SDK then retries up to maxAttempts. */
  requestTimeoutMs?: number;
  /** Longest wait for a TCP connection (default 3 s). */
  connectionTimeoutMs?: number;
  /** Attempts per call, the first included, with the SDK's own backoff (default 3). */
  maxAttempts?: number;
  /** MaxKeys of one ListObjectsV2 page in stats() (default 1000, S3's maximum); tests lower it. */
  listPageSize?: number;
  logger?: Pick<Logger, 'error'>;
}

/** A failed S3 call, with a short message that names the operation but never the credentials. */
export class MediaStorageError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MediaStorageError';
  }
}

/**
 * MediaStorage on an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph RGW, R2) with the AWS SDK
 * v3. Keys are stored under MEDIA_S3_PREFIX; url() is MEDIA_PUBLIC_URL (or the bucket's own
 * address) plus the key, so the bucket (or a CDN in front of it) must serve objects publicly.
 */
export class S3MediaStorage extends MediaStorage {
  private readonly client: S3Client;
  private readonly logger: Pick<Logger, 'error'>;
  private readonly keyPrefix: string;
  private readonly listPageSize: number;

  constructor(private readonly options: S3MediaStorageOptions) {
    super();
    this.keyPrefix = options.prefix ? `${options.prefix}/` : '';
    this.listPageSize = options.listPageSize ?? 1000;
    this.logger = options.logger ?? new Logger('MediaStorage');
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: options.maxAttempts ?? 3,
      requestHandler: new NodeHttpHandler({
        connectionTimeout: options.connectionTimeoutMs ?? 3_000,
        requestTimeout: options.requestTimeoutMs ?? 10_000,
        // Since @smithy/node-http-handler 4.4 a request past requestTimeout only logs a warning unless this is set.
        throwOnRequestTimeout: true,
      }),
      // The SDK's default CRC32 checksum headers (since 3.729) are refused by several S3-compatible
      // servers; send them only where the operation requires one (DeleteObjects).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.call(`put ${key}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.keyPrefix + key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
          ACL: this.options.acl as ObjectCannedACL | undefined,
        }),
      ),
    );
  }

  async delete(keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    for (let start = 0; start < unique.length; start += DELETE_BATCH) {
      const batch = unique.slice(start, start + DELETE_BATCH);
      const answer = await this.call(`delete ${batch.length} keys`, () =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: this.keyPrefix + key })), Quiet: true },
          }),
        ),
      );
      // DeleteObjects answers 200 and lists the keys it could not delete; an unknown key is not one of them.
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length) {
        const first = failed[0];
        const message = `S3 delete failed for ${failed.length} of ${batch.length} keys (first: ${first.Key ?? '?'}: ${first.Code ?? 'unknown'})`;
        this.logger.error(message);
        throw new MediaStorageError(message, first.Code);
      }
    }
  }

  url(key: string): string {
    return `${this.options.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  async stats(): Promise<{ files: number; bytes: number }> {
    let files = 0;
    let bytes = 0;
    let token: string | undefined;
    do {
      const page = await this.call('list', () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.options.bucket,
            Prefix: this.keyPrefix || undefined,
            MaxKeys: this.listPageSize,
            ContinuationToken: token,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        files += 1;
        bytes += object.Size ?? 0;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return { files, bytes };
  }

  async check(): Promise<void> {
    await this.call('check', () => this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket })));
  }

  /** Stops the client's sockets (on shutdown). */
  destroy(): void {
    this.client.destroy();
  }

  /** Runs one SDK call; a failure is logged in one line and rethrown as a MediaStorageError. */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const { message, code, status } = this.describe(error);
      const line = `S3 ${operation} failed (bucket ${this.options.bucket}): ${message}`;
      this.logger.error(line);
      throw new MediaStorageError(line, code, status);
    }
  }

  /** A short, credential-free reason: the S3 error code and HTTP status, or the network error's code. */
  private describe(error: unknown): { message: string; code?: string; status?: number } {
    type Failure = { name?: string; code?: unknown; message?: string; cause?: unknown; $metadata?: { httpStatusCode?: number } };
    const e = error as Failure;
    const status = e.$metadata?.httpStatusCode;
    // A network failure comes wrapped ("AWS SDK error wrapper for Error: connect ECONNREFUSED …"):
    // Node's code (ECONNREFUSED, ECONNRESET) is on it or its cause, else in its message.
    const cause = e.cause as Failure | undefined;
    const nodeCode = [e.code, cause?.code].find((code): code is string => typeof code === 'string' && /^E[A-Z_]+$/.test(code)) ?? /\b(E[A-Z]{4,})\b/.exec(e.message ?? '')?.[1];
    if (nodeCode) return { message: nodeCode, code: nodeCode };
    // S3 answers carry their error code as `name` (NoSuchBucket, SignatureDoesNotMatch, TimeoutError).
    const code = e.name && e.name !== 'Error' ? e.name : 'Error';
    // HeadBucket's errors have no body, so the SDK's message is then only the code or "UnknownError".
    const text = (e.message ?? '').split('\n')[0].slice(0, 200);
    const detail = text && text !== code && text !== 'UnknownError' ? `: ${text}` : '';
    return { message: this.redact(`${code}${status ? ` (HTTP ${status})` : ''}${detail}`), code, status };
  }

  private redact(text: string): string {
    let safe = text;
    for (const secret of [this.options.secretAccessKey, this.options.accessKeyId]) {
      if (secret) safe = safe.split(secret).join('***');
    }
    return safe;
  }
}
