import type { Page } from 'playwright-core';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/**
 * A Chromium journey once saw a `securitypolicyviolation` ("inline style") on the profile or the
 * settings page. This one listens for the event in every document from before the app's first
 * script (an init script, reporting to the test through an exposed function, so a violation of a
 * document navigated away from is kept too), walks the main screens at 1280 and 390 px — the home
 * feed, a profile with its `⋯` menu open and an account muted and unmuted from it (a toast),
 * every section of the settings with a word muted and unmuted (toasts), a post page, messages, the
 * admin panel and the moderation desk with a case open — and expects no violation at all.
 */

interface Violation {
  page: string;
  violatedDirective: string;
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  columnNumber: number;
  sample: string;
}

const LISTEN = `
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolation({
      page: location.pathname + location.search,
      violatedDirective: e.violatedDirective,
      effectiveDirective: e.effectiveDirective,
      blockedURI: e.blockedURI,
      sourceFile: e.sourceFile,
      lineNumber: e.lineNumber,
      columnNumber: e.columnNumber,
      sample: e.sample,
    });
  }, true);
`;

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe('no inline-style CSP violation on the main screens (Chromium, 1280 and 390 px)', () => {
  let e2e: E2E;
  const other = { username: 'cspkisi', displayName: 'CSP Kişi', email: 'cspkisi@ornek.com', password: 'gizli123' };
  const postText = `CSP yolculuğunun gönderisi ${Date.now()}`;
  let postId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: other })).status).toBe(201);
    const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: postText }, token: await e2e.token(other) });
    expect(created.status).toBe(201);
    postId = created.body.post.id;
    // A case on the moderation desk.
    const report = await e2e.api('/api/reports', { body: { targetType: 'post', targetId: postId, category: 'spam' }, token: await e2e.token(DEMO.ayse) });
    expect(report.status).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A signed-in page whose every document reports its violations to `violations`. */
  const watched = async (size: { width: number; height: number }, account: { email: string; password: string }) => {
    const { page } = await e2e.newPage(size);
    const violations: Violation[] = [];
    await page.exposeFunction('__cspViolation', (v: Violation) => violations.push(v));
    await page.addInitScript(LISTEN);
    await e2e.signIn(page, account);
    return { page, violations };
  };

  const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first();

  for (const size of SIZES) {
    it(`a member's screens at ${size.width} px: home, a profile and its ⋯ menu, every settings section, a post, messages`, async () => {
      const { page, violations } = await watched(size, DEMO.ayse);
      await withScreenshots(`csp-inline-member-${size.width}`, [page], async () => {
        await page.goto('/');
        await page.getByRole('article').first().waitFor();

        await page.goto(`/profile/${other.username}`);
        await heading(page, other.displayName).waitFor();
        await page.getByRole('article').filter({ hasText: postText }).first().waitFor();
        const menu = page.getByRole('button', { name: 'Hesap işlemleri' });
        await menu.click();
        await page.getByRole('menuitem', { name: `@${other.username} kullanıcısını sessize al` }).click();
        await page.getByText(`@${other.username} sessize alındı`).waitFor();
        // The toast is drawn with sonner's stylesheet (a file of this origin): fixed over the page.
        expect(await page.locator('[data-sonner-toaster]').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
        await menu.click();
        await page.getByRole('menuitem', { name: `@${other.username} kullanıcısını sessizden çıkar` }).click();
        await page.getByText(`@${other.username} sessizden çıkarıldı`).waitFor();
        await menu.click();
        await page.getByRole('menu').waitFor();
        await page.keyboard.press('Escape');

        await page.goto('/settings');
        for (const section of ['Hesap', 'Profil görselleri', 'Engellenenler', 'Sessize alınanlar', 'Bildirimler', 'Gizlilik', 'Görünüm']) {
          const title = heading(page, section);
          await title.scrollIntoViewIfNeeded();
          await title.waitFor();
        }
        const word = `cspsozcuk${size.width}`;
        await page.getByLabel('Sözcük ya da #etiket').fill(word);
        await page.keyboard.press('Enter');
        await page.getByText(`“${word}” sessize alındı`).waitFor();

        await page.goto(`/post/${postId}`);
        await page.getByRole('article').filter({ hasText: postText }).first().waitFor();
        await postMenuButton(page.getByRole('article').filter({ hasText: postText }).first()).click();
        await page.getByRole('menu').waitFor();
        await page.keyboard.press('Escape');

        await page.goto('/messages');
        await heading(page, 'Mesajlar').waitFor();
        await page.goto(`/messages?user=${other.username}`);
        await page.getByRole('textbox').last().waitFor();
        await page.waitForLoadState('networkidle');
      });
      expect(violations).toEqual([]);
    });

    it(`the admin panel and the moderation desk at ${size.width} px`, async () => {
      const { page, violations } = await watched(size, DEMO.admin);
      await withScreenshots(`csp-inline-admin-${size.width}`, [page], async () => {
        for (const [path, text] of [
          ['/admin', 'Toplam kullanıcı'],
          ['/admin/users', other.username],
          ['/admin/posts', postText],
          ['/admin/appeals', 'Bekleyen itiraz yok'],
          ['/admin/settings', 'Sistem Ayarları'],
        ] as const) {
          await page.goto(path);
          await page.getByText(text).first().waitFor();
        }
        await page.goto('/admin/moderation');
        await page.getByTestId('moderation-case').filter({ hasText: postText }).first().click();
        await page.getByTestId('moderation-snapshot').waitFor();
        await page.waitForLoadState('networkidle');
      });
      expect(violations).toEqual([]);
    });
  }
});
