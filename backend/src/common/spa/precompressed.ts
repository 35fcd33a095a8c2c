import { existsSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { Request, Response } from 'express';

/** The encodings the build writes beside a file (frontend/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The built SPA's precompressed files: for each URL path (`/assets/index-abc.js`) the encodings
 * whose sibling (`index-abc.js.br`, `.gz`) the build wrote, read once at boot. A dist folder is
 * never changed under a running server (a new build is a new deploy), and a request then costs
 * a Map lookup rather than a `stat` per encoding.
 */
export type PrecompressedFiles = ReadonlyMap<string, readonly string[]>;

export function findPrecompressed(dist: string): PrecompressedFiles {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    for (const { name, suffix } of ENCODINGS) {
      if (!entry.endsWith(suffix)) continue;
      const source = entry.slice(0, -suffix.length);
      if (!existsSync(join(dist, source))) continue;
      const path = `/${source.split(sep).join('/')}`;
      found.set(path, [...(found.get(path) ?? []), name]);
    }
  }
  return found;
}

/**
 * Picks the form of `path` to send: the first of ENCODINGS (brotli, then gzip: the smaller first)
 * that the build wrote and the request's Accept-Encoding accepts (q > 0, `*` included, as Express's
 * negotiator reads it), else the file as it is. The server's order decides among the accepted
 * ones, as nginx's `brotli_static` does: browsers list `gzip, deflate, br, zstd` with equal
 * weights, and by header order alone they would get the larger gzip form.
 *
 * Sets `Vary: Accept-Encoding` on every form of a path that has several, and `Content-Encoding`
 * with the source file's `Content-Type` on a compressed one; answers the suffix of the file to
 * send ('' for the file as it is). Each form is its own file, so its Content-Length is exact and
 * its ETag (size and mtime of that file) differs from the other forms', as a strong validator's must.
 */
export function chooseEncoding(req: Request, res: Response, files: PrecompressedFiles, path: string): string {
  const available = files.get(path);
  if (!available) return '';
  res.vary('Accept-Encoding');
  const encoding = ENCODINGS.find((e) => available.includes(e.name) && req.acceptsEncodings(e.name) === e.name);
  if (!encoding) return '';
  res.setHeader('Content-Encoding', encoding.name);
  res.type(extname(path));
  return encoding.suffix;
}
