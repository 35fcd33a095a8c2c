import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutBucketPolicyCommand, S3Client } from '@aws-sdk/client-s3';
import { startRadosgw } from './radosgw';

/**
 * An S3-compatible server for tests.
 *
 * By default s3rver (npm, devDependency) in a child process on a free port with a temporary
 * directory: it checks SigV4 signatures and speaks path-style PutObject, DeleteObjects and
 * ListObjectsV2 with continuation tokens, and serves objects to anonymous GETs. It is a stand-in
 * written for tests, not a production server: it does not check SigV4 signatures (README "Media
 * storage" says why it is the default all the same).
 *
 * TEST_S3_SERVER=radosgw runs the same specs against Ceph's RGW, a production S3 server, started
 * from Debian's packages in a one-node cluster (radosgw.ts): about 12 s to start.
 *
 * TEST_S3_ENDPOINT (with TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, optional TEST_S3_REGION)
 * runs the same specs against a server started outside (MinIO, radosgw, Garage): each call makes a
 * bucket of its own there, which stop() leaves.
 */
export interface TestS3Server {
  kind: 's3rver' | 'radosgw' | 'external';
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

let bucketCount = 0;

export async function startTestS3Server(bucket = `gundem-test-${process.pid}-${++bucketCount}`): Promise<TestS3Server> {
  const external = process.env.TEST_S3_ENDPOINT;
  if (external) {
    const server: TestS3Server = {
      kind: 'external',
      endpoint: external.replace(/\/+$/, ''),
      region: process.env.TEST_S3_REGION || 'us-east-1',
      bucket,
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
      stop: async () => {},
    };
    await createPublicBucket(server);
    return server;
  }
  if (process.env.TEST_S3_SERVER === 'radosgw') {
    const rgw = await startRadosgw();
    const server: TestS3Server = { kind: 'radosgw', region: 'us-east-1', bucket, ...rgw };
    try {
      await createPublicBucket(server);
    } catch (error) {
      await rgw.stop();
      throw error;
    }
    return server;
  }
  if (process.env.TEST_S3_SERVER && process.env.TEST_S3_SERVER !== 's3rver') {
    throw new Error(`TEST_S3_SERVER s3rver ya da radosgw olmalı (şu an: "${process.env.TEST_S3_SERVER}")`);
  }
  return startS3rver(bucket);
}

/** s3rver in a child process: started, its bucket made, and stop() kills it and removes its directory. */
export async function startS3rver(bucket = `gundem-test-${process.pid}-${++bucketCount}`): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'gundem-s3rver-'));
  const bin = createRequire(join(process.cwd(), 'package.json')).resolve('s3rver/bin/s3rver.js');
  // -p 0: the OS picks the port, which s3rver prints; no race with another test's server.
  // --openssl-legacy-provider: s3rver 3.7.1 encrypts ListObjectsV2 continuation tokens with DES,
  // which OpenSSL 3 (Node >= 17) has only in its legacy provider; without it every truncated page is a 500.
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', bin, '-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--no-vhost-buckets'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`s3rver did not start within 15 s: ${output}`)), 15_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on [^:\s]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}) before listening: ${output}`));
      });
    });
    const server: TestS3Server = {
      kind: 's3rver',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's one account; it checks the signature made with them.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      stop,
    };
    await createPublicBucket(server);
    return server;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Makes the bucket and lets anyone GET its objects, as a deploy's media bucket does (s3rver always does). */
async function createPublicBucket(server: TestS3Server): Promise<void> {
  const client = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: server.bucket }));
    // s3rver serves every object to anyone; a real server needs the policy, as a deploy's bucket does.
    if (server.kind !== 's3rver') {
      const policy = {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Principal: { AWS: ['*'] }, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${server.bucket}/*`] }],
      };
      await client.send(new PutBucketPolicyCommand({ Bucket: server.bucket, Policy: JSON.stringify(policy) }));
    }
  } finally {
    client.destroy();
  }
}
