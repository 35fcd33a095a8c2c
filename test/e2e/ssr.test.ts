import type { ConsoleMessage, Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, waitForHydration, withScreenshots } from './harness';

/** Every console error and warning of the page (React reports a hydration mismatch there). */
function watchConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') lines.push(`[${message.type()}] ${message.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
  return lines;
}

/**
 * A guest's `/` rendered on the server (issue 13; frontend/src/entry-server.tsx, served by
 * backend/src/common/spa/home-page.ts): the HTML already shows the feed without any script, the
 * app hydrates it without a mismatch (no console error or warning, no recoverable error) and is
 * then the live app; a member (the HttpOnly home-page cookie set at login) never gets the guest's markup, and
 * after logout `/` is the guest's server-rendered page again.
 */
describe('a guest’s / rendered on the server, hydrated in Chromium', () => {
  let e2e: E2E;
  let firstPosts: string[];

  beforeAll(async () => {
    e2e = await startE2E();
    // A guest's `/` is the global ranking (issue 26), at most two posts of one author per page:
    // two more authors beside the demo's three make its first page longer than a screenful.
    for (const name of ['sunucu1', 'sunucu2']) {
      const account = { username: name, displayName: `Sunucu ${name.slice(-1)}`, email: `${name}@ornek.com`, password: 'gizli123' };
      expect((await e2e.api('/api/auth/register', { body: account })).status).toBe(201);
      const token = await e2e.token(account);
      for (const content of [`${name} ilk gönderisi`, `${name} ikinci gönderisi`]) expect((await e2e.api('/api/posts', { body: { content }, token })).status).toBe(201);
    }
    const timeline = await e2e.api<{ posts: { content: string }[] }>('/api/posts/timeline/ranked?limit=20');
    firstPosts = timeline.body.posts.map((post) => post.content);
    expect(firstPosts.length).toBeGreaterThan(6);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The first line of a post as a card shows it (a card's text may be cut into links). */
  const cardText = (content: string) => content.split('\n')[0].split(/[#@]/)[0].trim();

  it('shows the first posts with JavaScript disabled', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.url, locale: 'tr-TR', viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe('guest');
      // The first screenful of cards, as the app's first render shows them (post-feed.tsx).
      const cards = page.locator('#root article[data-testid="post-card"]');
      expect(await cards.count()).toBe(6);
      for (const [index, content] of firstPosts.slice(0, 6).entries()) {
        expect(await cards.nth(index).innerText()).toContain(cardText(content));
      }
      await page.getByRole('heading', { name: 'Gündeme siz de katılın' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('hydrates with no console error or warning, then is the live app', async () => {
    // A phone, as Lighthouse's mobile preset, then a desktop: both render parts the other hides.
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 900 },
    ]) {
      const { page } = await e2e.newPage(viewport);
      await withScreenshots(`ssr-hydrate-${viewport.width}`, [page], async () => {
        const lines = watchConsole(page);
        await page.goto('/');
        // Hydrated: the rest of the first page comes after the first screenful (post-feed.tsx), and the
        // cards' times are the device's (their full date is in the title only after hydration).
        await page.waitForFunction(() => document.querySelectorAll('#root article').length > 6);
        await page.locator('#root article time[title]').first().waitFor({ state: 'attached' });
        // The server's markup was kept, not replaced: the root is still marked, and hydrated.
        expect(await page.locator('#root').getAttribute('data-ssr')).toBe('guest');
        expect(await page.locator('#root').getAttribute('data-hydrated')).toBe('');
        // The page loaded the after-paint loader, which asked for the app's entry only after the
        // first contentful paint (frontend/src/after-paint.ts).
        const order = await page.evaluate(() => {
          const entry = document.getElementById('root')?.dataset.entry ?? '';
          const request = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === entry);
          return {
            loader: /\/assets\/after-paint-[\w-]+\.js$/.test(document.querySelector('head script[type="module"]')?.getAttribute('src') ?? ''),
            entry: /^\/assets\/index-[\w-]+\.js$/.test(entry),
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
            requested: request?.startTime ?? -1,
          };
        });
        expect([order.loader, order.entry, order.requested > order.fcp]).toEqual([true, true, true]);
        // The whole first page, in its order (a short ranked page may already have the next
        // one below it: its sentinel is in view).
        const cards = page.getByRole('article');
        expect(await cards.count()).toBeGreaterThanOrEqual(firstPosts.length);
        expect(await cards.first().innerText()).toContain(cardText(firstPosts[0]));
        expect(await cards.nth(firstPosts.length - 1).innerText()).toContain(cardText(firstPosts[firstPosts.length - 1]));

        // Interactive: a guest's like opens the login dialog (docs/product.md#validation).
        await cards.first().getByRole('button', { name: 'Beğen' }).click();
        await page.getByRole('dialog', { name: 'Giriş Yap' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(lines).toEqual([]);
      });
    }
  });

  it('brings a member’s new post to the hydrated guest page live', async () => {
    const { page } = await e2e.newPage();
    await withScreenshots('ssr-live', [page], async () => {
      const lines = watchConsole(page);
      await page.goto('/');
      await page.waitForFunction(() => document.querySelectorAll('#root article').length > 6);
      // The guest's socket connects at idle; its status region is mounted once it has.
      await page.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 15_000 });
      const token = await e2e.token(DEMO.ayse);
      await e2e.api('/api/posts', { token, body: { content: 'Sunucu çizimi sonrası canlı gönderi' } });
      const pill = page.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 10_000 });
      await pill.click();
      await page.getByText('Sunucu çizimi sonrası canlı gönderi').first().waitFor();
      expect(lines).toEqual([]);
    });
  });

  it('gives a member the member’s screen, never the guest’s markup, and the guest’s page again after logout', async () => {
    const { context, page } = await e2e.newPage();
    await withScreenshots('ssr-member', [page], async () => {
      const lines = watchConsole(page);
      await page.goto('/');
      await waitForHydration(page);
      await page.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
      const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
      await dialog.getByLabel('E-posta').fill(DEMO.ayse.email);
      await dialog.getByLabel('Şifre').fill(DEMO.ayse.password);
      await dialog.getByRole('button', { name: 'Giriş Yap' }).click();
      await dialog.waitFor({ state: 'detached' });
      const cookie = (await context.cookies()).find((c) => c.name === 'gundem_home');
      expect([cookie?.path, cookie?.sameSite, cookie?.httpOnly]).toEqual(['/', 'Lax', true]);

      // Every HTML of `/` the member's browser gets from now on.
      const documents: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'document') void response.text().then((html) => documents.push(html), () => undefined);
      });
      await page.reload();
      await page.getByRole('textbox', { name: 'Gönderi metni' }).waitFor();
      await page.getByRole('tab', { name: 'Size özel' }).waitFor();
      expect(documents).toHaveLength(1);
      expect(documents[0]).not.toContain('data-ssr="guest"');
      expect(documents[0]).toContain('data-ssr="member"');
      expect(documents[0]).not.toContain('gundem-first-page');
      expect(documents[0]).toContain('gundem-member-state');

      const nav = page.locator('aside.left-sidebar');
      await nav.getByRole('button', { name: 'Çıkış Yap' }).click();
      await page.getByRole('dialog', { name: 'Çıkış yapılsın mı?' }).getByRole('button', { name: 'Çıkış Yap' }).click();
      await nav.getByRole('button', { name: 'Giriş Yap' }).waitFor();
      // The logout request goes without waiting for it (keepalive).
      for (let i = 0; i < 50 && (await context.cookies()).some((c) => c.name === 'gundem_home'); i++) await page.waitForTimeout(100);
      expect((await context.cookies()).map((c) => c.name)).not.toContain('gundem_home');
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('#root article').length > 6);
      expect(documents).toHaveLength(2);
      expect(documents[1]).toContain('data-ssr="guest"');
      expect(lines).toEqual([]);
    });
  });

  it('replaces the guest’s markup for a session from before the home-page cookie, and its session check sets the cookie', async () => {
    const { context, page } = await e2e.newPage();
    await withScreenshots('ssr-old-session', [page], async () => {
      await page.goto('/');
      // The app has started (the entry comes after the first paint) before the token is stored,
      // as in a session that began before the home-page cookie existed.
      await page.waitForFunction(() => document.querySelectorAll('#root article').length > 6);
      await page.evaluate((token) => localStorage.setItem('gundem_token', token), await e2e.token(DEMO.ayse));
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('gundem_home');
      const response = await page.reload();
      expect(await response!.text()).toContain('data-ssr="guest"');
      await page.getByRole('textbox', { name: 'Gönderi metni' }).waitFor();
      // The guests' markup was replaced by the member's app (createRoot), and the mark with it.
      expect(await page.locator('#root').getAttribute('data-ssr')).toBeNull();
      expect(await page.getByRole('heading', { name: 'Gündeme siz de katılın' }).count()).toBe(0);
      expect((await context.cookies()).some((cookie) => cookie.name === 'gundem_home')).toBe(true);
      const next = await page.reload();
      expect(await next!.text()).not.toContain('data-ssr="guest"');
      expect(await next!.text()).toContain('data-ssr="member"');
    });
  });
  it('paints the stored theme and text size from the first frame, before any script of the app (issue 26)', async () => {
    const { context, page } = await e2e.newPage({ width: 412, height: 823 });
    await withScreenshots('ssr-display-before-paint', [page], async () => {
      const store = (display: object) => page.evaluate((value) => localStorage.setItem('gundem_preferences', value), JSON.stringify({ display }));
      // The app's scripts never arrive: what the page shows is its HTML, its stylesheet and the
      // <head>'s display script (frontend/src/display-boot.ts), i.e. its first paint. With
      // `boot` false that script is held back too: the control, painted in the system's theme.
      let boot = true;
      await context.route(/\/assets\/[^/?]+\.js(\?|$)/, (route) =>
        boot && /\/display-boot-[^/]+\.js/.test(route.request().url()) ? route.continue() : route.abort(),
      );
      /** The page at `path` as the parser leaves it (DOMContentLoaded), no app script run. */
      const firstPaint = async (path: string) => {
        // The frame's goto: the page's own waits for the app to hydrate, which never happens here.
        await page.mainFrame().goto(e2e.url + path, { waitUntil: 'domcontentloaded' });
        return page.evaluate(() => ({
          theme: document.documentElement.dataset.theme ?? null,
          background: getComputedStyle(document.body).backgroundColor,
          fontSize: getComputedStyle(document.body).fontSize,
          ssr: document.getElementById('root')?.dataset.ssr ?? null,
          hydrated: document.getElementById('root')?.hasAttribute('data-hydrated') ?? false,
        }));
      };
      await page.mainFrame().goto(e2e.url + '/robots.txt');
      await store({ theme: 'dark', language: 'tr', fontSize: 'large' });
      // A light system; the member chose dark and large: the guest's `/` and Explore (rendered on
      // the server) and a screen of the app alone (/settings: index.html and its empty root).
      for (const [path, ssr] of [
        ['/', 'guest'],
        ['/explore', 'guest'],
        ['/settings', null],
      ] as const) {
        expect({ path, ...(await firstPaint(path)) }).toEqual({ path, theme: 'dark', background: 'rgb(11, 15, 20)', fontSize: '17px', ssr, hydrated: false });
      }
      // The control: without the display script the same page paints light first.
      boot = false;
      expect(await firstPaint('/')).toMatchObject({ theme: null, background: 'rgb(255, 255, 255)', fontSize: '15px', ssr: 'guest' });
      boot = true;
      // The other way round: a dark system, the member chose light and small.
      await page.emulateMedia({ colorScheme: 'dark' });
      await store({ theme: 'light', language: 'tr', fontSize: 'small' });
      expect(await firstPaint('/')).toMatchObject({ theme: 'light', background: 'rgb(255, 255, 255)', fontSize: '14px', ssr: 'guest' });
      // `auto`: the system's (dark) theme, by the stylesheet alone.
      await store({ theme: 'auto', language: 'tr', fontSize: 'medium' });
      expect(await firstPaint('/')).toMatchObject({ theme: null, background: 'rgb(11, 15, 20)', fontSize: '15px', ssr: 'guest' });

      // A member's `/`, rendered on the server for them, paints their theme first too: the one
      // kept with the account, which the app copies to this browser once it has read it at sign-in
      // (PreferencesSync; a copy written here before that read would be overwritten by it).
      await context.unroute(/\/assets\/[^/?]+\.js(\?|$)/);
      await page.emulateMedia({ colorScheme: 'light' });
      const token = await e2e.token(DEMO.ayse);
      const choose = async (display: object) => expect((await e2e.api('/api/users/me/preferences', { method: 'PUT', body: { display }, token })).status).toBe(200);
      await choose({ theme: 'dark', fontSize: 'large' });
      await e2e.signIn(page, DEMO.ayse);
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('gundem_preferences') ?? '{}').display?.theme === 'dark');
      await context.route(/\/assets\/[^/?]+\.js(\?|$)/, (route) =>
        /\/display-boot-[^/]+\.js/.test(route.request().url()) ? route.continue() : route.abort(),
      );
      expect(await firstPaint('/')).toEqual({ theme: 'dark', background: 'rgb(11, 15, 20)', fontSize: '17px', ssr: 'member', hydrated: false });
      // With its scripts, the app keeps what the first paint showed.
      await context.unroute(/\/assets\/[^/?]+\.js(\?|$)/);
      await page.goto('/');
      await page.getByRole('textbox', { name: 'Gönderi metni' }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor])).toEqual(['dark', 'rgb(11, 15, 20)']);
      await choose({ theme: 'auto', fontSize: 'medium' });
    });
  });
});

