import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startS3rver, startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import type { MediaS3Config } from '../../config/app-config';
import { describeMediaStorage, keyOf, picture } from './media-storage.contract';
import { MEDIA_CACHE_CONTROL } from './media-storage';
import { MediaStorageError, S3MediaStorage, type S3MediaStorageOptions } from './s3-storage';

/** Collects what the driver logs instead of printing it, so a test can also check the log lines. */
class Lines {
  readonly lines: string[] = [];
  error(message: string) {
    this.lines.push(message);
  }
}

function configFor(server: Pick<TestS3Server, 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>, prefix = ''): MediaS3Config {
  return {
    endpoint: server.endpoint,
    region: server.region,
    bucket: server.bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    prefix,
    publicUrl: `${server.endpoint}/${server.bucket}${prefix ? `/${prefix}` : ''}`,
  };
}

/** An HTTP GET of the public URL, as a browser gets the picture. */
async function get(url: string) {
  const response = await fetch(url);
  // A missing key is a 404, or a 403 where anonymous users may read objects but not list the
  // bucket (AWS, Ceph RGW, MinIO with `mc anonymous set download`): S3 does not tell them it is absent.
  if (response.status === 404 || response.status === 403) return null;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? undefined,
    cacheControl: response.headers.get('cache-control') ?? undefined,
  };
}

