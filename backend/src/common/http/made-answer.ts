import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An answer made once and sent to many (a guest's server-rendered page, the guests' first timeline
 * page): its bytes, its ETag, and its compressed forms, each made the first time it is asked for.
 */
export interface MadeAnswer {
  etag: string;
  body: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** `body` compressed for `encoding` on libuv's pool: brotli at `brotliQuality` (fast settings), gzip at level 6. */
export function compressBody(body: Buffer, encoding: 'br' | 'gzip', brotliQuality: number): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipAsync(body, { level: 6 });
}

export interface SendMadeOptions {
  /** Content-Type as `res.type` takes it (`html`, `json`). */
  type: string;
  /** Sent as it is; none leaves the header to whoever set it. */
  cacheControl?: string;
  /** Brotli's quality for this answer (compressed once, so it may be higher than per-request compression's). */
  brotliQuality: number;
  /** Below this many bytes the answer goes as it is (compressApi's threshold for the API). */
  threshold?: number;
}

/**
 * Sends `made` with its ETag: a 304 to a fresh conditional request, else its bytes in the encoding
 * the request accepts, brotli before gzip whatever the header's order (Chrome sends `gzip,
 * deflate, br, zstd`), each form compressed once for every request that shares `made`. The whole
 * body with its Content-Length, never converted again: compressApi leaves an answer that carries a
 * Content-Encoding alone.
 */
export async function sendMadeAnswer(req: Request, res: Response, made: MadeAnswer, options: SendMadeOptions): Promise<void> {
  res.vary('Accept-Encoding');
  if (options.cacheControl) res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('ETag', made.etag);
  res.type(options.type);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = made.body.length >= (options.threshold ?? 0) ? (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name) : undefined;
  let body = made.body;
  if (encoding === 'br') body = await (made.br ??= compressBody(made.body, 'br', options.brotliQuality));
  else if (encoding === 'gzip') body = await (made.gzip ??= compressBody(made.body, 'gzip', options.brotliQuality));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
