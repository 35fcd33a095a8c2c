import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { freshDatabase, type TestDatabase } from '../realtime/cluster';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/**
 * Browser journeys: Debian's Chromium (never a downloaded browser) driven by playwright-core
 * against the real built server on a free port with a fresh, demo-seeded database.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const FAILURE_DIR = join(repoRoot, 'test-results/e2e');
export const DEMO = {
  admin: { email: 'admin@gundem.local', password: 'gundem123' },
  moderator: { email: 'moderator@gundem.local', password: 'gundem123' },
  ayse: { email: 'ayse@gundem.local', password: 'gundem123' },
};

export interface E2E {
  url: string;
  /** The server's database, for a scene no route sets up yet (issue 26: a protected account). */
  databaseUrl: string;
  server: RunningServer;
  browser: Browser;
  /** A page in a context of its own; `locale` is the browser's language (Turkish unless said: issue 26's English follows it). */
  newPage(options?: { width?: number; height?: number; locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs in through the API and stores the token as the app does (faster than the form). */
  signIn(page: Page, account: { email: string; password: string }): Promise<void>;
  /** Two people in two browser contexts (desktop size), each signed in: the set-up of the two-person journeys. */
  signedInPair(a: { email: string; password: string }, b: { email: string; password: string }): Promise<[Page, Page]>;
  api<T = unknown>(path: string, init?: { method?: string; body?: unknown; token?: string }): Promise<{ status: number; body: T }>;
  token(account: { email: string; password: string }): Promise<string>;
  /** The newest outbox mail to `to` that contains `needle`, decoded from quoted-printable. */
  mailTo(to: string, needle: string): string;
  close(): Promise<void>;
}

export async function startE2E(env: Record<string, string | undefined> = {}): Promise<E2E> {
  buildIfNeeded();
  const db: TestDatabase = await freshDatabase();
  // SSR_WAIT_MS: the server-rendered pages wait for their data however loaded the host is (the
  // 500 ms default sent a member's / plain in CI: the first ranked page after boot waits for the
  // candidates' first computation). What a slow read does to a page is tested in the backend.
  const server = await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'true', REDIS_URL: undefined, SSR_WAIT_MS: '30000', ...env });
  // A browser that cannot start (none installed, a loaded host) fails the file: its server and
  // database go with it, where the file's afterAll, which never got an E2E, could not stop them.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }).catch(async (error: unknown) => {
    await server.stop();
    await db.drop();
    throw error;
  });
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    url: server.url,
    databaseUrl: db.url,
    server,
    browser,
    async newPage({ width = 1280, height = 900, locale = 'tr-TR' } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: server.url, locale });
      contexts.push(context);
      const page = await context.newPage();
      hydratingNavigation(page);
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') consoleLines.push(`[${m.type()}] ${m.text()}`);
      });
      page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
      page.on('response', (r) => {
        if (r.status() >= 400) consoleLines.push(`[http ${r.status()}] ${r.request().method()} ${r.url()}`);
      });
      page.on('dialog', (dialog) => {
        // Tests that expect a dialog register their own handler first; this keeps others from hanging.
        if (!dialogHandled.has(page)) void dialog.dismiss().catch(() => undefined);
      });
      return { context, page };
    },
    async api(path, init = {}) {
      const res = await fetch(server.url + path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as never };
    },
    async token(account) {
      const res = await e2e.api<{ token: string }>('/api/auth/login', { body: { login: account.email, password: account.password } });
      if (res.status !== 200) throw new Error(`login ${account.email}: ${res.status}`);
      return res.body.token;
    },
    async signedInPair(first, second) {
      const { page: a } = await e2e.newPage();
      const { page: b } = await e2e.newPage();
      await e2e.signIn(a, first);
      await e2e.signIn(b, second);
      return [a, b];
    },
    async signIn(page, account) {
      const token = await e2e.token(account);
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('gundem_token', t), token);
      await page.goto('/');
      // Signed in once the sidebar shows the user card, or on a phone (no sidebar is rendered
      // there) once the mobile header shows the account's avatar link.
      const { username, displayName } = (await e2e.api<{ user: { username: string; displayName: string } }>('/api/auth/me', { token })).body.user;
      try {
        await page
          .locator('aside.left-sidebar')
          .getByText(`@${username}`)
          .or(page.locator('header.mobile-header').getByRole('link', { name: displayName }))
          .waitFor({ state: 'attached', timeout: 10_000 });
      } catch (error) {
        console.warn(`[e2e] sign-in of ${username} did not show:\n${consoleLines.slice(-20).join('\n')}`);
        throw error;
      }
    },
    mailTo(to, needle) {
      const dir = join(server.dataDir, 'outbox');
      for (const file of readdirSync(dir).sort().reverse()) {
        const text = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (text.includes(`To: ${to}`) && text.includes(needle)) return text;
      }
      throw new Error(`no mail to ${to} containing ${needle}`);
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
      await db.drop();
    },
  };
  return e2e;
}

/**
 * A guest's `/` is rendered by the server and the app, which makes it interactive, comes after the
 * first paint (frontend/src/after-paint.ts): a click before it hydrated would do nothing. Hydrated,
 * the cards' times carry their full date (the device's clock, frontend/src/lib/render-clock.tsx).
 */
export async function waitForHydration(page: Page): Promise<void> {
  // A server-rendered root is marked data-hydrated once the app has it (frontend/src/main.tsx), or
  // loses data-ssr when the app replaced its markup; any other page (another screen, Swagger UI,
  // another site's page) has nothing to wait for.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root?.hasAttribute('data-ssr') || root.hasAttribute('data-hydrated');
  });
}

/**
 * Every page of newPage waits, after goto and reload, for the app to have taken over a
 * server-rendered `/` (a guest's or a member's): a click or a typed text before it would be lost.
 */
function hydratingNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

const dialogHandled = new WeakSet<Page>();
/** Browser console errors and warnings of every page, printed when a step fails. */
const consoleLines: string[] = [];
/**
 * A post's `⋯` button once it runs in the browser (`data-ready`, post-menu.tsx). It comes in a
 * chunk of its own: on a server-rendered page its markup is there before the chunk, and a click
 * on it then is lost (a loaded machine showed it: the menu never opened).
 */
export function postMenuButton(scope: Locator): Locator {
  return scope.getByRole('button', { name: 'Daha fazla' }).and(scope.locator('[data-ready]'));
}

/** Accepts (or dismisses) the next dialogs of the page, recording their messages. */
export function handleDialogs(page: Page, accept = true): string[] {
  dialogHandled.add(page);
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss()).catch(() => undefined);
  });
  return seen;
}

/** Runs a step; on failure keeps a screenshot of every open page under test-results/e2e/. */
export async function withScreenshots(name: string, pages: Page[], fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (consoleLines.length) console.warn(`[e2e] ${name}: browser console\n${consoleLines.slice(-20).join('\n')}`);
    mkdirSync(FAILURE_DIR, { recursive: true });
    const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await Promise.all(
      pages.map((page, i) => page.screenshot({ path: join(FAILURE_DIR, `${slug}-${i + 1}.png`), fullPage: true }).catch(() => undefined)),
    );
    throw error;
  }
}