/**
 * A guest's Explore rendered on the server too (backend/src/common/spa/guest-pages.ts): its
 * default tab is the same for every guest and needs no data, so the HTML paints it styled (the
 * screen's stylesheet is in the head, its code preloaded) and the app hydrates it; a search, and a
 * member's visit, stay the app's own render.
 */
describe('a guest’s Explore rendered on the server, hydrated in Chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the topics, styled, with JavaScript disabled, under its own title', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.url, locale: 'tr-TR', viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      const response = await page.goto('/explore');
      expect(response?.status()).toBe(200);
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe('guest');
      expect(await page.title()).toBe('Keşfet / gündem');
      await page.getByRole('heading', { name: 'Gündemdeki konular' }).waitFor();
      expect(await page.locator('.topic-card').count()).toBeGreaterThan(3);
      // The screen's own stylesheet is applied (explore.css lays a topic card out as a flex row).
      expect(await page.locator('.topic-card').first().evaluate((card) => getComputedStyle(card).display)).toBe('flex');
      expect(await page.getByRole('tab', { name: 'Gündem' }).getAttribute('aria-selected')).toBe('true');

    } finally {
      await context.close();
    }
  });

  it('hydrates with no console error or warning, without a layout shift, then its tabs and search work', async () => {
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 900 },
    ]) {
      const { page } = await e2e.newPage(viewport);
      await withScreenshots(`ssr-explore-${viewport.width}`, [page], async () => {
        const lines = watchConsole(page);
        const response = await page.goto('/explore');
        expect(await response!.text()).toContain('data-ssr="guest"');
        expect(await page.locator('#root').getAttribute('data-hydrated')).toBe('');
        expect(await page.locator('#root').getAttribute('data-ssr')).toBe('guest');
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(total), 300);
            }),
        );
        expect(shift).toBeLessThan(0.02);
        // The tabs are the app's now: the latest tab shows the feed and goes into the URL.
        await page.getByRole('tab', { name: 'Son' }).click();
        await page.waitForURL(/\/explore\?tab=latest$/);
        await page.getByRole('tabpanel').getByRole('article').first().waitFor();
        await page.getByRole('tab', { name: 'Gündem' }).click();
        await page.getByRole('heading', { name: 'Gündemdeki konular' }).waitFor();
        // A guest's follow button opens the login dialog, as everywhere.
        await page.getByRole('tabpanel').getByRole('button', { name: /Takip et/ }).first().click();
        await page.getByRole('dialog', { name: 'Giriş Yap' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(lines).toEqual([]);
      });
    }
  });

  it('leaves a search, another tab and a member’s Explore to the app', async () => {
    for (const path of ['/explore?q=istanbul', '/explore?tab=latest']) {
      const html = await (await fetch(e2e.url + path)).text();
      expect(html).not.toContain('data-ssr');
    }
    const { context, page } = await e2e.newPage();
    await withScreenshots('ssr-explore-member', [page], async () => {
      const lines = watchConsole(page);
      await e2e.signIn(page, DEMO.ayse);
      const response = await page.goto('/explore');
      const html = await response!.text();
      // signIn stores the token as the app does; the cookie comes with the app's session check.
      if (html.includes('data-ssr')) {
        await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-ssr'));
      }
      await page.getByRole('heading', { name: 'Gündemdeki konular' }).waitFor();
      await page.locator('aside.left-sidebar').getByRole('button', { name: 'Çıkış Yap' }).waitFor();
      // The app's session check has set the home-page cookie (HttpOnly: the context tells).
      for (let i = 0; i < 50 && !(await context.cookies()).some((c) => c.name === 'gundem_home'); i++) await page.waitForTimeout(100);
      expect((await context.cookies()).some((c) => c.name === 'gundem_home')).toBe(true);
      const again = await page.reload();
      expect(await again!.text()).not.toContain('data-ssr');
      await page.getByRole('heading', { name: 'Gündemdeki konular' }).waitFor();
      expect(lines).toEqual([]);
    });
  });
});
