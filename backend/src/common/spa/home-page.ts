import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type MadeAnswer, sendMadeAnswer } from '../http/made-answer';

/**
 * The id of the element in a guest's `/` that holds the timeline's first page
 * (frontend/src/features/posts/api/get-timeline.ts reads it; keep the two equal).
 */
export const FIRST_PAGE_ELEMENT_ID = 'gundem-first-page';

/** The guests' first home page as GET /api/posts/timeline/ranked answers it (the global ranking): its JSON and ETag. */
export interface GuestFirstPage {
  json: string;
  etag: string;
}

/** Where serveSpa gets the page from (RankedFeedService.guestFirstPage, a one-second cache). */
export type GuestFirstPageSource = () => Promise<GuestFirstPage>;

/**
 * How long `/` waits for the page before it sends index.html without it (the app then asks the
 * API, as it does on every other page): a slow database must not hold the page itself.
 */
export const FIRST_PAGE_WAIT_MS = 500;

/**
 * `read`'s value, or null when it fails or takes longer than `waitMs` (FIRST_PAGE_WAIT_MS unless
 * the app's SSR_WAIT_MS says otherwise): what `/` and the guests' pages wait for their data.
 */
export async function withinWait<T>(read: Promise<T>, waitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([read.catch(() => null), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * index.html with `json` as a JSON data block of id `id` before `</body>`. A data block is not
 * run, so the Content-Security-Policy's `script-src 'self'` stays as it is; `<` is written
 * `\u003c` (still the same JSON) so no post's text can close the element.
 */
export function embedJsonBlock(indexHtml: string, id: string, json: string): string {
  const block = `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
  const at = indexHtml.lastIndexOf('</body>');
  return at < 0 ? indexHtml + block : indexHtml.slice(0, at) + block + indexHtml.slice(at);
}

/** index.html with the guests' first page as its data block (embedJsonBlock). */
export function embedFirstPage(indexHtml: string, json: string): string {
  return embedJsonBlock(indexHtml, FIRST_PAGE_ELEMENT_ID, json);
}

/**
 * The app's own render of a guest's `/` (frontend/src/entry-server.tsx, `renderGuestHome`): the
 * markup of `#root` for the page's JSON at the moment `now` (ms since the epoch).
 */
export type GuestHomeRender = (pageJson: string, now: number) => string;

/** Where the frontend build puts that render: dist-ssr/ beside the served dist/, never served itself. */
export function guestHomeRenderPath(frontendDist: string): string {
  return resolve(frontendDist, '..', 'dist-ssr', 'entry-server.mjs');
}

/**
 * Loads the server render of the frontend build in `frontendDist` (see guestHomeRenderPath),
 * once at start. Null without it (a build older than it, an API-only server) or when it cannot be
 * loaded: `/` then carries the data block only, as before the server render.
 */
export async function loadGuestHomeRender(frontendDist: string | undefined): Promise<GuestHomeRender | null> {
  return loadRender<GuestHomeRender>(frontendDist, 'renderGuestHome');
}

/**
 * The app's render of a member's `/` (entry-server.tsx `renderMemberHome`): the markup of `#root`
 * for the JSON of the page's member-state block at the moment `now`.
 */
export type MemberHomeRender = (stateJson: string, now: number) => string;

/** The same module's render of a member's `/` (member-home-page.ts), or null as for a guest's. */
export async function loadMemberHomeRender(frontendDist: string | undefined): Promise<MemberHomeRender | null> {
  const render = await loadRender<MemberHomeRender>(frontendDist, 'renderMemberHome');
  if (!render) return null;
  // The parts of a member's screen that load on demand, loaded once before the first render.
  const warm = await loadRender<() => Promise<void>>(frontendDist, 'warmMemberHome');
  try {
    await warm?.();
  } catch (error) {
    new Logger('HomePage').warn(`Üye ekranı ısınamadı (${String(error)}); üyenin / sayfası sunucu çizimi olmadan gönderilecek.`);
    return null;
  }
  return render;
}

/** A function `name` of the frontend build's server module (guestHomeRenderPath), or null without it. */
export async function loadRender<R extends (...args: never[]) => unknown>(
  frontendDist: string | undefined,
  name: 'renderGuestHome' | 'renderMemberHome' | 'warmMemberHome' | 'renderGuestPage' | 'warmGuestPages' | 'guestPageList',
): Promise<R | null> {
  if (!frontendDist) return null;
  const file = guestHomeRenderPath(frontendDist);
  if (!existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    if (typeof module[name] === 'function') return module[name] as R;
    new Logger('HomePage').warn(`${file} ${name} vermiyor; / sunucu çizimi olmadan gönderilecek.`);
  } catch (error) {
    new Logger('HomePage').warn(`${file} yüklenemedi (${String(error)}); / sunucu çizimi olmadan gönderilecek.`);
  }
  return null;
}

/** The root element index.html leaves empty for the app (`<div id="root"></div>`, any attributes). */
const EMPTY_ROOT = /<div id="root"([^>]*)><\/div>/;

/** The build's entry script (Vite writes one `<script type="module" … src="/assets/…">` into index.html). */
const ENTRY_SCRIPT = /<script type="module"([^>]*) src="(\/assets\/[^"]+)"><\/script>/;

/**
 * The build's after-paint loader (frontend/src/after-paint.ts) as dist/.vite/manifest.json names
 * it, e.g. `/assets/after-paint-abc123.js`; null for a build without it.
 */
export function findAfterPaintLoader(frontendDist: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(frontendDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file?: unknown }>;
    const file = manifest['src/after-paint.ts']?.file;
    return typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file) ? `/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * index.html with `markup` (the server render) in its root element, marked `data-ssr` with whom
 * it was rendered for (`guest` or `member`) and with the moment of the render in `data-now`: the app hydrates the markup with that clock
 * (frontend/src/main.tsx). The markup is React's, which escapes every text and attribute.
 * Without an empty root element, or without the entry script, the page is left as it is.
 *
 * The page paints from its HTML and stylesheet; the app's entry script only hydrates it. With
 * `afterPaintLoader` the page loads that loader instead of the entry, and names the entry in the
 * root's `data-entry`: the loader imports it once the first frame is painted, so on a slow
 * connection its ~100 KB do not share the stylesheet's bandwidth. Without one the entry stays,
 * at `fetchpriority="low"`. (Lighthouse's simulation also counts every request that ended before
 * the observed paint as needed for it, and a high-priority script as render-blocking: on a fast
 * host the entry ends first, and the simulated slow-4G paint waited for it.)
 */
export function embedMarkup(indexHtml: string, markup: string, now: number, afterPaintLoader?: string | null, renderedFor: 'guest' | 'member' = 'guest'): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry || !EMPTY_ROOT.test(indexHtml)) return indexHtml;
  const [tag, attributes, src] = entry;
  const script = afterPaintLoader
    ? `<script type="module"${attributes} src="${afterPaintLoader}"></script>`
    : `<script type="module" fetchpriority="low"${attributes} src="${src}"></script>`;
  const root = (rootAttributes: string) =>
    `<div id="root"${rootAttributes} data-ssr="${renderedFor}" data-now="${now}"${afterPaintLoader ? ` data-entry="${src}"` : ''}>${markup}</div>`;
  return indexHtml.replace(tag, script).replace(EMPTY_ROOT, (_, rootAttributes: string) => root(rootAttributes));
}

/**
 * How long one render of a first page is used: its relative times ("5dk") are of the moment it was
 * made, and the page may not change for long on a quiet site. The app shows the times of now as
 * soon as it has hydrated; this bounds what a page without script shows.
 */
export const HOME_RENDER_MAX_AGE_MS = 30_000;

/** A page made once and sent many times: its HTML (`body`), ETag, and compressed forms as first asked for. */
export type MadePage = MadeAnswer;

/**
 * Sends `page` with `cacheControl` and its ETag: a 304 to a fresh conditional request, else the
 * body in the encoding the request accepts, brotli first as for the build's files
 * (precompressed.ts says why), each form compressed once (brotli 5, gzip 6).
 */
export function sendMadePage(req: Request, res: Response, page: MadePage, cacheControl: string): Promise<void> {
  return sendMadeAnswer(req, res, page, { type: 'html', cacheControl, brotliQuality: 5 });
}

interface Rendered extends MadePage {
  /** The page's ETag it was made from. */
  source: string;
  /** When it was made (Date.now()). */
  at: number;
}

/**
 * A guest's `/` with the timeline's first page in it (issue 13): the app renders the feed from it
 * without a request to the API after its script, one round trip less before the page's largest
 * paint on a slow phone connection. A member's app ignores it (its page carries its own flags) and
 * asks the API as before.
 *
 * With `renderHome` (the frontend's server render, loadGuestHomeRender) the page also carries the
 * guest home screen's markup in `#root`, made by the app's own components from the same JSON: the
 * first paint (HTML and CSS) already shows the feed, before the script has arrived; the app then
 * hydrates it. If the render throws, the page goes out with the data block only.
 *
 * The page changes at most once a second (FirstPageCache), so the HTML and its compressed forms
 * are made once per page (and at most every HOME_RENDER_MAX_AGE_MS), not per request: brotli at
 * quality 5 and gzip at level 6. `no-cache` and an ETag of its own, as index.html has;
 * `Vary: Cookie`: a member's `/` (by the home-page cookie) is their own page (serve-spa.ts).
 */
export function createHomePage(
  indexHtml: string,
  source: GuestFirstPageSource,
  renderHome?: GuestHomeRender | null,
  afterPaintLoader?: string | null,
  waitMs = FIRST_PAGE_WAIT_MS,
) {
  let last: Rendered | null = null;
  const logger = new Logger('HomePage');

  /** The server render of the page into index.html, or index.html as it is when rendering fails. */
  function withMarkup(page: GuestFirstPage, now: number): string {
    if (!renderHome) return indexHtml;
    try {
      return embedMarkup(indexHtml, renderHome(page.json, now), now, afterPaintLoader);
    } catch (error) {
      logger.warn(`/ sunucuda çizilemedi (${String(error)}); veri bloğuyla gönderiliyor.`);
      return indexHtml;
    }
  }

  function render(page: GuestFirstPage): Rendered {
    const now = Date.now();
    if (last?.source === page.etag && now - last.at < HOME_RENDER_MAX_AGE_MS) return last;
    const html = Buffer.from(embedFirstPage(withMarkup(page, now), page.json), 'utf8');
    const hash = createHash('sha1').update(html).digest('base64url').slice(0, 27);
    last = { source: page.etag, at: now, etag: `"home-${hash}"`, body: html };
    return last;
  }

  /** Answers `/` with the page in it; false when the page did not come in time (or failed). */
  return async function sendHome(req: Request, res: Response, cacheControl: string): Promise<boolean> {
    const page = await withinWait(source(), waitMs);
    if (!page || res.headersSent) return false;
    await sendMadePage(req, res, render(page), cacheControl);
    return true;
  };
}
