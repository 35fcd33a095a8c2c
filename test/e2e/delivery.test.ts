import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'playwright-core';
import { repoRoot } from '../support/server';
import { type E2E, startE2E, waitForHydration } from './harness';

/**
 * Delivery of the real build to Chromium (issue 13): what a guest's `/` loads, as the browser
 * received it. The build's scripts and stylesheets come precompressed as brotli and immutable,
 * the page `no-cache` and brotli with the timeline's first page in it (no request to the API
 * before the feed), the API's timeline JSON compressed. Transfer sizes are printed.
 */
describe('delivery of the built SPA to Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('loads a guest’s / with brotli assets cached for a year, a no-cache page carrying the first timeline page, and a compressed timeline', async () => {
    const { page } = await e2e.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    const document = await page.goto('/');
    await page.waitForLoadState('load');
    // The feed comes from the page itself (backend/src/common/spa/home-page.ts), rendered by the
    // server; the app's entry comes after the first paint (frontend/src/after-paint.ts) and has
    // hydrated the page once the rest of the first feed page is there (post-feed.tsx).
    await page.getByRole('article').first().waitFor();
    await waitForHydration(page);
    expect(await page.getByRole('article').count()).toBeGreaterThan(5);
    // Its first page is not asked for (a short ranked page's next ones, with a cursor, may be).
    const firstPages = responses.map((r) => new URL(r.url())).filter((url) => url.pathname.startsWith('/api/posts/timeline') && !url.searchParams.has('cursor'));
    expect(firstPages.map((url) => url.pathname)).toEqual([]);

    expect(document?.status()).toBe(200);
    const documentHeaders = await document!.allHeaders();
    expect([documentHeaders['cache-control'], documentHeaders['content-encoding']]).toEqual(['no-cache', 'br']);
    const lines = [`/: ${(await document!.request().sizes()).responseBodySize} B brotli, the first timeline page included`];

    const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/') && /\.(js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(1);
    // The entry chunk and the stylesheet, the bulk of the page, are always above the threshold.
    expect(assets.filter((r) => existsSync(join(repoRoot, 'frontend/dist', `${new URL(r.url()).pathname}.br`))).length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      const path = new URL(asset.url()).pathname;
      // The build precompresses files above 1 KB (vite.config.ts `threshold`); a smaller one, such
      // as the bundler's runtime chunk, goes as it is, still immutable.
      const precompressed = existsSync(join(repoRoot, 'frontend/dist', `${path}.br`));
      expect([path, asset.status(), headers['content-encoding'], headers['cache-control'], headers.vary]).toEqual([
        path,
        200,
        precompressed ? 'br' : undefined,
        'public, max-age=31536000, immutable',
        precompressed ? 'Accept-Encoding' : headers.vary,
      ]);
      if (!precompressed) continue;
      const sizes = await asset.request().sizes();
      lines.push(`${path}: ${sizes.responseBodySize} B brotli`);
    }

    // The API's timeline, as the feed asks for it after the first page (or a member at once).
    const timeline = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/posts/timeline');
    await page.evaluate(() => fetch('/api/posts/timeline?limit=20').then((r) => r.text()));
    const api = await timeline;
    expect((await api.allHeaders())['content-encoding']).toBe('br');
    lines.push(`/api/posts/timeline: ${(await api.request().sizes()).responseBodySize} B brotli`);
    console.info(`guest's / as transferred:\n${lines.join('\n')}`);
  });

  it('serves robots.txt as plain text kept for an hour', async () => {
    const res = await fetch(`${e2e.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toMatch(/^Disallow: \/api\/$/m);
  });
});
