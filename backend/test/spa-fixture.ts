import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The repository's robots.txt, as the frontend build copies it into dist/. Jest runs in backend/. */
export const ROBOTS_SOURCE = join(process.cwd(), '../frontend/public/robots.txt');

/** A marker in the fixture's index.html, so a test can tell the SPA's page from any other body. */
export const INDEX_MARKER = '<div id="root" data-fixture="gundem"></div>';

/** The fixture's hashed asset: a few KB of script, with the .br and .gz forms the build writes beside it. */
export const ASSET_PATH = '/assets/index-abc123.js';
export const ASSET_SOURCE = `document.title = "gündem";\n${'export const satir = "Gündemimi Takip Et! Gündem Oluştur";\n'.repeat(100)}`;

export interface SpaFixture {
  /** The built SPA (the server's frontendDist), `<root>/dist`. */
  dir: string;
  /** Where the build's server render goes (`<root>/dist-ssr`, beside dir), empty unless written. */
  ssrDir: string;
  remove(): void;
}

/**
 * A built SPA's shape without running Vite: index.html, one hashed asset precompressed, a favicon,
 * the repository's real robots.txt and, unless `routes` is null, the spa-routes.json list the build writes.
 */
export function createSpaFixture(routes: string[] | null = ['/', '/explore', '/profile', '/profile/:username', '/post/:id', '/admin/*']): SpaFixture {
  // dist/ in a directory of its own: the server looks for the server render beside it (dist-ssr/).
  const root = mkdtempSync(join(tmpdir(), 'gundem-spa-'));
  const dir = join(root, 'dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="tr"><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${INDEX_MARKER}</body></html>`);
  writeFileSync(join(dir, `.${ASSET_PATH}`), ASSET_SOURCE);
  // As vite-plugin-compression2 does in the build (frontend/vite.config.ts).
  writeFileSync(join(dir, `.${ASSET_PATH}.br`), brotliCompressSync(ASSET_SOURCE));
  writeFileSync(join(dir, `.${ASSET_PATH}.gz`), gzipSync(ASSET_SOURCE, { level: 9 }));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  copyFileSync(ROBOTS_SOURCE, join(dir, 'robots.txt'));
  if (routes) writeFileSync(join(dir, 'spa-routes.json'), JSON.stringify(routes));
  return { dir, ssrDir: join(root, 'dist-ssr'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Writes `source` as the fixture's server render module (dist-ssr/entry-server.mjs, ESM). */
export function writeSsrModule(spa: SpaFixture, source: string): void {
  mkdirSync(spa.ssrDir, { recursive: true });
  writeFileSync(join(spa.ssrDir, 'entry-server.mjs'), source);
}

/**
 * Builds the frontend's real server render (frontend/src/entry-server.tsx) into the fixture's
 * dist-ssr/, as `npm run build` does into frontend/dist-ssr: the app's own components, from the
 * sources of this checkout (a second or two; no browser build needed).
 */
export function buildSsrModule(spa: SpaFixture): void {
  const frontend = join(process.cwd(), '../frontend');
  const result = spawnSync(process.execPath, [join(frontend, '../node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--outDir', spa.ssrDir, '--logLevel', 'error'], {
    cwd: frontend,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build --ssr failed: ${result.stderr}${result.stdout}`);
}
