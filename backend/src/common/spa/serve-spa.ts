import { existsSync, readFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { httpText } from '../http/http-text';
import { createHomePage, findAfterPaintLoader, type GuestFirstPageSource, type GuestHomeRender, type MemberHomeRender } from './home-page';
import { createGuestPages, type GuestPageDataSource, type GuestPages } from './guest-pages';
import { createMemberHomePage, type MemberStateSource } from './member-home-page';
import { chooseEncoding, findPrecompressed } from './precompressed';
import { loadSpaRoutes } from './spa-routes';

/** Paths the SPA never answers: the API (its unknown routes are JSON 404s) and Socket.IO. */
const BACKEND_PATH = /^\/(api|socket\.io)(\/|$)/;

/**
 * A path that names a file, not a page: a last segment with an extension (`/wp-login.php`,
 * `/x.js`, a chunk of an older build) or any dot-segment (`/.env`, `/.git/config`). No page of
 * the SPA looks like that (usernames are letters, digits and `_`; post ids are UUIDs).
 */
const FILE_LIKE = /(^|\/)\.|\.[A-Za-z0-9]+$/;

/**
 * How long a browser or proxy may keep what the SPA's server sends:
 * - the build's files under /assets/ carry a hash of their content in their name (Vite), so a
 *   new build is new names: a year, `immutable` so a reload does not even revalidate them;
 * - index.html, and every page answered with it (404s included), names the current build's
 *   assets: `no-cache`, i.e. kept but revalidated (ETag/Last-Modified, a 304) on each use, so a
 *   deploy is seen at once;
 * - the other public files (favicon.svg, robots.txt) keep their names across builds: an hour.
 */
export const CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  publicFile: 'public, max-age=3600',
} as const;

/**
 * Serves the built SPA (`frontend/dist`) at `/`: its files as they are (robots.txt among them),
 * and `index.html` for GETs of the SPA's pages, so deep links such as /profile/ayse load the app.
 *
 * - A path of one of the router's pages (dist/spa-routes.json, written by the build) gets
 *   index.html with 200.
 * - A missing file (see FILE_LIKE) gets a JSON 404: a scanner's `/.env` or a stale chunk must not
 *   come back as an HTML page with 200.
 * - Any other path gets index.html with 404: the app renders its not-found page for a person,
 *   and crawlers and link checkers see the page as missing rather than a "soft 404".
 * - Other methods than GET/HEAD outside the API get the JSON 404 the API gives.
 *
 * Files the build precompressed (.br/.gz beside them) go out in the form the browser accepts
 * (precompressed.ts); caching follows CACHE_CONTROL.
 *
 * `/` carries, for a member (by the home-page cookie), their account and first timeline page
 * (`home.member`, member-home-page.ts); for a guest the guests' first page (`home.guest`), and with
 * `home.render` the guest home screen's server-rendered markup too (home-page.ts). It varies on
 * Cookie and Accept-Encoding. A guest's Explore comes rendered on the server too (`home.pages`,
 * guest-pages.ts).
 *
 * The API's paths never reach the static middleware. @nestjs/serve-static mounted
 * `express.static` in front of every route, so each API request first cost a `stat` of a file
 * that cannot exist (frontend/dist/api/posts/timeline…) on libuv's thread pool.
 */
export interface HomeSources {
  guest?: GuestFirstPageSource;
  member?: MemberStateSource;
  /** The frontend's server render of a guest's `/` (loadGuestHomeRender), when the build has one. */
  render?: GuestHomeRender | null;
  /** Its render of a member's `/` (loadMemberHomeRender). */
  renderMember?: MemberHomeRender | null;
  /** Its render of the guests' other pages, Explore (loadGuestPages, guest-pages.ts). */
  pages?: GuestPages | null;
  /** The data those pages are rendered from (Explore's trends and suggestions, issue 26). */
  pageData?: GuestPageDataSource;
  /** How long `/` and those pages wait for their data (SSR_WAIT_MS; FIRST_PAGE_WAIT_MS by default). */
  waitMs?: number;
}

