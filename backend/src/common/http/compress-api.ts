import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { Request } from 'express';

const API_PATH = /^\/api(\/|$)/;

/** Below this a compressed answer saves less than its headers and the CPU cost (1 KB, as nginx's gzip_min_length guides). */
export const API_COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli or gzip (whichever the request accepts; brotli at the middleware's quality 4, fast
 * enough per request) for the API's answers of a compressible type above the threshold: a
 * timeline page of 20 posts is about 18 KB of JSON. The SPA's files are not compressed here:
 * the build precompressed them at the highest settings (common/spa/precompressed.ts). Socket.IO
 * never reaches Express (engine.io answers /socket.io/ on the HTTP server itself) and compresses
 * its own transports.
 *
 * Compressed answers lose Content-Length (chunked), carry `Vary: Accept-Encoding`, and keep the
 * ETag Express computed from the uncompressed body: a weak validator (`W/"…"`), which by RFC 9110
 * may stand for every encoding of the same JSON.
 */
export function compressApi(app: NestExpressApplication): void {
  app.use(compression({ threshold: API_COMPRESSION_THRESHOLD, filter: (req, res) => API_PATH.test((req as Request).path) && compression.filter(req, res) }));
}
