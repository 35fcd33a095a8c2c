import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { embedJsonBlock, embedMarkup, FIRST_PAGE_WAIT_MS, HOME_RENDER_MAX_AGE_MS, loadRender, type MadePage, sendMadePage, withinWait } from './home-page';

/**
 * The guests' pages besides `/` that the frontend renders on the server (entry-server.tsx
 * GUEST_PAGES): path → the manifest key of its lazy screen, its document title and, for a page
 * rendered from data, the id of the data block the browser's hydrating render reads it from.
 */
export type GuestPageList = Record<string, { module: string; title: string; dataElementId?: string }>;

/**
 * The frontend's render of one of those pages: the markup of `#root` at the moment `now`, from
 * `dataJson` for a page rendered from data (without it, its lists render loading).
 */
export type GuestPageRender = (path: string, now: number, dataJson?: string) => string;

export interface GuestPages {
  pages: GuestPageList;
  render: GuestPageRender;
}

/**
 * The JSON a page of the list is rendered from, the same for every guest (Explore's: its trends
 * and the guests' suggestions, app.factory.ts), or null for a page without data.
 */
export type GuestPageDataSource = (path: string) => Promise<string | null>;

/**
 * How often a page's data is asked for again: the trends a node serves are re-read every 5 s
 * (trending.service.ts RELOAD_AFTER_MS) and recomputed every minute, so a page made from them is
 * made again within seconds of a recompute that changed them (its JSON differs), and otherwise
 * every HOME_RENDER_MAX_AGE_MS as before.
 */
export const PAGE_DATA_MAX_AGE_MS = 5_000;

/** The home-page cookie (auth/home-session.ts HOME_COOKIE; common/ imports no feature). */
const HOME_COOKIE = 'gundem_home';

/**
 * Loads the render and its page list from the frontend build's server module (dist-ssr/), once at
 * start, and the pages' lazy screens with it (warmGuestPages). Null without them: those pages then
 * go as plain index.html, as before.
 */
export async function loadGuestPages(frontendDist: string | undefined): Promise<GuestPages | null> {
  const render = await loadRender<GuestPageRender>(frontendDist, 'renderGuestPage');
  const warm = await loadRender<() => Promise<void>>(frontendDist, 'warmGuestPages');
  const list = await loadRender<() => GuestPageList>(frontendDist, 'guestPageList');
  if (!render || !warm || !list) return null;
  try {
    await warm();
    return { pages: list(), render };
  } catch (error) {
    new Logger('GuestPages').warn(`Ziyaretçi sayfaları ısınamadı (${String(error)}); sunucu çizimi olmadan gönderilecek.`);
    return null;
  }
}

interface Manifest {
  [key: string]: { file?: string; css?: string[]; imports?: string[] } | undefined;
}

