import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The SPA's policy. The built app (see frontend/dist/index.html) is one module script, one
 * stylesheet and an SVG icon, all from this origin: no inline script or style element, no web
 * fonts, no eval. Images also come from `data:` (a picture's ThumbHash placeholder, decoded in the
 * browser into a PNG data URL) and `blob:` (the compose box's thumbnails of files not yet
 * uploaded); neither can run script as an image. React's `style={…}` props go through the CSSOM,
 * which `style-src` does not govern. `connect-src 'self'` also covers the Socket.IO WebSocket on
 * this origin (CSP Level 3 matches ws:/wss: of the page's own host; test/e2e/csp.test.ts proves
 * it in Chromium), so no ws: scheme is listed and no other host can be reached.
 */
const APP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  // Nothing may frame gündem (clickjacking on like/follow/delete buttons).
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

/**
 * Swagger UI at /api/docs: its page has inline `<style>` blocks and `style=""` attributes, and
 * its CSS draws icons from `data:` SVGs. Its scripts are files of this origin, so scripts stay
 * strict; only styles and images are relaxed, and only on the docs' own paths.
 */
const DOCS_DIRECTIVES: Directives = {
  ...APP_DIRECTIVES,
  'img-src': ["'self'", 'data:'],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * A JSON answer of the API is never rendered as a page, so it needs no sources at all: nothing
 * may be loaded or framed on its behalf (OWASP's REST Security Cheat Sheet). Its headers are
 * also the lean set, without helmet's document-only ones (COOP, Origin-Agent-Cluster and the
 * legacy X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection): the fuller set cost a cheap read about a tenth of its throughput.
 */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const DOCUMENT_ONLY: HelmetOptions = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

const DOCS_PATH = /^\/api\/docs(\/|$)/;
const API_PATH = /^\/api(\/|$)/;

function options(directives: Directives, secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      // Over HTTPS, a stray http:// link to this site's own resources is fetched over HTTPS;
      // over plain http (a developer's localhost) the directive would break every request.
      directives: secure ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
    },
    // HSTS only on an answer that went out over HTTPS: sent over plain http it is ignored by
    // browsers anyway, and it must never pin a site that has no certificate. No `preload`: that
    // is a list an operator joins on purpose.
    strictTransportSecurity: secure ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // Password-reset links carry their token in the query: no page may leak its address to
    // another site (a link in a post, a favicon service) through the Referer header.
    referrerPolicy: { policy: 'no-referrer' },
    // Express's own X-Powered-By is already off (app.factory); helmet's defaults add nosniff,
    // COOP/CORP same-origin, Origin-Agent-Cluster and the legacy X-* headers.
  };
}

/**
 * Security headers on every answer (API, SPA, assets, docs) and `Cache-Control: no-store` on API
 * answers that belong to one account. Registered before every route and before the body parser,
 * so error answers (bad JSON, 404s) carry them too.
 *
 * `req.secure` decides HTTPS: the TLS socket itself, or `X-Forwarded-Proto: https` only from a
 * peer TRUST_PROXY names (Express's `trust proxy`, set in app.factory before this runs), so a
 * client cannot switch HSTS on by forging the header on plain http.
 */
export function applySecurityHeaders(app: NestExpressApplication, imgSrc: readonly string[] = []): void {
  // Pictures served from another origin (MEDIA_PUBLIC_URL on a CDN) are images the app shows.
  const appDirectives: Directives = { ...APP_DIRECTIVES, 'img-src': [...APP_DIRECTIVES['img-src'], ...imgSrc] };
  const variants = {
    app: { plain: headersOf(options(appDirectives, false)), secure: headersOf(options(appDirectives, true)) },
    docs: { plain: headersOf(options(DOCS_DIRECTIVES, false)), secure: headersOf(options(DOCS_DIRECTIVES, true)) },
    api: {
      plain: headersOf({ ...options(API_DIRECTIVES, false), ...DOCUMENT_ONLY } as HelmetOptions),
      secure: headersOf({ ...options(API_DIRECTIVES, true), ...DOCUMENT_ONLY } as HelmetOptions),
    },
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const api = API_PATH.test(path);
    const policy = DOCS_PATH.test(path) ? variants.docs : api ? variants.api : variants.app;
    if (api && isPrivateAnswer(req)) res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of req.secure ? policy.secure : policy.plain) res.setHeader(name, value);
    next();
  });
}

/**
 * The headers helmet sets for these options, computed once: the options are the same for every
 * request (no nonces), and running helmet's chain of middleware per request cost about a tenth
 * of a cheap read route's throughput (measured beside the guest timeline, issue 10).
 */
function headersOf(helmetOptions: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  helmet(helmetOptions)({} as Request, res as unknown as Response, () => (done = true));
  // helmet answers synchronously; a version that did not would be caught here at boot.
  if (!done) throw new Error('helmet did not answer synchronously');
  return [...headers];
}

/**
 * An API answer no cache (browser, proxy, CDN) may keep: one to a request that carries a token
 * (the member's own timeline, messages, e-mail address, admin lists), or to a write (a login
 * answers a token). A guest's GET keeps what it sends today (an ETag, no Cache-Control), and so
 * do the SPA's files (their own Cache-Control, see common/spa/serve-spa.ts, with ETag/Last-Modified).
 */
function isPrivateAnswer(req: Request): boolean {
  return req.headers.authorization !== undefined || (req.method !== 'GET' && req.method !== 'HEAD');
}
