import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ASSET_PATH, ASSET_SOURCE, createSpaFixture, INDEX_MARKER, type SpaFixture } from '../../../test/spa-fixture';
import { rawGet } from '../../../test/raw-get';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CACHE_CONTROL } from './serve-spa';

/*
 * Delivery budgets of the SPA's files (issue 13), through the real app and a built SPA's shape
 * (test/spa-fixture.ts, with the .br/.gz forms the build writes): the form each Accept-Encoding
 * gets, byte for byte, and the Cache-Control of each kind of answer.
 */

const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';

describe('delivering the SPA’s files', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;
  let indexHtml: string;
  beforeAll(async () => {
    spa = createSpaFixture();
    // A build whose index.html passed the plugin's 1 KB threshold has its forms too.
    indexHtml = readFileSync(join(spa.dir, 'index.html'), 'utf8');
    writeFileSync(join(spa.dir, 'index.html.br'), brotliCompressSync(indexHtml));
    writeFileSync(join(spa.dir, 'index.html.gz'), gzipSync(indexHtml));
    t = await createTestApp({ frontendDist: spa.dir });
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('sends a hashed asset as brotli to a browser that accepts it (Chromium lists gzip first)', async () => {
    const res = await rawGet(base, ASSET_PATH, { 'accept-encoding': CHROME_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(ASSET_SOURCE) / 4);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(ASSET_SOURCE);
  });

  it('sends gzip when only gzip is accepted, or brotli is refused', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=0.5, identity']) {
      const res = await rawGet(base, ASSET_PATH, { 'accept-encoding': accept });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(gunzipSync(res.body).toString('utf8')).toBe(ASSET_SOURCE);
    }
  });

  it('sends the file as it is without Accept-Encoding, or with none the build made', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'zstd' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await rawGet(base, ASSET_PATH, headers);
      expect([headers, res.headers['content-encoding']]).toEqual([headers, undefined]);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString('utf8')).toBe(ASSET_SOURCE);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(ASSET_SOURCE));
    }
  });

  it('gives each form its own ETag, and answers a revalidation of each with 304', async () => {
    const forms = await Promise.all(['br', 'gzip', 'identity'].map((accept) => rawGet(base, ASSET_PATH, { 'accept-encoding': accept })));
    const etags = forms.map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const [i, accept] of ['br', 'gzip', 'identity'].entries()) {
      const again = await rawGet(base, ASSET_PATH, { 'accept-encoding': accept, 'if-none-match': String(etags[i]) });
      expect([accept, again.status, again.body.length]).toEqual([accept, 304, 0]);
    }
  });

  it('marks hashed assets immutable for a year, in every form', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await rawGet(base, ASSET_PATH, { 'accept-encoding': accept });
      expect([accept, res.headers['cache-control']]).toEqual([accept, 'public, max-age=31536000, immutable']);
    }
    expect(CACHE_CONTROL.hashed).toBe('public, max-age=31536000, immutable');
  });

  it('answers pages and the not-found page with index.html, no-cache, compressed when asked', async () => {
    // `/` carries the guests' first timeline page besides: home-page.e2e-spec.ts.
    for (const [path, status] of [['/explore', 200], ['/profile/ayse', 200], ['/post/123', 200], ['/zzz', 404]] as const) {
      const br = await rawGet(base, path, { 'accept-encoding': CHROME_ENCODINGS });
      expect([path, br.status, br.headers['cache-control'], br.headers['content-encoding'], br.headers['content-type']]).toEqual([
        path,
        status,
        'no-cache',
        'br',
        'text/html; charset=utf-8',
      ]);
      expect(brotliDecompressSync(br.body).toString('utf8')).toContain(INDEX_MARKER);
      const plain = await rawGet(base, path);
      expect([path, plain.status, plain.headers['cache-control'], plain.headers['content-encoding']]).toEqual([path, status, 'no-cache', undefined]);
      expect(plain.body.toString('utf8')).toBe(indexHtml);
    }
    const direct = await rawGet(base, '/index.html', { 'accept-encoding': 'gzip' });
    expect([direct.headers['cache-control'], direct.headers['content-encoding']]).toEqual(['no-cache', 'gzip']);
  });

  it('lets a browser revalidate a page (no-cache) with a 304', async () => {
    const first = await rawGet(base, '/explore', { 'accept-encoding': 'br' });
    const again = await rawGet(base, '/explore', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('keeps the other public files for an hour, as they are, robots.txt as plain text', async () => {
    const robots = await rawGet(base, '/robots.txt', { 'accept-encoding': CHROME_ENCODINGS });
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.headers['content-encoding']).toBeUndefined();
    const icon = await rawGet(base, '/favicon.svg', { 'accept-encoding': CHROME_ENCODINGS });
    expect([icon.status, icon.headers['content-type'], icon.headers['cache-control']]).toEqual([200, 'image/svg+xml', 'public, max-age=3600']);
  });

  it('answers a missing asset with the JSON 404, whatever the encoding asked', async () => {
    const res = await rawGet(base, '/assets/index-eski999.js', { 'accept-encoding': CHROME_ENCODINGS });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: 'İstenen kaynak bulunamadı.', statusCode: 404 });
  });
});
