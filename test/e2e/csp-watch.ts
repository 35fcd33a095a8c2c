import type { BrowserContext, Page, WebSocket } from 'playwright-core';
import type { E2E } from './harness';

// A browser page watched for Content-Security-Policy violations and console errors, for the
// journeys that prove the app works under the policy (security-headers, media).

/** Every `securitypolicyviolation` of every document, kept in the page from before any script runs. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
  });
`;

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions since the last check. */
  errors: string[];
  /** WebSockets the page opened to /socket.io, and whether the server acknowledged the connect. */
  sockets: { url: string; connected: boolean }[];
}

export async function watchedPage(e2e: E2E, size?: { width: number; height: number }): Promise<Watched> {
  const { context, page } = await e2e.newPage(size);
  await context.addInitScript(RECORD_VIOLATIONS);
  const watched: Watched = { context, page, errors: [], sockets: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  page.on('pageerror', (error) => watched.errors.push(`pageerror: ${error.message}`));
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/socket.io/')) return;
    const entry = { url: ws.url(), connected: false };
    watched.sockets.push(entry);
    // Socket.IO's CONNECT acknowledgement is the frame "40{…}".
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) entry.connected = true;
    });
  });
  return watched;
}

/** Fails with the list when the current document reported any violation or the page logged an error. */
export async function expectClean(watched: Watched, allowedErrors: RegExp[] = []) {
  const violations = await watched.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  const errors = watched.errors.filter((text) => !allowedErrors.some((allowed) => allowed.test(text)));
  watched.errors.length = 0;
  expect({ url: watched.page.url(), violations, errors }).toEqual({ url: watched.page.url(), violations: [], errors: [] });
}
