import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

interface Covered {
  scrollY: number;
  control: string;
}

/**
 * Every control of the page the phone's compose button (`.compose-fab`) lies on, at each scroll
 * position from the top to the end of the page (a screen at a time): any overlap of their boxes
 * counts, except where the bottom bar hides that part of the control anyway (content scrolled
 * beneath the bar, which scrolls out from under it); the bar's own links count everywhere.
 */
async function controlsUnderFab(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const fab = document.querySelector<HTMLElement>('.compose-fab');
    if (!fab) return [];
    const bar = document.querySelector<HTMLElement>('.bottom-nav');
    const covered: { scrollY: number; control: string }[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const check = () => {
      const f = fab.getBoundingClientRect();
      const b = bar?.getBoundingClientRect();
      for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, textarea, select, [role="button"]')) {
        if (el === fab || fab.contains(el) || el.closest('[aria-hidden="true"]')) continue;
        const r = el.getBoundingClientRect();
        // Not rendered, or a visually hidden text (the skip link until it has the focus).
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
        const left = Math.max(r.left, f.left);
        const right = Math.min(r.right, f.right);
        const top = Math.max(r.top, f.top);
        const bottom = Math.min(r.bottom, f.bottom);
        if (left >= right || top >= bottom) continue;
        const underBar = b !== undefined && !bar!.contains(el) && left >= b.left && right <= b.right && top >= b.top && bottom <= b.bottom;
        if (!underBar) covered.push({ scrollY: Math.round(scrollY), control: name(el) });
      }
    };
    const step = Math.max(100, innerHeight - 120);
    for (let i = 0; i < 30; i++) {
      check();
      const before = scrollY;
      scrollTo(0, scrollY + step);
      if (scrollY === before) break;
    }
    scrollTo(0, 0);
    return covered;
  });
}

/**
 * Issue 23's compose and keyboard fixes in Chromium: on a phone (390 × 844) the floating compose
 * button lies on no control of any main screen, at any scroll position, and the chat's `Gönder`
 * takes its click; on a desktop the sidebar's `Gönderi` and `n` open the compose dialog, Esc in
 * the dialog only closes it, and Esc on a post page goes back.
 */
describe('compose button and keyboard shortcuts', () => {
  let e2e: E2E;
  let postId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    const token = await e2e.token(DEMO.ayse);
    const { body } = await e2e.api<{ posts: { _id: string; replyCount?: number }[] }>('/api/posts/timeline', { token });
    // A post with replies: its page has controls down to the bottom.
    postId = (body.posts.find((post) => (post.replyCount ?? 0) > 0) ?? body.posts[0])._id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('on a phone the floating compose button covers no control of any main screen', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('compose-fab-overlap', [page], async () => {
      await e2e.signIn(page, DEMO.ayse);
      const screens: [path: string, ready: () => Promise<void>][] = [
        ['/', () => page.getByRole('article').first().waitFor()],
        ['/explore', () => page.getByRole('tabpanel').waitFor()],
        ['/explore?q=kitap', () => page.getByRole('heading', { name: /kitap/ }).first().waitFor()],
        ['/profile', () => page.getByRole('article').first().waitFor()],
        [`/post/${postId}`, () => page.getByRole('article').first().waitFor()],
        ['/notifications', () => page.getByRole('heading', { name: 'Bildirimler' }).first().waitFor()],
        ['/settings', () => page.getByRole('heading', { name: 'Ayarlar' }).first().waitFor()],
        ['/messages?user=admin', () => page.getByRole('textbox', { name: 'Mesaj' }).waitFor()],
      ];
      const found: Record<string, Covered[]> = {};
      let fabSeen = 0;
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready();
        await page.waitForLoadState('networkidle');
        if (await page.locator('.compose-fab').isVisible()) fabSeen++;
        const covered = await controlsUnderFab(page);
        if (covered.length) found[path] = covered;
      }
      expect(found).toEqual({});
      // The button is there to be checked: on the screens without a bottom input bar.
      expect(fabSeen).toBe(screens.length - 1);

      // The chat's Gönder takes the click (it timed out under the button before).
      const text = `Telefondan mesaj ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Mesaj' }).fill(text);
      await page.getByRole('button', { name: 'Gönder', exact: true }).click({ timeout: 5_000 });
      await page.getByTestId('message').filter({ hasText: text }).waitFor();
    });
  });

  it('on a phone a protected staff member’s nine entries fit the bottom bar beside the post button', async () => {
    // The most entries the bar has: the back office's and, for a protected account, `Takip istekleri`.
    const client = new Client({ connectionString: e2e.databaseUrl });
    await client.connect();
    await client.query(`UPDATE users SET protected = true WHERE email = $1`, [DEMO.moderator.email]);
    await client.end();
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('bottom-nav-nine', [page], async () => {
      await e2e.signIn(page, DEMO.moderator);
      await page.goto('/');
      await page.getByRole('article').first().waitFor();
      const entries = await page.evaluate(() => {
        const bar = document.querySelector('.bottom-nav')!.getBoundingClientRect();
        const fab = document.querySelector('.compose-fab')!.getBoundingClientRect();
        return [...document.querySelectorAll('.bottom-nav__link')].map((link) => {
          const box = link.getBoundingClientRect();
          return { name: link.textContent, fits: box.left >= bar.left && box.right <= fab.left, wide: box.width >= 34 };
        });
      });
      expect(entries).toHaveLength(9);
      expect(entries.filter((entry) => !entry.fits || !entry.wide)).toEqual([]);
    });
  });

  it('on a desktop Gönderi and n open the compose dialog; Esc closes it, and on a post page goes back', async () => {
    const { page } = await e2e.newPage();
    await withScreenshots('compose-shortcuts', [page], async () => {
      await e2e.signIn(page, DEMO.ayse);
      const dialog = page.getByRole('dialog', { name: 'Yeni gönderi' });

      await page.locator('aside.left-sidebar').getByRole('button', { name: 'Gönderi' }).click();
      await dialog.getByRole('textbox', { name: 'Gönderi metni' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');

      await page.locator('body').press('n');
      const box = dialog.getByRole('textbox', { name: 'Gönderi metni' });
      await box.waitFor();
      // Typed in the dialog, n is a letter.
      await box.press('n');
      expect(await box.inputValue()).toBe('n');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // From the feed to a post's page (Enter on a card), and back with Esc.
      const first = page.getByRole('tabpanel').getByRole('article').first();
      await first.focus();
      await first.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/post/'));
      await page.getByRole('heading', { name: 'Gönderi', level: 1 }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('tabpanel').getByRole('article').first().waitFor();

      // A post page opened from outside the app: Esc goes to the home feed.
      await page.goto(`/post/${postId}`);
      await page.getByRole('heading', { name: 'Gönderi', level: 1 }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.pathname === '/');
    });
  });
});