describe('S3MediaStorage against a real S3-compatible server', () => {
  let server: TestS3Server;
  const made: S3MediaStorage[] = [];
  const make = (options: Partial<S3MediaStorageOptions> & { prefix?: string } = {}) => {
    const storage = new S3MediaStorage({ ...configFor(server, options.prefix), logger: new Lines(), ...options });
    made.push(storage);
    return storage;
  };

  beforeAll(async () => {
    const started = Date.now();
    server = await startTestS3Server();
    console.log(`[s3] ${server.kind} at ${server.endpoint} answered in ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    for (const storage of made) storage.destroy();
    await server?.stop();
  });

  describeMediaStorage('s3', async (namespace) => {
    const storage = make({ prefix: `media/${namespace}` });
    return { storage, read: (key: string) => get(storage.url(key)) };
  });

  it('serves a put picture at url() with its bytes, type and a one-year immutable Cache-Control', async () => {
    const storage = make({ prefix: 'served' });
    const bytes = picture('served');
    const key = keyOf(bytes);
    await storage.put(key, bytes, 'image/webp');

    const url = storage.url(key);
    expect(url).toBe(`${server.endpoint}/${server.bucket}/served/${key}`);
    const back = await get(url);
    expect(back?.bytes.equals(bytes)).toBe(true);
    expect(back?.contentType).toBe('image/webp');
    expect(back?.cacheControl).toBe(MEDIA_CACHE_CONTROL);
  });

  it('counts files and bytes across several ListObjectsV2 pages', async () => {
    const storage = make({ prefix: 'paged', listPageSize: 4 });
    let bytes = 0;
    for (let i = 0; i < 11; i++) {
      const body = picture(`paged-${i}`);
      bytes += body.length;
      await storage.put(keyOf(body), body, 'image/webp');
    }
    // 11 keys at 4 a page: three pages, the last two of them reached by a continuation token.
    expect(await storage.stats()).toEqual({ files: 11, bytes });
  });

  it('without a prefix, counts the whole bucket', async () => {
    const storage = make({ prefix: '' });
    const before = await storage.stats();
    const body = picture('root');
    await storage.put(keyOf(body), body, 'image/webp');
    expect(await storage.stats()).toEqual({ files: before.files + 1, bytes: before.bytes + body.length });
    await storage.delete([keyOf(body)]);
  });

  it('never puts the credentials in a thrown message or a log line', async () => {
    // An unknown key id, since s3rver checks the key id but not a SigV4 signature (README "Media storage").
    const keyId = 'AKIDUNKNOWN0123456789';
    const secret = 'not-the-secret-0123456789abcdef';
    const lines = new Lines();
    const storage = make({ accessKeyId: keyId, secretAccessKey: secret, logger: lines, maxAttempts: 1 });
    const failure = await storage.put('aa/wrong-signature.webp', picture('x'), 'image/webp').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaStorageError);
    const message = (failure as Error).message;
    expect(message).toMatch(/^S3 put aa\/wrong-signature\.webp failed \(bucket [^)]+\): (InvalidAccessKeyId|SignatureDoesNotMatch) \(HTTP 403\)/);
    for (const text of [message, ...lines.lines]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(keyId);
    }
    expect(lines.lines).toHaveLength(1);
  });

  it('reports a missing bucket in check()', async () => {
    const storage = make({ bucket: 'no-such-bucket-here', maxAttempts: 1 });
    await expect(storage.check()).rejects.toThrow(/^S3 check failed \(bucket no-such-bucket-here\): NotFound \(HTTP 404\)/);
  });
});

describe('S3MediaStorage when the server is gone or silent', () => {
  it('fails check() at once with a short reason once the server has stopped', async () => {
    const server = await startS3rver();
    const storage = new S3MediaStorage({ ...configFor(server), logger: new Lines(), maxAttempts: 2, requestTimeoutMs: 2_000 });
    try {
      await expect(storage.check()).resolves.toBeUndefined();
      await server.stop();
      const started = Date.now();
      await expect(storage.check()).rejects.toThrow(/^S3 check failed \(bucket [^)]+\): ECONNREFUSED$/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      storage.destroy();
      await server.stop();
    }
  });

  it('gives up on a server that accepts and never answers within requestTimeout × maxAttempts, not hanging', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent: Server = createServer(() => undefined);
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const storage = new S3MediaStorage({
      ...configFor({ endpoint, region: 'us-east-1', bucket: 'silent', accessKeyId: 'AKIDSILENT', secretAccessKey: 'SECRETSILENT' }),
      logger: new Lines(),
      maxAttempts: 2,
      requestTimeoutMs: 500,
    });
    try {
      const started = Date.now();
      const failure = (await storage.check().catch((error: unknown) => error)) as Error;
      const took = Date.now() - started;
      expect(failure.message).toMatch(/^S3 check failed \(bucket silent\): /);
      expect(failure.message).not.toMatch(/SECRETSILENT|AKIDSILENT/);
      // Two attempts of 500 ms plus the SDK's backoff between them (under a second at the first retry).
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(4_000);
    } finally {
      storage.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('S3MediaStorage request headers', () => {
  /** A server that answers every request with 200 (an empty DeleteResult to a POST) and keeps what it got. */
  async function recordingServer() {
    const seen: IncomingHttpHeaders[] = [];
    const bodies: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        if (request.method === 'POST') response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
        else response.writeHead(200, { ETag: '"0"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, bodies, endpoint, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends Content-Type and Cache-Control, and an ACL only when MEDIA_S3_ACL asks for one', async () => {
    const recorder = await recordingServer();
    const base = configFor({ endpoint: recorder.endpoint, region: 'us-east-1', bucket: 'headers', accessKeyId: 'AKID', secretAccessKey: 'SECRET' });
    const plain = new S3MediaStorage({ ...base, logger: new Lines() });
    const withAcl = new S3MediaStorage({ ...base, acl: 'public-read', logger: new Lines() });
    try {
      await plain.put('ab/one.webp', picture('one'), 'image/webp');
      await withAcl.put('ab/two.webp', picture('two'), 'image/webp');
      expect(recorder.seen[0]).toMatchObject({ 'content-type': 'image/webp', 'cache-control': MEDIA_CACHE_CONTROL });
      expect(recorder.seen[0]['x-amz-acl']).toBeUndefined();
      expect(recorder.seen[1]['x-amz-acl']).toBe('public-read');
      expect(recorder.seen[0].authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    } finally {
      plain.destroy();
      withAcl.destroy();
      await recorder.close();
    }
  });

  it('deletes 1,001 keys in two DeleteObjects requests of 1,000 and 1, each with the checksum S3 requires', async () => {
    const recorder = await recordingServer();
    const storage = new S3MediaStorage({
      ...configFor({ endpoint: recorder.endpoint, region: 'us-east-1', bucket: 'batches', accessKeyId: 'AKID', secretAccessKey: 'SECRET' }, 'pre'),
      logger: new Lines(),
    });
    try {
      const keys = Array.from({ length: 1001 }, (_, i) => `${String(i % 100).padStart(2, '0')}/key-${i}.webp`);
      await storage.delete([...keys, keys[0]]);
      expect(recorder.bodies.map((body) => body.match(/<Key>/g)?.length)).toEqual([1000, 1]);
      expect(recorder.bodies[1]).toContain('<Key>pre/00/key-1000.webp</Key>');
      for (const headers of recorder.seen) expect(headers['content-md5'] ?? headers['x-amz-checksum-crc32']).toBeDefined();
    } finally {
      storage.destroy();
      await recorder.close();
    }
  });
});