export function serveSpa(app: NestExpressApplication, dist: string | undefined, home: HomeSources = {}): void {
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    // API only: outside /api, Nest's 404 handler (mounted under the prefix) never runs and
    // Express would answer its English HTML page; answer the API's JSON 404 instead.
    app.use((req: Request, res: Response, next: NextFunction) => (BACKEND_PATH.test(req.path) ? next() : notFound(req, res)));
    return;
  }
  const assets = join(dist, 'assets') + sep;
  // `redirect: false`: a directory such as /assets is not a page; no 301 to /assets/.
  const files = express.static(dist, {
    index: false,
    redirect: false,
    cacheControl: false,
    // The path of the file sent, a .br/.gz form included.
    setHeaders: (res, file) =>
      res.setHeader('Cache-Control', file.startsWith(assets) ? CACHE_CONTROL.hashed : basename(file).startsWith('index.html') ? CACHE_CONTROL.page : CACHE_CONTROL.publicFile),
  });
  const index = join(dist, 'index.html');
  const isPage = loadSpaRoutes(dist);
  const precompressed = findPrecompressed(dist);
  const indexHtml = readFileSync(index, 'utf8');
  const afterPaintLoader = findAfterPaintLoader(dist);
  const sendHome = home.guest ? createHomePage(indexHtml, home.guest, home.render, afterPaintLoader, home.waitMs) : null;
  const sendMemberHome = home.member ? createMemberHomePage(indexHtml, home.member, home.renderMember, afterPaintLoader, home.waitMs) : null;
  const sendGuestPage = home.pages ? createGuestPages(indexHtml, dist, home.pages, afterPaintLoader, home.pageData, home.waitMs) : null;
  const sendIndex = (req: Request, res: Response, next: NextFunction, page: boolean) => {
    const form = chooseEncoding(req, res, precompressed, '/index.html');
    // A member's `/` without its state keeps its `private` (member-home-page.ts).
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', CACHE_CONTROL.page);
    res.status(page ? 200 : 404).sendFile(index + form, { cacheControl: false }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (BACKEND_PATH.test(req.path)) return next();
    const url = req.url;
    const suffix = req.method === 'GET' || req.method === 'HEAD' ? chooseEncoding(req, res, precompressed, req.path) : '';
    if (suffix) req.url = url.replace(/^[^?]*/, (path) => path + suffix);
    files(req, res, () => {
      req.url = url;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(req, res);
      // Without the list (a build older than it) every path that is not a file is a page.
      const page = isPage ? isPage(req.path) : !FILE_LIKE.test(req.path);
      if (!page && FILE_LIKE.test(req.path)) return notFound(req, res);
      if (req.path === '/' && (sendHome || sendMemberHome)) {
        // A guest's `/` and a member's differ by the home-page cookie, and both come compressed:
        // no cache may give one the other, whichever of them this answer is.
        res.vary('Cookie');
        res.vary('Accept-Encoding');
        const guest = () => (sendHome ? sendHome(req, res, CACHE_CONTROL.page) : Promise.resolve(false));
        const member = sendMemberHome ? sendMemberHome(req, res) : Promise.resolve('guest' as const);
        member
          .then((outcome) => (outcome === 'guest' ? guest() : outcome === 'sent'))
          .then(
            (sent) => sent || sendIndex(req, res, next, true),
            (error: unknown) => next(error),
          );
        return;
      }
      if (page && sendGuestPage) {
        sendGuestPage(req, res, CACHE_CONTROL.page).then(
          (sent) => sent || sendIndex(req, res, next, page),
          (error: unknown) => next(error),
        );
        return;
      }
      sendIndex(req, res, next, page);
    });
  });
}

function notFound(req: Request, res: Response): void {
  res.status(404).json({ message: httpText(req, 'notFound'), statusCode: 404 });
}
