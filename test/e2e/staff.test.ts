import type { Page } from 'playwright-core';
import { DEMO, type E2E, handleDialogs, startE2E, withScreenshots } from './harness';

/** Journey 6: staff in the back office, and what members see of it. */
describe('staff journey', () => {
  let e2e: E2E;
  let admin: Page;
  const mert = { username: 'mert', displayName: 'Mert Demir', email: 'mert@ornek.com', password: 'gizli123' };
  const ece = { username: 'ece', displayName: 'Ece Şahin', email: 'ece@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    for (const account of [mert, ece]) expect((await e2e.api('/api/auth/register', { body: account })).status).toBe(201);
    await e2e.api('/api/posts', { body: { content: 'Silinecek gönderi: kurallara aykırı içerik' }, token: await e2e.token(ece) });
    ({ page: admin } = await e2e.newPage());
    await e2e.signIn(admin, DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const rowOf = (page: Page, username: string) => page.locator('tr, li, article').filter({ hasText: `@${username}` }).first();
  /**
   * Types into a back-office list's search box and waits for its answer, as a person reads it: the
   * table is no longer marked busy (aria-busy) and every row of its body matches.
   */
  const searchList = async (page: Page, label: string, text: string) => {
    await page.getByLabel(label).fill(text);
    await page.waitForFunction((query) => {
      const table = document.querySelector('main table');
      const rows = table instanceof HTMLTableElement ? [...(table.tBodies[0]?.rows ?? [])] : [];
      return table !== null && table.closest('[aria-busy="true"]') === null && rows.length > 0 && rows.every((row) => (row.textContent ?? '').toLocaleLowerCase('tr').includes(query));
    }, text.toLocaleLowerCase('tr'));
  };

  it('shows the moderator no settings entry, and the admin one', async () => {
    const { page } = await e2e.newPage();
    await withScreenshots('staff-moderator', [page, admin], async () => {
      await e2e.signIn(page, DEMO.moderator);
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: 'Yönetim menüsü' });
      await nav.getByRole('link', { name: /Kullanıcılar/ }).waitFor();
      expect(await nav.getByRole('link', { name: /Sistem Ayarları/ }).count()).toBe(0);
      await page.getByText('Moderatör').first().waitFor();
      await admin.goto('/admin');
      await admin.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: /Sistem Ayarları/ }).waitFor();
    });
  });

  it('shows the whole admin tab bar at 390 px: the first tab from the left edge, the current one scrolled into view', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('staff-tabs-phone', [page], async () => {
      await e2e.signIn(page, DEMO.admin);
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: 'Yönetim menüsü' });
      const tabs = nav.getByRole('link');
      await tabs.first().waitFor();
      await page.screenshot({ path: 'test-results/e2e/staff-tabs-390.png' });
      const first = (await tabs.first().boundingBox())!;
      expect(first.x).toBeGreaterThanOrEqual(0);
      expect(await tabs.first().isVisible()).toBe(true);
      expect(await tabs.first().textContent()).toBe('Gösterge Paneli');
      // Every tab is reachable: the bar scrolls sideways, the page does not.
      const sizes = await nav.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
      expect(sizes.page).toBeLessThanOrEqual(390);
      if (sizes.scroll > sizes.client) expect(await nav.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');

      // Opened on a later tab, the bar shows it whole, and scrolls back to the first one.
      await page.goto('/admin/posts');
      await page.waitForFunction(() => {
        const active = document.querySelector('nav[aria-label="Yönetim menüsü"] [aria-current="page"]');
        const box = active?.getBoundingClientRect();
        return !!box && active?.textContent === 'Gönderiler' && box.left >= 0 && box.right <= window.innerWidth;
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await nav.evaluate((el) => el.scrollTo({ left: 0 }));
      expect((await tabs.first().boundingBox())!.x).toBeGreaterThanOrEqual(0);

      // The last tab, once current, is scrolled into view.
      await nav.getByRole('link', { name: 'Sistem Ayarları' }).click();
      await page.waitForURL('**/admin/settings');
      await page.waitForFunction(() => {
        const active = document.querySelector('nav[aria-label="Yönetim menüsü"] [aria-current="page"]');
        const box = active?.getBoundingClientRect();
        return !!box && active?.textContent === 'Sistem Ayarları' && box.left >= 0 && box.right <= window.innerWidth;
      });
    });
  });

  it('deactivates a member, who is signed out on their next request', async () => {
    const { page: member } = await e2e.newPage();
    await withScreenshots('staff-deactivate', [admin, member], async () => {
      await e2e.signIn(member, mert);
      await member.locator('aside.left-sidebar').getByText('@mert').waitFor();

      // The outcome is the app's toast; the browser's own dialogs are never used.
      const browserDialogs = handleDialogs(admin);
      await admin.goto('/admin/users');
      await searchList(admin, 'Kullanıcı ara', 'mert');
      const row = rowOf(admin, 'mert');
      await row.getByRole('button', { name: 'Devre dışı bırak' }).click();
      await row.getByRole('button', { name: 'Aktifleştir' }).waitFor();
      await admin.getByText('Kullanıcı başarıyla güncellendi').waitFor();
      expect(browserDialogs).toEqual([]);

      await member.reload();
      await member.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).waitFor();
      // The server already sent the guests' page (the home-page cookie ended with the session);
      // the app then finds its token refused and forgets it.
      await member.waitForFunction(() => localStorage.getItem('gundem_token') === null);
    });
  });

  it('verifies a member and the badge appears on their profile', () =>
    withScreenshots('staff-verify', [admin], async () => {
      const browserDialogs = handleDialogs(admin);
      await admin.goto('/admin/users');
      await searchList(admin, 'Kullanıcı ara', 'ece');
      const row = rowOf(admin, 'ece');
      await row.getByRole('button', { name: 'Onay rozeti ver', exact: true }).click();
      await row.getByRole('button', { name: 'Onay rozetini kaldır' }).waitFor();
      await admin.getByText('Kullanıcı başarıyla güncellendi').waitFor();
      expect(browserDialogs).toEqual([]);
      await admin.goto('/profile/ece');
      await admin.getByRole('main').getByRole('img', { name: 'Onaylı hesap' }).first().waitFor();
    }));

  it('deletes a post after the confirm dialog and it is gone from the feed', () =>
    withScreenshots('staff-delete-post', [admin], async () => {
      const browserDialogs = handleDialogs(admin);
      await admin.goto('/admin/posts');
      await searchList(admin, 'Gönderi ara', 'Silinecek');
      const row = admin.locator('tr, li, article').filter({ hasText: 'Silinecek gönderi' }).first();
      await row.getByRole('button', { name: 'Sil' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Bu gönderiyi silmek istediğinizden emin misiniz?' });
      // The destructive answer is filled red: its background is the danger colour, not transparent.
      const sil = confirm.getByRole('button', { name: 'Sil' });
      expect(await sil.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(200, 30, 51)');
      await sil.click();
      await row.waitFor({ state: 'detached' });
      await admin.getByText('Gönderi silindi!').waitFor();
      expect(browserDialogs).toEqual([]);
      await admin.goto('/');
      await admin.getByRole('article').first().waitFor();
      expect(await admin.getByText('Silinecek gönderi').count()).toBe(0);
    }));

  it('changes maxTweetLength and closes registration, which the register form then reports', async () => {
    const { page: guest } = await e2e.newPage();
    await withScreenshots('staff-settings', [admin, guest], async () => {
      await admin.goto('/admin/settings');
      await admin.getByLabel('Maksimum gönderi uzunluğu').fill('50');
      await admin.getByRole('group', { name: 'Yeni kayıtlar' }).getByRole('radio', { name: 'Kapalı' }).check();
      await admin.getByRole('button', { name: 'Kaydet' }).click();
      await admin.getByText('Ayarlar başarıyla kaydedildi!').waitFor();
      await admin.getByText('Ayarlar başarıyla kaydedildi!').waitFor({ state: 'detached', timeout: 5_000 });

      // maxTweetLength bounds new posts on the server (the home compose keeps its 280 limit).
      await admin.goto('/');
      await admin.getByRole('textbox', { name: 'Gönderi metni' }).fill('Bu gönderi elli karakterden uzun olduğu için reddedilmeli, değil mi?');
      await admin.getByRole('button', { name: 'Gönder', exact: true }).click();
      await admin.getByText('Gönderi en fazla 50 karakter olabilir.').waitFor();

      await guest.goto('/');
      await guest.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
      const dialog = guest.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Kayıt Ol' }).click();
      await dialog.getByLabel('Ad Soyad').fill('Yeni Üye');
      await dialog.getByLabel('Kullanıcı adı').fill('yeni_uye');
      await dialog.getByLabel('E-posta').fill('yeni@ornek.com');
      await dialog.getByLabel('Şifre').fill('gizli123');
      await dialog.getByRole('button', { name: 'Kayıt Ol' }).click();
      await dialog.getByText('Yeni kayıtlar şu anda kapalı.').waitFor();
    });
  });
});
