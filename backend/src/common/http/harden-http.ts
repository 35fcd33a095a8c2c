import type { NestExpressApplication } from '@nestjs/platform-express';
import { answerClientErrorsAsJson } from './client-errors';
import { acceptJsonBodiesOnly } from './json-bodies';
import { applySecurityHeaders } from './security-headers';
import { refuseUnknownMethods } from './unknown-methods';

/**
 * The HTTP layer's protections, in front of every route: security headers and no-store on
 * private API answers (security-headers.ts), and JSON answers to requests Node's parser refuses
 * (client-errors.ts), a 405 with `Allow` to methods the app does not answer (unknown-methods.ts),
 * and the API's JSON-only bodies (json-bodies.ts, against login CSRF). Call after `trust proxy`
 * is set: HSTS reads `req.secure`.
 */
export function hardenHttp(app: NestExpressApplication, options: { uploads?: readonly string[]; imgSrc?: readonly string[] } = {}): void {
  applySecurityHeaders(app, options.imgSrc);
  refuseUnknownMethods(app);
  acceptJsonBodiesOnly(app, options.uploads);
  answerClientErrorsAsJson(app.getHttpServer());
}
