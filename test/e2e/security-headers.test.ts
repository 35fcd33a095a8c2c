import type { Page } from 'playwright-core';
import { expectClean, watchedPage, type Watched } from './csp-watch';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * The Content-Security-Policy against the real built SPA in Chromium: every main screen, as guest
 * and as member, with zero violations and zero console errors, while the app still works (the
 * timeline renders, a post goes out, the live socket connects and delivers). Swagger UI keeps
 * working under its own policy.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('Content-Security-Policy in Chromium', () => {
  let e2e: E2E;
  let guest: Watched;
  let member: Watched;
  let postId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    guest = await watchedPage(e2e);
    member = await watchedPage(e2e);
    const token = await e2e.token(DEMO.ayse);
    postId = (await e2e.api<{ posts: { _id: string }[] }>('/api/posts/timeline', { token })).body.posts[0]._id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('serves the SPA under the strict policy', async () => {
    const res = await fetch(`${e2e.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('shows every main screen to a guest without a violation or a console error', () =>
    withScreenshots('csp-guest', [guest.page], async () => {
      const { page } = guest;
      await page.goto('/');
      await page.getByText('Günaydın gündem! Bugün neler konuşuyoruz?').waitFor();
      await heading(page, 'Anasayfa').waitFor();
      await expectClean(guest);

      // The login modal (a form, icons, focus handling).
      await page.getByRole('main').getByRole('button', { name: 'Giriş Yap' }).first().click();
      await page.getByRole('dialog', { name: 'Giriş Yap' }).waitFor();
      await page.keyboard.press('Escape');
      await expectClean(guest);

      const screens: [string, string][] = [
        ['/explore', 'Keşfet'],
        ['/explore?q=gündem', 'Keşfet'],
        ['/profile/ayse', 'Ayşe Yılmaz'],
        [`/post/${postId}`, 'Gönderi'],
        ['/notifications', 'Bildirimler'],
        ['/messages', 'Mesajlar'],
        ['/settings', 'Ayarlar'],
        ['/forgot-password', 'Şifremi unuttum'],
        ['/reset-password?token=abc&email=a%40b.c', 'Şifreyi sıfırla'],
      ];
      for (const [path, title] of screens) {
        const response = await page.goto(path);
        expect([path, response?.status()]).toEqual([path, 200]);
        await heading(page, title).waitFor();
        await expectClean(guest);
      }
      // The guest's live socket connected under connect-src 'self'.
      expect(guest.sockets.some((s) => s.connected)).toBe(true);
    }));

  it('answers a path of no page with 404 while the app renders its not-found page', () =>
    withScreenshots('csp-not-found', [guest.page], async () => {
      const response = await guest.page.goto('/boyle-bir-sayfa-yok');
      expect(response?.status()).toBe(404);
      await guest.page.getByText('Sayfa bulunamadı').waitFor();
      // Chromium reports the document's own 404 as a console error; nothing else may appear.
      await expectClean(guest, [/status of 404/]);
    }));

  it('lets a member use the app: timeline, a post sent, screens, and the live socket delivering to the guest', () =>
    withScreenshots('csp-member', [member.page, guest.page], async () => {
      const { page } = member;
      await e2e.signIn(page, DEMO.ayse);
      await heading(page, 'Anasayfa').waitFor();
      await page.getByRole('article').first().waitFor();
      await expectClean(member);

      await guest.page.goto('/');
      await guest.page.getByRole('article').first().waitFor();

      await page.getByRole('textbox', { name: 'Gönderi metni' }).fill('CSP altında gönderi #güvenlik');
      await page.getByRole('button', { name: 'Gönder', exact: true }).click();
      await page.getByRole('article').filter({ hasText: 'CSP altında gönderi' }).first().waitFor();
      await expectClean(member);

      // The post reached the guest's page over its socket: the new-posts pill.
      await guest.page.getByRole('button', { name: /1 yeni gönderi/ }).waitFor({ timeout: 10_000 });
      await expectClean(guest);

      for (const [path, title] of [
        ['/explore', 'Keşfet'],
        ['/notifications', 'Bildirimler'],
        ['/messages', 'Mesajlar'],
        ['/settings', 'Ayarlar'],
        ['/profile', 'Ayşe Yılmaz'],
      ] as const) {
        await page.goto(path);
        await heading(page, title).waitFor();
        await expectClean(member);
      }
      expect(member.sockets.some((s) => s.connected)).toBe(true);
    }));

  it('shows the back office to an admin without a violation', () =>
    withScreenshots('csp-admin', [member.page], async () => {
      const { page } = member;
      await e2e.signIn(page, DEMO.admin);
      for (const [path, title] of [
        ['/admin', 'Gösterge Paneli'],
        ['/admin/users', 'Kullanıcılar'],
        ['/admin/posts', 'Gönderiler'],
        ['/admin/settings', 'Sistem Ayarları'],
      ] as const) {
        await page.goto(path);
        await heading(page, title).waitFor();
        await expectClean(member);
      }
    }));

  it('keeps Swagger UI at /api/docs working under its own policy', () =>
    withScreenshots('csp-swagger', [guest.page], async () => {
      const { page } = guest;
      await page.goto('/api/docs');
      await page.getByText('gündem API').first().waitFor();
      // An operation rendered from openapi.json: the UI's scripts ran.
      await page.locator('.opblock').first().waitFor();
      await expectClean(guest);
    }));
});
