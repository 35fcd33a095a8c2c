/**
 * The pictures part of `npm run bench` (issue 24): what an upload costs through the whole route
 * against sharp doing the same work in a bare script, the node's event loop and memory while
 * uploads run, and the media the `timeline-media` scenario and Lighthouse's `guest-home-media`
 * page put on the guest timeline's first page.
 *
 * - `media-upload`: a 12-megapixel JPEG of about 4 MB (noise, slightly blurred, so it compresses
 *   like a photo), uploaded `samples` times one at a time as a member (`POST /api/media`,
 *   multipart), each upload followed by the backend's own MediaProcessor (imported from the
 *   built backend, the exact pipeline) processing the same bytes in this process: route p50 /
 *   bare p50. Then 8 uploads at once, the node's event-loop delay over exactly that window (the
 *   histogram of backend/src/diagnostics, reset before, read after).
 * - `media-memory`: 8 uploads at once of a 24-megapixel JPEG: the node's RSS (/proc/<pid>/status
 *   VmRSS) before, its peak polled during, and after it settles (polled until it stops falling).
 *
 * Uploads rotate over many members, and the bench's own setup lifts `mediaUploadsPerHour` and
 * `maxFileSize` in the bench database's settings (bench.ts), so no upload meets a limit.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import sharp from 'sharp';
import { Client } from 'pg';
import { type RunningNode, repoRoot, sleep, sql } from './infra.js';
import type { BenchUser } from './types.js';

/** What the media scenarios need of the contract's `Media` (the wire shape). */
export interface WireMedia {
  id: string;
  small: { url: string; width: number; height: number };
  large: { url: string; width: number; height: number };
  width: number;
  height: number;
  placeholder: string;
  alt: string | null;
}

export interface TestImage {
  width: number;
  height: number;
  megapixels: number;
  bytes: number;
}

/** A photo-like JPEG: gaussian noise, blurred a little (a noise-free gradient would compress to nothing). */
export async function makeJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 140, b: 160 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .blur(1.2)
    .jpeg({ quality })
    .toBuffer();
}

const describeImage = (bytes: Buffer, width: number, height: number): TestImage => ({ width, height, megapixels: (width * height) / 1e6, bytes: bytes.length });

/** One upload through the route; answers its status, its time and the `Media` it made. */
export async function upload(baseUrl: string, token: string, bytes: Buffer, name = 'foto.jpg'): Promise<{ status: number; ms: number; media?: WireMedia; error?: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  const ms = performance.now() - started;
  return res.status === 201 || res.status === 200 ? { status: res.status, ms, media: JSON.parse(text) as WireMedia } : { status: res.status, ms, error: text.slice(0, 200) };
}

type Processor = { process(bytes: Buffer, maxPixels: number, allowed: readonly string[]): Promise<unknown> };

/** The backend's MediaProcessor, from the build the nodes run. */
function bareProcessor(): Processor {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(repoRoot, 'backend/dist/media/media-processor.js')) as { MediaProcessor: new () => Processor };
  return new mod.MediaProcessor();
}

