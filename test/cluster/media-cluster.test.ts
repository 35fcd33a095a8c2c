import sharp from 'sharp';
import { startS3rver, type TestS3Server } from '../../backend/test/s3-server';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { startCluster } from '../../scripts/cluster.mjs';
import { api } from '../realtime/cluster';
import { clusterUnavailable, REDIS_URL } from './requirements';

/**
 * Pictures on more than one node (issue 24): any node may be asked for any picture. With the
 * filesystem driver the nodes share one MEDIA_DIR (npm run cluster gives them one); with the S3
 * driver the bucket serves them. An upload goes through node A, the post is read and the picture
 * fetched through node B, and an upload over nginx's general 2 MB body limit passes its
 * /api/media location.
 */
const reason = await clusterUnavailable('media-cluster');

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A JPEG of noise: about 3 MB at this size, over nginx's general body limit of 2 MB. */
function noisyJpeg(width = 1800, height = 1400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 98 })
    .toBuffer();
}

async function upload(baseUrl: string, token: string, bytes: Buffer): Promise<{ status: number; body: { id: string; large: { url: string }; message?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

/** Posts a picture through node A and reads it back through node B: the post's media, then the bytes. */
async function uploadOnAReadOnB(cluster: Cluster, picture: Buffer, text: string) {
  const [a, b] = cluster.nodes;
  const login = await api(a.url, 'POST', '/api/auth/login', { body: { login: 'ayse@gundem.local', password: 'gundem123' }, timeoutMs: 15_000 });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const uploaded = await upload(a.url, token, picture);
  expect(uploaded.status).toBe(201);
  const created = await api(a.url, 'POST', '/api/posts', { token, body: { content: text, mediaIds: [uploaded.body.id] } });
  expect(created.status).toBe(201);
  const read = await api(b.url, 'GET', `/api/posts/${created.body.post._id ?? created.body.post.id}`);
  expect(read.status).toBe(200);
  const media = read.body.post.media as { id: string; large: { url: string } }[];
  expect(media.map((m) => m.id)).toEqual([uploaded.body.id]);
  return { token, url: media[0].large.url };
}

async function fetchImage(url: string): Promise<{ status: number; type: string | null; width?: number }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) return { status: res.status, type: res.headers.get('content-type') };
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { status: 200, type: res.headers.get('content-type'), width: meta.width };
}

(reason ? describe.skip : describe)('pictures on two nodes', () => {
  beforeAll(() => buildIfNeeded());

  describe('filesystem driver, one MEDIA_DIR for the nodes', () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster({ databaseUrl: process.env.DATABASE_URL, redisUrl: REDIS_URL });
    }, 180_000);
    afterAll(async () => {
      await cluster?.stop();
    });

    it('serves through node B, and through nginx, a picture uploaded through node A', async () => {
      const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
      const { url } = await uploadOnAReadOnB(cluster, picture, 'A düğümünden görsel');
      expect(url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
      expect(await fetchImage(cluster.nodes[1].url + url)).toEqual({ status: 200, type: 'image/webp', width: 900 });
      expect(await fetchImage(cluster.url + url)).toEqual({ status: 200, type: 'image/webp', width: 900 });
    });

    it('lets an upload over the general 2 MB body limit through nginx’s /api/media location', async () => {
      const picture = await noisyJpeg();
      expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);
      // The site's byte limit is a setting (5 MB by default): this picture is within it.
      expect(picture.length).toBeLessThan(5 * 1024 * 1024);
      const login = await api(cluster.url, 'POST', '/api/auth/login', { body: { login: 'ayse@gundem.local', password: 'gundem123' }, timeoutMs: 15_000 });
      const uploaded = await upload(cluster.url, login.body.token, picture);
      expect({ status: uploaded.status, message: uploaded.body.message }).toEqual({ status: 201, message: undefined });
    });
  });

  describe('S3 driver (s3rver), the bucket serving the pictures', () => {
    let s3: TestS3Server;
    let cluster: Cluster;
    beforeAll(async () => {
      s3 = await startS3rver();
      cluster = await startCluster({
        databaseUrl: process.env.DATABASE_URL,
        redisUrl: REDIS_URL,
        env: {
          MEDIA_STORAGE: 's3',
          MEDIA_S3_ENDPOINT: s3.endpoint,
          MEDIA_S3_REGION: s3.region,
          MEDIA_S3_BUCKET: s3.bucket,
          MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
          MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
      });
    }, 180_000);
    afterAll(async () => {
      await cluster?.stop();
      await s3?.stop();
    });

    it('an upload through node A is in the post node B serves, at the bucket’s address', async () => {
      const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa3366' } }).jpeg().toBuffer();
      const { url } = await uploadOnAReadOnB(cluster, picture, 'S3 üzerinden görsel');
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      expect(await fetchImage(url)).toEqual({ status: 200, type: 'image/webp', width: 640 });
    });
  });
});
