import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the SPA never answers: the API (its unknown routes are JSON 404s) and Socket.IO. */
const BACKEND_PATH = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built SPA (`frontend/dist`) at `/`: its files as they are, and `index.html` for any
 * other GET outside the API, so deep links such as /profile/ayse load the app.
 *
 * The API's paths never reach the static middleware. @nestjs/serve-static mounted
 * `express.static` in front of every route, so each API request first cost a `stat` of a file
 * that cannot exist (frontend/dist/api/posts/timeline…) on libuv's thread pool.
 */
export function serveSpa(app: NestExpressApplication, dist: string | undefined): void {
  if (!dist || !existsSync(join(dist, 'index.html'))) return;
  const files = express.static(dist, { index: false });
  const index = join(dist, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (BACKEND_PATH.test(req.path)) return next();
    files(req, res, () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.sendFile(index, (error) => {
        if (error && !res.headersSent) next(error);
      });
    });
  });
}