const percentile = (values: number[], p: number): number => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const stats = (values: number[]) => ({ samples: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

/** The settings the node's defaults would refuse the bench's images with (the row is the bench database's own). */
export const MEDIA_BENCH_SETTINGS = `UPDATE settings SET media_uploads_per_hour = 1000, max_file_size = 20 * 1024 * 1024, max_image_pixels = GREATEST(max_image_pixels, 40000000)`;

export interface MediaUploadResult {
  image: TestImage;
  route: { samples: number; p50: number; p99: number; max: number };
  bare: { samples: number; p50: number; p99: number; max: number };
  /** route p50 / bare p50 (target ≤ 1.3). */
  ratio: number;
  concurrent: { uploads: number; seconds: number; failed: number; statuses: number[]; loopDelay: { p50: number; p99: number; max: number } };
  /**
   * The same 8 at once through the bare MediaProcessor in this process, and this process's own
   * loop delay meanwhile: how late a loop runs beside that much libvips work on this machine,
   * without HTTP, multer or the database (left out with `--quick`).
   */
  bareConcurrent?: { seconds: number; loopDelay: { p50: number; p99: number; max: number } };
  failures: number;
}

/** Issue 24's upload: 12 MP, about 4 MB. `--quick` (CI) takes a 3 MP one of about 1 MB, so the same path runs in a few seconds. */
export const UPLOAD_IMAGE = { width: 4000, height: 3000, quality: 92 };
export const QUICK_UPLOAD_IMAGE = { width: 2000, height: 1500, quality: 92 };

export async function runMediaUpload(options: {
  node: RunningNode;
  users: BenchUser[];
  samples: number;
  bareConcurrent: boolean;
  image: { width: number; height: number; quality: number };
  log(line: string): void;
}): Promise<MediaUploadResult> {
  const { node, users, samples, log } = options;
  const t0 = performance.now();
  const jpeg = await makeJpeg(options.image.width, options.image.height, options.image.quality);
  const image = describeImage(jpeg, options.image.width, options.image.height);
  log(`görsel: ${image.width}×${image.height} (${image.megapixels} MP) JPEG, ${(image.bytes / 1e6).toFixed(2)} MB (${((performance.now() - t0) / 1000).toFixed(1)} sn'de üretildi)`);
  const processor = bareProcessor();
  const allowed = ['image/jpeg'];
  let member = 0;
  const next = () => users[member++ % users.length];
  // Warm-up: one of each (first sharp calls load libvips' codecs; the route's first upload makes its storage folders).
  const warm = await upload(node.url, next().token, jpeg);
  if (warm.status !== 201) throw new Error(`POST /api/media ${warm.status}: ${warm.error}`);
  await processor.process(jpeg, 40_000_000, allowed);
  const route: number[] = [];
  const bare: number[] = [];
  let failures = 0;
  // Interleaved, one route upload then one bare run: a change in the machine's load falls on both.
  for (let i = 0; i < samples; i++) {
    const r = await upload(node.url, next().token, jpeg);
    if (r.status !== 201) failures++;
    else route.push(r.ms);
    const started = performance.now();
    await processor.process(jpeg, 40_000_000, allowed);
    bare.push(performance.now() - started);
  }
  const routeStats = stats(route);
  const bareStats = stats(bare);
  log(`yükleme: rota p50 ${routeStats.p50.toFixed(0)} ms, çıplak sharp p50 ${bareStats.p50.toFixed(0)} ms → ${(routeStats.p50 / bareStats.p50).toFixed(2)}× (${samples} örnek)`);

  // 8 uploads at once: the event-loop delay of the node over exactly that window.
  await node.stats({ resetLoop: true });
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: 8 }, () => upload(node.url, next().token, jpeg)));
  const seconds = (performance.now() - started) / 1000;
  const { loopDelay } = await node.stats({ resetLoop: true });
  const failed = results.filter((r) => r.status !== 201).length;
  log(`8 eşzamanlı yükleme ${seconds.toFixed(1)} sn: olay döngüsü gecikmesi p99 ${loopDelay.p99.toFixed(1)} ms (en çok ${loopDelay.max.toFixed(1)} ms)${failed ? `, ⚠️ ${failed} başarısız` : ''}`);
  let bareConcurrent: MediaUploadResult['bareConcurrent'];
  if (options.bareConcurrent) {
    // Measured as the node's histogram measures (10 ms resolution, only what is beyond it).
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const t = performance.now();
    await Promise.all(Array.from({ length: 8 }, () => processor.process(jpeg, 40_000_000, allowed)));
    histogram.disable();
    const beyond = (ns: number) => Math.max(0, ns / 1e6 - 10);
    bareConcurrent = {
      seconds: (performance.now() - t) / 1000,
      loopDelay: { p50: beyond(histogram.percentile(50)), p99: beyond(histogram.percentile(99)), max: beyond(histogram.max) },
    };
    log(`8 eşzamanlı çıplak sharp ${bareConcurrent.seconds.toFixed(1)} sn: bu sürecin olay döngüsü gecikmesi p99 ${bareConcurrent.loopDelay.p99.toFixed(1)} ms`);
  }
  return {
    image,
    route: routeStats,
    bare: bareStats,
    ratio: routeStats.p50 / bareStats.p50,
    concurrent: { uploads: 8, seconds, failed, statuses: results.map((r) => r.status), loopDelay },
    bareConcurrent,
    failures: failures + failed,
  };
}

