import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { httpText } from './http-text';

/** Whether the request carries a body at all (a length above 0, or a chunked one). */
function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}

/** `multipart/form-data`, whatever its parameters (its boundary). */
function isMultipart(req: Request): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/** `application/json`, whatever its parameters (a charset body-parser refuses is its own 415). */
function isJson(req: Request): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0].trim().toLowerCase() === 'application/json';
}

/**
 * The API takes JSON bodies only: a request under /api with a body of any other type (or none
 * named) gets 415 with the Turkish message before any parser reads it. Every client of the API
 * sends JSON (frontend/src/lib/api-client.ts), and no route takes a form or a file.
 *
 * Why: a form of another site may POST `application/x-www-form-urlencoded`, `multipart/form-data`
 * or `text/plain` to any address without a CORS preflight, and Express' urlencoded parser would
 * read the first as the same fields as JSON, so a foreign page could sign its visitor in to the
 * attacker's account (login CSRF). A JSON body from a foreign page needs a preflight, which this
 * server never grants. Requests without a body (POST /api/auth/logout, PUT …/like) are unaffected.
 *
 * The one exception is `uploads`: `POST` or `PUT` of exactly these paths (POST /api/media, a
 * picture; PUT /api/users/me/avatar and …/header) may be `multipart/form-data`. No login CSRF
 * there: the routes answer only a request with a member's Bearer token, which no foreign form can
 * send.
 *
 * Installed before Nest's body parsers (they are registered at `app.init()`).
 */
export function acceptJsonBodiesOnly(app: NestExpressApplication, uploads: readonly string[] = []): void {
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req) || isJson(req)) return next();
    if ((req.method === 'POST' || req.method === 'PUT') && isMultipart(req) && uploads.includes(req.originalUrl.split('?')[0])) return next();
    res.status(415).json({ message: httpText(req, 'jsonOnly'), statusCode: 415 });
  });
}
