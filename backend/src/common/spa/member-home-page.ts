import type { Request, Response } from 'express';
import { Logger } from '@nestjs/common';
import { parse } from 'cookie';
import { RATE_LIMITED } from '../common.texts';
import { HTTP_TEXTS } from '../http/http.texts';
import { compressBody } from '../http/made-answer';
import { embedJsonBlock, embedMarkup, FIRST_PAGE_WAIT_MS, type MemberHomeRender, withinWait } from './home-page';

/**
 * The id of the element in a member's `/` that holds their session's start
 * (frontend/src/lib/member-state.ts reads it; keep the two equal).
 */
export const MEMBER_STATE_ELEMENT_ID = 'gundem-member-state';

/** What a member's `/` carries: whose it is, their account (GET /api/auth/me) and first timeline page. */
export interface MemberState {
  sub: string;
  user: unknown;
  page: unknown;
}

/**
 * Who asks for `/`, by its home-page cookie (auth/home-session.ts): `guest` when there is none
 * (or it was refused, and removed); a member's state; `rate-limited` for a member over their read
 * budget (settings/read-budget.ts; Retry-After already set); or `null` for a member whose state
 * could not be read (the app then asks the API for it, as it does without the cookie).
 */
export type MemberStateSource = (req: Request, res: Response) => Promise<MemberState | 'guest' | 'rate-limited' | null>;

/**
 * The answer to a member's `/` over their read budget: the API's 429 and Turkish message, as a
 * small HTML page (it is a page the browser shows), never stored. Made before anything costly
 * (the account, the timeline, the render), which is what the budget protects.
 */
export const RATE_LIMITED_PAGE = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${HTTP_TEXTS.rateLimitedPageTitle} · gündem</title></head>
<body><main><h1>${HTTP_TEXTS.rateLimitedPageTitle}</h1><p>${RATE_LIMITED}</p><p><a href="/">${HTTP_TEXTS.rateLimitedPageRetry}</a></p></main></body></html>
`;

/** The home tab's choice as the app keeps it for the server (frontend/src/features/posts/hooks/use-home-feed.ts). */
export const HOME_FEED_COOKIE = 'gundem_home_feed';

/** Cache-Control of a member's `/`: their own data, so no shared cache keeps it. */
export const MEMBER_PAGE_CACHE_CONTROL = 'private, no-cache';

/** index.html with the state as its data block (embedJsonBlock, as the guests' page). */
export function embedMemberState(indexHtml: string, state: MemberState): string {
  return embedJsonBlock(indexHtml, MEMBER_STATE_ELEMENT_ID, JSON.stringify(state));
}

/**
 * A member's `/` with their account and first timeline page in it (issue 13): the app renders
 * the member's screen and feed with its first render, without waiting for GET /api/auth/me and
 * the timeline after its script (two requests that otherwise follow the script's download).
 *
 * Made per request (the page carries the member's own liked/reposted flags, from the shared
 * first page and one primary-key lookup, as the API's) and compressed at a fast setting (brotli 4,
 * gzip 6: a few KB); no ETag, `private, no-cache`. A state that takes over FIRST_PAGE_WAIT_MS or
 * fails leaves the member plain index.html: never the guests' page.
 *
 * With `render` (the frontend's server render, loadMemberHomeRender) the page also carries the
 * member's home screen in `#root`, made by the app's own components from the same state
 * (`data-ssr="member"`), loaded like a guest's through the after-paint loader; main.tsx hydrates it
 * when the stored token is that member's. The render shows the `Size özel` tab, so a member whose
 * choice is `Takip edilenler` or `Son` (the `gundem_home_feed` cookie) gets the state without markup. A
 * render that throws leaves the page with the state only.
 *
 * Resolves `'guest'` when the request is not a member's (the caller serves the guests' page),
 * `'plain'` when the caller should send plain index.html, or `'sent'`.
 */
export function createMemberHomePage(
  indexHtml: string,
  source: MemberStateSource,
  render?: MemberHomeRender | null,
  afterPaintLoader?: string | null,
  waitMs = FIRST_PAGE_WAIT_MS,
) {
  const logger = new Logger('MemberHomePage');

  /** index.html with the member's home screen in #root, or as it is. */
  function withMarkup(req: Request, stateJson: string): string {
    if (!render || (parse(req.headers.cookie ?? '')[HOME_FEED_COOKIE] ?? '') !== '') return indexHtml;
    const now = Date.now();
    try {
      return embedMarkup(indexHtml, render(stateJson, now), now, afterPaintLoader, 'member');
    } catch (error) {
      logger.warn(`Üyenin / sayfası sunucuda çizilemedi (${String(error)}); durum bloğuyla gönderiliyor.`);
      return indexHtml;
    }
  }

  return async function sendMemberHome(req: Request, res: Response): Promise<'guest' | 'plain' | 'sent'> {
    const state = await withinWait(source(req, res), waitMs);
    if (state === 'guest') return 'guest';
    if (state === 'rate-limited') {
      if (!res.headersSent) res.status(429).setHeader('Cache-Control', 'no-store').type('html').end(req.method === 'HEAD' ? undefined : RATE_LIMITED_PAGE);
      return 'sent';
    }
    res.vary('Cookie');
    res.setHeader('Cache-Control', MEMBER_PAGE_CACHE_CONTROL);
    if (!state) return 'plain';
    if (res.headersSent) return 'sent';
    const html = Buffer.from(embedMemberState(withMarkup(req, JSON.stringify(state)), state), 'utf8');
    res.vary('Accept-Encoding');
    res.type('html');
    const encoding = (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);
    const body = encoding ? await compressBody(html, encoding, 4) : html;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
    return 'sent';
  };
}