export interface MediaMemoryResult {
  image: TestImage;
  uploads: number;
  failed: number;
  rssMiB: { before: number; peak: number; after: number; rise: number; residual: number };
  settleSeconds: number;
}

/** VmRSS of a process, MiB. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export async function runMediaMemory(options: { node: RunningNode; users: BenchUser[]; log(line: string): void }): Promise<MediaMemoryResult> {
  const { node, users, log } = options;
  const jpeg = await makeJpeg(6000, 4000, 85);
  const image = describeImage(jpeg, 6000, 4000);
  log(`görsel: ${image.width}×${image.height} (${image.megapixels} MP) JPEG, ${(image.bytes / 1e6).toFixed(2)} MB`);
  // Before: after a full GC, once the resident set has stopped moving.
  await node.stats({ gc: true });
  const before = await settledRss(node.pid, 5_000);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMiB(node.pid));
      await sleep(20);
    }
  })();
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(node.url, users[(users.length - 1 - i) % users.length].token, jpeg)));
  sampling = false;
  await sampler;
  const failed = results.filter((r) => r.status !== 201).length;
  // After: a full GC (the request buffers are external memory V8 frees), then polled until RSS stops falling.
  const settleStart = performance.now();
  await node.stats({ gc: true });
  const after = await settledRss(node.pid, 30_000);
  const settleSeconds = (performance.now() - settleStart) / 1000;
  const rise = peak - before;
  const residual = after - before;
  log(`bellek (8 × 24 MP): RSS ${before.toFixed(0)} → en çok ${peak.toFixed(0)} MiB (+${rise.toFixed(0)}), sonra ${after.toFixed(0)} MiB (+${residual.toFixed(0)}, ${settleSeconds.toFixed(1)} sn)${failed ? `, ⚠️ ${failed} başarısız` : ''}`);
  return { image, uploads: 8, failed, rssMiB: { before, peak, after, rise, residual }, settleSeconds };
}

/** RSS once it has not fallen by more than 2 MiB for a second (or at `timeoutMs`). */
async function settledRss(pid: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let low = rssMiB(pid);
  let lowSince = performance.now();
  while (performance.now() < deadline) {
    await sleep(100);
    const now = rssMiB(pid);
    if (now < low - 2) {
      low = now;
      lowSince = performance.now();
    } else if (performance.now() - lowSince >= 1_000) {
      return Math.min(low, now);
    }
  }
  return Math.min(low, rssMiB(pid));
}

const ALTS = [
  'Galata Kulesi’nin önünde akşamüstü, martılar ve kalabalık',
  'Masada iki bardak çay ve simit, arkada Boğaz',
  'Kadıköy çarşısında balık tezgâhı, buzun üstünde hamsiler',
  'Kapadokya’da sabah, gökyüzünde onlarca sıcak hava balonu',
];

/**
 * Four real uploads (2 MP photos of different colours, through the route, each with alt text)
 * whose files the node serves under /media: the pictures of `timeline-media` and of Lighthouse's
 * `guest-home-media` page.
 */
