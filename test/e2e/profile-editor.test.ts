import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 26's profile editor in Chromium: a member edits their profile on a phone-sized tab, their
 * other tab (another browser) shows it without a reload, and a guest sees it on the profile.
 */
describe('profile editor journey', () => {
  let e2e: E2E;
  let phone: Page;
  let desk: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: phone } = await e2e.newPage({ width: 390, height: 844 }));
    ({ page: desk } = await e2e.newPage());
    await e2e.signIn(phone, DEMO.ayse);
    await e2e.signIn(desk, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('edits the profile in one tab at 390 px (keyboard, axe), the other tab shows it live, a guest sees it', () =>
    withScreenshots('profile-editor', [phone, desk], async () => {
      // The other tab: on the own profile, its socket connected (the status region mounts on the
      // first connection) and its after-hydration chunk running (the `?` shortcut answers).
      await desk.goto('/profile');
      await desk.getByRole('heading', { level: 2, name: /Ayşe Yılmaz/ }).waitFor();
      await desk.getByTestId('socket-status').waitFor({ state: 'attached' });
      await desk.keyboard.press('?');
      await desk.getByRole('dialog', { name: 'Klavye kısayolları' }).waitFor();
      await desk.keyboard.press('Escape');

      await phone.goto('/profile');
      const open = phone.getByRole('button', { name: 'Profili düzenle' });
      await open.click();
      const dialog = phone.getByRole('dialog', { name: 'Profili düzenle' });
      await dialog.getByRole('textbox', { name: 'Görünen ad' }).waitFor();
      // The pickers of the avatar and the header are in it.
      await dialog.getByRole('button', { name: 'Fotoğraf seç' }).waitFor();
      await phone.waitForLoadState('networkidle');

      // Fits a 390 px screen, nothing scrolls sideways; axe finds nothing serious.
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(describeViolations(await runAxe(phone))).toEqual([]);

      // Focus starts on the name and Tab never leaves the dialog.
      expect(await phone.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('displayName');
      for (let i = 0; i < 14; i++) {
        await phone.keyboard.press('Tab');
        expect(await phone.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      }

      // A refused website shows its Turkish message under the field; nothing is saved.
      const website = dialog.getByRole('textbox', { name: 'Web sitesi' });
      await website.fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await dialog.getByText('Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.').waitFor();
      expect(describeViolations(await runAxe(phone))).toEqual([]);

      // Typed from the keyboard: the name, the bio, the place and a bare domain.
      const name = dialog.getByRole('textbox', { name: 'Görünen ad' });
      await name.fill('Ayşe Demir');
      await dialog.getByRole('textbox', { name: 'Biyografi' }).fill('Kahve, kitap ve canlı profiller.');
      await dialog.getByRole('textbox', { name: 'Konum' }).fill('Ankara');
      await website.fill('ornek.com.tr/ayse');
      await website.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      const link = phone.getByRole('link', { name: 'ornek.com.tr/ayse' });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('https://ornek.com.tr/ayse');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
      expect(await link.getAttribute('target')).toBe('_blank');
      await phone.getByRole('heading', { level: 2, name: /Ayşe Demir/ }).waitFor();

      // The other tab, without a reload: the profile and the sidebar's account.
      await desk.getByRole('heading', { level: 2, name: /Ayşe Demir/ }).waitFor({ timeout: 10_000 });
      const profile = desk.locator('section.profile');
      await profile.getByText('Kahve, kitap ve canlı profiller.').waitFor();
      await profile.getByText('Ankara').waitFor();
      await profile.getByRole('link', { name: 'ornek.com.tr/ayse' }).waitFor();
      // The sidebar's account card takes the new name and bio too.
      await desk.locator('aside.left-sidebar').getByText('Ayşe Demir').waitFor();
      await desk.locator('aside.left-sidebar').getByText('Kahve, kitap ve canlı profiller.').waitFor();

      // Everyone: a guest's profile of ayse.
      const { page: guest } = await e2e.newPage();
      await guest.goto('/profile/ayse');
      await guest.getByRole('heading', { level: 2, name: /Ayşe Demir/ }).waitFor();
      await guest.locator('section.profile').getByText('Kahve, kitap ve canlı profiller.').waitFor();
      await guest.locator('section.profile').getByRole('link', { name: 'ornek.com.tr/ayse' }).waitFor();
    }));
});
