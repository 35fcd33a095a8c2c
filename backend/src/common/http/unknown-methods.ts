import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { httpText } from './http-text';

/** The methods the app answers at all; any other one Node's parser accepts (PROPFIND, TRACE, MKCOL…) gets a 405. */
export const APP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** What the SPA's pages and files answer. */
export const SPA_METHODS = ['GET', 'HEAD'] as const;

const KNOWN = new Set<string>([...APP_METHODS, 'OPTIONS']);
const API_PATH = /^\/api(\/|$)/;

/** The slice of Express' router (the `router` package) read here. */
interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): unknown;
}

/**
 * The methods the API's routes at `path` answer, by Express' router itself (Nest registers its
 * routes there): what `Allow` lists. HEAD comes with GET, as Express answers it. Empty when no
 * route has this path. Read when such a request comes (rarely), so nothing is kept in step.
 */
export function routeMethods(stack: readonly RouterLayer[], path: string): string[] {
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !layer.match(path)) continue;
    const own = Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]);
    // Nest mounts its middleware (nestjs-pino's, on every API path) as a route of every method
    // Node knows: not an endpoint.
    if (own.some((method) => !KNOWN.has(method.toUpperCase()))) continue;
    for (const method of own) {
      methods.add(method.toUpperCase());
      if (method === 'get') methods.add('HEAD');
    }
  }
  return APP_METHODS.filter((method) => methods.has(method));
}

/**
 * A method the app does not answer (WebDAV's PROPFIND, TRACE, …) gets a Turkish 405 with an
 * `Allow` header, not Nest's English "Cannot PROPFIND /api/…" 404: on an API path the methods of
 * that path's routes (the app's general set when the path has none), on any other path (the
 * SPA) GET and HEAD. Methods Node's parser does not know at all never get here: client-errors.ts
 * answers them. Mounted after the security headers, before the SPA and the routes.
 */
export function refuseUnknownMethods(app: NestExpressApplication): void {
  const express = app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouterLayer[] } };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (KNOWN.has(req.method)) return next();
    let allow: readonly string[] = SPA_METHODS;
    if (API_PATH.test(req.path)) {
      const methods = routeMethods(express.router.stack, req.path);
      allow = methods.length ? methods : APP_METHODS;
    }
    res.setHeader('Allow', allow.join(', '));
    res.status(405).json({ message: httpText(req, 'methodNotAllowed'), statusCode: 405 });
  });
}
