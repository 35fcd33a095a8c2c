import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 26, kept with the account: a member switches to dark and large text on one device
 * (a browser context) and saves; another device shows both once the member signs in there, and
 * takes a later save live (`preferences:updated`), with no reload. `İptal` puts an unsaved choice
 * back. English chosen on one device is the app's language on another after sign-in, though that
 * browser is Turkish. The settings screen passes axe, wide and at 390 px, where the three-way
 * message choice saves.
 */
describe('preferences journey', () => {
  let e2e: E2E;
  const account = { username: 'tercihci', displayName: 'Tercih Eden', email: 'tercihci@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: account })).status).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const html = (page: Page) => page.locator('html');
  const radio = (page: Page, group: string, name: string) => page.getByRole('group', { name: group }).getByRole('radio', { name });
  /** Chooses by keyboard (the segmented control's label covers its radio for the pointer). */
  const choose = async (page: Page, group: string, name: string) => {
    await radio(page, group, name).focus();
    await page.keyboard.press('Space');
    expect(await radio(page, group, name).isChecked()).toBe(true);
  };
  const press = async (page: Page, name: string) => {
    await page.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
  };

  it('dark and large text saved on one device show on another after sign-in, and later saves arrive live', async () => {
    const { page: first } = await e2e.newPage();
    const { page: second } = await e2e.newPage();
    await withScreenshots('preferences', [first, second], async () => {
      await e2e.signIn(first, account);
      await first.goto('/settings');
      await first.getByRole('button', { name: 'Değişiklikleri kaydet' }).waitFor();
      // In the light theme: the dark theme's contrast across the app is checked where it is built.
      expect(describeViolations(await runAxe(first))).toEqual([]);
      await choose(first, 'Tema', 'Koyu');
      await choose(first, 'Yazı boyutu', 'Büyük');
      await first.getByText('Kaydedilmemiş değişiklikleriniz var.').waitFor();
      // Saved by keyboard.
      await press(first, 'Değişiklikleri kaydet');
      await first.getByText('Değişiklikler kaydedildi.').waitFor();
      expect(await html(first).getAttribute('data-theme')).toBe('dark');

      // The other device, a guest first: its own (default) display.
      await second.goto('/');
      expect(await html(second).getAttribute('data-theme')).toBeNull();
      await e2e.signIn(second, account);
      await second.waitForFunction(() => document.documentElement.dataset.theme === 'dark' && document.documentElement.dataset.fontSize === 'large');

      // A later save on the first device reaches the open second one without a reload.
      await first.goto('/settings');
      await choose(first, 'Tema', 'Açık');
      await press(first, 'Değişiklikleri kaydet');
      await first.getByText('Değişiklikler kaydedildi.').waitFor();
      await second.waitForFunction(() => document.documentElement.dataset.theme === 'light');

      // An unsaved choice is put back by İptal, on the page too.
      await first.reload();
      await radio(first, 'Tema', 'Açık').waitFor();
      await first.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      await choose(first, 'Tema', 'Koyu');
      expect(await html(first).getAttribute('data-theme')).toBe('dark');
      await press(first, 'İptal');
      expect(await html(first).getAttribute('data-theme')).toBe('light');
      expect(await radio(first, 'Tema', 'Açık').isChecked()).toBe(true);
      const saved = await e2e.api<{ display: { theme: string; fontSize: string } }>('/api/users/me/preferences', { token: await e2e.token(account) });
      // No language was chosen: none is stored, and each device keeps its browser's (issue 26).
      expect(saved.body.display).toEqual({ theme: 'light', fontSize: 'large' });
    });
  });

  it('English chosen on one device is the language on another after sign-in, though that browser is Turkish', async () => {
    const polyglot = { username: 'dilci', displayName: 'Dil Seçen', email: 'dilci@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: polyglot })).status).toBe(201);
    const { page: first } = await e2e.newPage();
    const { page: second } = await e2e.newPage();
    await withScreenshots('preferences-english', [first, second], async () => {
      await e2e.signIn(first, polyglot);
      await first.goto('/settings');
      await choose(first, 'Dil', 'English');
      await press(first, 'Değişiklikleri kaydet');
      // Saved, the page starts again in English.
      await first.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await html(first).getAttribute('lang')).toBe('en');

      // The other device's browser is Turkish: Turkish for a guest, English once signed in.
      await second.goto('/');
      expect(await html(second).getAttribute('lang')).toBe('tr');
      await e2e.signIn(second, polyglot);
      await second.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).waitFor();
      expect(await html(second).getAttribute('lang')).toBe('en');
      expect(describeViolations(await runAxe(second))).toEqual([]);
    });
  });

  it('the settings screen at 390 px: no violations, nothing wider than the screen, and a save', async () => {
    const token = await e2e.token(account);
    expect((await e2e.api('/api/users/me/preferences', { method: 'PUT', body: { display: { theme: 'light' } }, token })).status).toBe(200);
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('preferences-390', [narrow], async () => {
      await e2e.signIn(narrow, account);
      await narrow.goto('/settings');
      await narrow.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      await radio(narrow, 'Kimler size mesaj gönderebilir', 'Herkes').waitFor();
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await choose(narrow, 'Kimler size mesaj gönderebilir', 'Hiç kimse');
      await press(narrow, 'Değişiklikleri kaydet');
      await narrow.getByText('Değişiklikler kaydedildi.').waitFor();
      const saved = await e2e.api<{ privacy: { allowMessages: string } }>('/api/users/me/preferences', { token });
      expect(saved.body.privacy.allowMessages).toBe('nobody');
    });
  });
});