export async function sampleMedia(baseUrl: string, token: string): Promise<WireMedia[]> {
  return Promise.all(
    ALTS.map(async (alt, i) => {
      const jpeg = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + 50 * i, g: 160 - 30 * i, b: 90 + 20 * i }, noise: { type: 'gaussian', mean: 110 + 10 * i, sigma: 40 } },
      })
        .blur(1.5)
        .jpeg({ quality: 85 })
        .toBuffer();
      const r = await upload(baseUrl, token, jpeg, `foto-${i + 1}.jpg`);
      if (!r.media) throw new Error(`örnek görsel yüklenemedi: ${r.status} ${r.error}`);
      const res = await fetch(`${baseUrl}/api/media/${r.media.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ alt }),
      });
      if (!res.ok) throw new Error(`alt metni yazılamadı: ${res.status}`);
      return (await res.json()) as WireMedia;
    }),
  );
}

export interface TimelinePage {
  posts: { id: string; media?: unknown[]; author?: { id: string }; quote?: { state: string } }[];
}

async function firstPage(baseUrl: string): Promise<TimelinePage> {
  const res = await fetch(`${baseUrl}/api/posts/timeline`);
  if (!res.ok) throw new Error(`GET /api/posts/timeline ${res.status}`);
  return (await res.json()) as TimelinePage;
}

/** Polls the guests' first page (cached up to a second) until `ok` holds of it. */
export async function untilFirstPage(baseUrl: string, ok: (page: TimelinePage) => boolean): Promise<TimelinePage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await firstPage(baseUrl);
    if (ok(page)) return page;
    if (Date.now() > deadline) throw new Error('misafir ilk sayfası beklenen hâle gelmedi');
    await sleep(100);
  }
}

/**
 * Runs `fn` while every post of the guests' first page carries the four pictures in its
 * denormalised `posts.media` (the wire `Media[]` the timeline reads as it is), then puts back what
 * those posts had. Same database, same route, same first-page cache as `timeline-guest`: only
 * the posts' pictures differ. Answers what `fn` answers and the page's JSON size with pictures.
 */
/**
 * The updates of `posts` that withMediaOnFirstPage made, and how many of them were HOT, counted
 * in their own transactions (pg_stat_xact_user_tables): the run's HOT ratio of counter updates
 * leaves them out (bench.ts).
 */
export const mediaPostUpdates = { updates: 0, hot: 0 };

/** Sets `media` of each post `id` in one transaction, counting its updates of posts. */
async function setMedia(dbUrl: string, rows: { id: string; media: unknown }[]): Promise<void> {
  const client = new Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const row of rows) await client.query(`UPDATE posts SET media = $2::jsonb WHERE id = $1`, [row.id, JSON.stringify(row.media)]);
    const { rows: stat } = await client.query<{ upd: string; hot: string }>(
      `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relname = 'posts'`,
    );
    await client.query('COMMIT');
    mediaPostUpdates.updates += Number(stat[0]?.upd ?? 0);
    mediaPostUpdates.hot += Number(stat[0]?.hot ?? 0);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export async function withMediaOnFirstPage<T>(dbUrl: string, baseUrl: string, media: WireMedia[], fn: () => Promise<T>): Promise<{ value: T; bodyBytes: number }> {
  const page = await firstPage(baseUrl);
  const ids = page.posts.map((p) => p.id);
  const original = await sql<{ id: string; media: unknown[] }>(dbUrl, `SELECT id, media FROM posts WHERE id = ANY($1::uuid[])`, [ids]);
  await setMedia(
    dbUrl,
    ids.map((id) => ({ id, media })),
  );
  try {
    await untilFirstPage(baseUrl, (p) => p.posts.length > 0 && p.posts.every((post) => (post.media?.length ?? 0) === media.length));
    const bodyBytes = (await (await fetch(`${baseUrl}/api/posts/timeline`)).arrayBuffer()).byteLength;
    return { value: await fn(), bodyBytes };
  } finally {
    await setMedia(dbUrl, original);
    await untilFirstPage(baseUrl, (p) => p.posts.every((post) => !ids.includes(post.id) || (post.media?.length ?? 0) === (original.find((o) => o.id === post.id)?.media.length ?? 0)));
  }
}
