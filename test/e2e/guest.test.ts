import type { Page } from 'playwright-core';
import { type E2E, startE2E, waitForHydration, withScreenshots } from './harness';

/** Journey 1: a guest reads everything and every interaction asks them to log in. */
describe('guest journey', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const loginDialog = () => page.getByRole('dialog', { name: 'Giriş Yap' });
  async function expectLoginModal(action: () => Promise<void>) {
    await action();
    await loginDialog().waitFor();
    await page.keyboard.press('Escape');
    await loginDialog().waitFor({ state: 'detached' });
  }

  it('loads the home feed with the demo posts', () =>
    withScreenshots('guest-home', [page], async () => {
      await page.goto('/');
      await expect(page.title()).resolves.toBe('Gündemimi Takip Et! Gündem Oluştur');
      await page.getByText('Günaydın gündem! Bugün neler konuşuyoruz?').waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThan(5);
      await page.getByText('Gündeme siz de katılın').waitFor();
    }));

  it('opens the login modal for compose, like, repost, reply and follow', () =>
    withScreenshots('guest-interactions', [page], async () => {
      await page.goto('/');
      await waitForHydration(page);
      const first = page.getByRole('article').first();
      await first.waitFor();
      await expectLoginModal(() => page.getByRole('main').getByRole('button', { name: 'Giriş Yap' }).first().click());
      await expectLoginModal(() => first.getByRole('button', { name: /Beğen/ }).click());
      await expectLoginModal(() => first.getByRole('button', { name: /Yeniden paylaş/ }).click());
      await expectLoginModal(() => first.getByRole('button', { name: /Yanıtla/ }).click());
      const follow = page.getByRole('complementary').getByRole('button', { name: /Takip et/ }).first();
      await expectLoginModal(() => follow.click());
    }));

  it.each([
    ['/notifications', 'Bildirimler'],
    ['/messages', 'Mesajlar'],
    ['/settings', 'Ayarlar'],
  ])('shows the login-required placeholder on %s', (path) =>
    withScreenshots(`guest-placeholder-${path}`, [page], async () => {
      await page.goto(path);
      await page.getByText('Bu sayfayı görmek için giriş yapmalısınız.').waitFor();
      await expectLoginModal(() => page.getByRole('main').getByRole('button', { name: 'Giriş Yap' }).click());
    }));
});