/** `key` and every chunk it imports statically (the build's manifest). */
function closure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (next: string) => {
    if (seen.has(next) || !manifest[next]) return;
    seen.add(next);
    for (const imported of manifest[next]?.imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

/**
 * What the head of a page whose screen is `module` gets (besides the entry's own): a stylesheet
 * link per CSS file of the screen's chunks, so the server's markup paints styled, and a
 * modulepreload per JS chunk, fetched beside the entry rather than after it. Vite's loader finds
 * them in place and adds neither again. Empty when the manifest does not know the module.
 */
export function screenHeadLinks(manifest: Manifest, module: string): string {
  const entry = closure(manifest, 'index.html');
  const own = [...closure(manifest, module)].filter((key) => !entry.has(key));
  const entryCss = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const css = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((file) => !entryCss.has(file));
  const safe = (file: string) => /^assets\/[\w.-]+\.(js|css)$/.test(file);
  return [
    ...css.filter(safe).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...own.map((key) => manifest[key]?.file).filter((file): file is string => typeof file === 'string' && safe(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * A guest's Explore (and any other page of GUEST_PAGES) rendered on the server, like a guest's
 * `/` (home-page.ts; issue 13): the screen's markup in `#root`, its stylesheet and code in the
 * head, its title; the app hydrates it (frontend/src/main.tsx). Only for the bare path (a search
 * or another tab, `?q=`/`?tab=`, is the app's to render) and only for guests: a request with the
 * home-page cookie is a member's, whose app renders their own screen, so it gets index.html.
 *
 * A page rendered from data (Explore: the 7-day trends and the guests' suggestions, issue 26) gets
 * it from `data` (at most every PAGE_DATA_MAX_AGE_MS) and carries it as a JSON data block for the
 * app's hydrating render.
 *
 * The page is the same for every guest, so it is made once per HOME_RENDER_MAX_AGE_MS (or when its
 * data changed) with its compressed forms (brotli 5, gzip 6) and an ETag; `no-cache`, `Vary: Cookie, Accept-Encoding`.
 * A render that throws leaves the page as plain index.html (logged once per make).
 *
 * Resolves false when the caller should answer as before.
 */
export function createGuestPages(
  indexHtml: string,
  frontendDist: string,
  guestPages: GuestPages,
  afterPaintLoader: string | null,
  data?: GuestPageDataSource,
  waitMs = FIRST_PAGE_WAIT_MS,
) {
  const logger = new Logger('GuestPages');
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(frontendDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    // No manifest: the pages go without the screen's links (its code then comes after the entry).
  }
  const made = new Map<string, { at: number; json: string | null; page: MadePage | null }>();
  /** Per path: the data last read, when that read ended, and the read under way (shared by the requests meanwhile). */
  const dataOf = new Map<string, { at: number; json: string | null; reading?: Promise<void> }>();

  /**
   * The page's data, read again once PAGE_DATA_MAX_AGE_MS old by one read for every request: null
   * for a page without data. A read that fails or takes longer than `waitMs` leaves what
   * was read before (at first nothing: the page's lists then render loading and the app asks the API).
   */
  async function dataFor(path: string): Promise<string | null> {
    if (!data || !guestPages.pages[path].dataElementId) return null;
    let entry = dataOf.get(path);
    if (!entry) dataOf.set(path, (entry = { at: 0, json: null }));
    const current = entry;
    if (!current.reading && Date.now() - current.at >= PAGE_DATA_MAX_AGE_MS) {
      const read = data(path).catch((error: unknown) => {
        logger.warn(`${path} sayfasının verisi okunamadı (${String(error)}).`);
        return null;
      });
      current.reading = withinWait(read, waitMs)
        .then((json) => {
          if (json !== null) current.json = json;
        })
        .finally(() => {
          current.at = Date.now();
          current.reading = undefined;
        });
    }
    if (current.reading) await current.reading;
    return current.json;
  }

  function make(path: string, now: number, json: string | null): MadePage | null {
    const page = guestPages.pages[path];
    let markup: string;
    try {
      markup = json === null ? guestPages.render(path, now) : guestPages.render(path, now, json);
    } catch (error) {
      logger.warn(`${path} sunucuda çizilemedi (${String(error)}); index.html olarak gönderiliyor.`);
      return null;
    }
    let withMarkup = embedMarkup(indexHtml, markup, now, afterPaintLoader);
    if (withMarkup === indexHtml) return null;
    if (json !== null && page.dataElementId) withMarkup = embedJsonBlock(withMarkup, page.dataElementId, json);
    const title = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const html = withMarkup.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`).replace('</head>', `${screenHeadLinks(manifest, page.module)}</head>`);
    const body = Buffer.from(html, 'utf8');
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27);
    return { etag: `"page-${hash}"`, body };
  }

  /**
   * The page as last made, made again every HOME_RENDER_MAX_AGE_MS (a failure too: it is retried
   * then) and as soon as its data changed (Explore's trends recomputed).
   */
  async function rendered(path: string): Promise<MadePage | null> {
    const json = await dataFor(path);
    const now = Date.now();
    const last = made.get(path);
    if (last && now - last.at < HOME_RENDER_MAX_AGE_MS && last.json === json) return last.page;
    const page = make(path, now, json);
    made.set(path, { at: now, json, page });
    return page;
  }

  return async function sendGuestPage(req: Request, res: Response, cacheControl: string): Promise<boolean> {
    if (!Object.hasOwn(guestPages.pages, req.path) || req.url !== req.path) return false;
    // Whoever asks, the answer depends on the cookie and the encoding.
    res.vary('Cookie');
    if (parse(req.headers.cookie ?? '')[HOME_COOKIE]) return false;
    const page = await rendered(req.path);
    if (!page) return false;
    await sendMadePage(req, res, page, cacheControl);
    return true;
  };
}
