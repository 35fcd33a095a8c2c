import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../../config/app-config';

/**
 * Vite's dev and preview servers (frontend/vite.config.ts). Their proxy passes the page's Origin
 * through unchanged (Vite rewrites it only with `rewriteWsOrigin`, which we do not set), while
 * `changeOrigin` rewrites Host to the backend's: the page is neither same-host nor APP_URL.
 */
const VITE_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://127.0.0.1:4173'];

/** The origins whose pages may open a connection, besides the page's own host (see `originAllowed`). */
export function allowedOrigins(config: Pick<AppConfig, 'appUrl' | 'allowedOrigins' | 'nodeEnv'>): Set<string> {
  const origins = new Set<string>(config.allowedOrigins);
  try {
    origins.add(new URL(config.appUrl).origin);
  } catch {
    // loadConfig validated APP_URL; nothing to add if a test passed something else.
  }
  if (config.nodeEnv === 'development') for (const origin of VITE_ORIGINS) origins.add(origin);
  return origins;
}

/**
 * Whether a request may come from the page that sent it, by its `Origin`: the socket handshake's
 * check against cross-site WebSocket hijacking (a browser lets any page open a WebSocket to any
 * host, and tells the server only through `Origin`; realtime/origin-check.ts), and the check of
 * the auth routes that set the home-page cookie against login CSRF (auth/same-origin.guard.ts).
 * A request is allowed when
 * - it has no Origin: not a browser page (socket.io-client in Node, curl, the benchmark); a
 *   page cannot leave it out of a handshake or a POST;
 * - its Origin is APP_URL's, one of ALLOWED_ORIGINS, or (development) Vite's dev server;
 * - its Origin names the host the request was sent to (`Host`): the SPA served by this very
 *   server, whatever name or port it was reached by. A page of another site cannot send our
 *   Host with its own Origin.
 */
export function originAllowed(req: Pick<IncomingMessage, 'headers'>, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // `null` (sandboxed frames, file://) and garbage: not a page we serve.
    return false;
  }
  if (allowed.has(url.origin)) return true;
  const host = req.headers.host;
  return typeof host === 'string' && host.toLowerCase() === url.host;
}
