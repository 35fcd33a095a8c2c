import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The id of the element in a guest's `/` that holds the timeline's first page
 * (frontend/src/features/posts/api/get-timeline.ts reads it; keep the two equal).
 */
export const FIRST_PAGE_ELEMENT_ID = 'gundem-first-page';

/** The guests' first timeline page as GET /api/posts/timeline answers it: its JSON and ETag. */
export interface GuestFirstPage {
  json: string;
  etag: string;
}

/** Where serveSpa gets the page from (PostsService.guestTimeline, a one-second cache). */
export type GuestFirstPageSource = () => Promise<GuestFirstPage>;

/**
 * How long `/` waits for the page before it sends index.html without it (the app then asks the
 * API, as it does on every other page): a slow database must not hold the page itself.
 */
export const FIRST_PAGE_WAIT_MS = 500;

/**
 * index.html with the page as a JSON data block before `</body>`. A data block is not run, so the
 * Content-Security-Policy's `script-src 'self'` stays as it is; `<` is written `\u003c` (still the
 * same JSON) so no post's text can close the element.
 */
export function embedFirstPage(indexHtml: string, json: string): string {
  const block = `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
  const at = indexHtml.lastIndexOf('</body>');
  return at < 0 ? indexHtml + block : indexHtml.slice(0, at) + block + indexHtml.slice(at);
}

interface Rendered {
  /** The page's ETag it was made from. */
  source: string;
  etag: string;
  html: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * A guest's `/` with the timeline's first page in it (issue 13): the app renders the feed from it
 * without a request to the API after its script, one round trip less before the page's largest
 * paint on a slow phone connection. A member's app ignores it (its page carries its own flags) and
 * asks the API as before.
 *
 * The page changes at most once a second (FirstPageCache), so the HTML and its compressed forms
 * are made once per page, not per request: brotli at quality 5 and gzip at level 6, about 4 KB
 * for the ~20 KB page. `no-cache` and an ETag of its own, as index.html has.
 */
export function createHomePage(indexHtml: string, source: GuestFirstPageSource) {
  let last: Rendered | null = null;

  function render(page: GuestFirstPage): Rendered {
    if (last?.source === page.etag) return last;
    const html = Buffer.from(embedFirstPage(indexHtml, page.json), 'utf8');
    const hash = createHash('sha1').update(html).digest('base64url').slice(0, 27);
    last = { source: page.etag, etag: `"home-${hash}"`, html };
    return last;
  }

  async function compressed(rendered: Rendered, encoding: 'br' | 'gzip'): Promise<Buffer> {
    if (encoding === 'br') rendered.br ??= brotli(rendered.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    else rendered.gzip ??= gzipAsync(rendered.html, { level: 6 });
    return (encoding === 'br' ? rendered.br : rendered.gzip)!;
  }

  /** Answers `/` with the page in it; false when the page did not come in time (or failed). */
  return async function sendHome(req: Request, res: Response, cacheControl: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const page = await Promise.race([
      source().catch(() => null),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIRST_PAGE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!page || res.headersSent) return false;
    const rendered = render(page);
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', rendered.etag);
    res.type('html');
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    // The server's order, brotli first, as for the build's files (precompressed.ts says why).
    const encoding = (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);
    const body = encoding ? await compressed(rendered, encoding) : rendered.html;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
