import type { Page } from 'playwright-core';
import { type E2E, startE2E, waitForHydration, withScreenshots } from './harness';

/** Journeys 2 and 5: register, log in and out; forgot password through the mail outbox. */
describe('auth journeys', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const dialog = () => page.getByRole('dialog');

  it('registers with every validation error shown, then logs in and out', () =>
    withScreenshots('register-login-logout', [page], async () => {
      await page.goto('/');
      await waitForHydration(page);
      await page.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
      await dialog().getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.getByRole('dialog', { name: 'Hesap Oluştur' }).waitFor();

      const field = (label: string) => dialog().getByLabel(label, { exact: true });
      await dialog().getByRole('button', { name: 'Kayıt Ol' }).click();
      expect(await dialog().getByText('Bu alan zorunludur').count()).toBeGreaterThanOrEqual(4);

      await field('Ad Soyad').fill('Deniz Kaya');
      await field('Kullanıcı adı').fill('deniz.kaya');
      await field('E-posta').fill('deniz-at-ornek');
      await field('Şifre').fill('123');
      await dialog().getByRole('button', { name: 'Kayıt Ol' }).click();
      await dialog().getByText('Sadece harf, rakam ve alt çizgi kullanabilirsiniz').waitFor();
      await dialog().getByText('Geçerli bir e-posta adresi girin').waitFor();
      await dialog().getByText('Şifre en az 6 karakter olmalıdır.').waitFor();

      await field('Kullanıcı adı').fill('deniz_kaya');
      await field('E-posta').fill('deniz@ornek.com');
      await field('Şifre').fill('gizli123');
      await dialog().getByRole('button', { name: 'Kayıt Ol' }).click();
      // No e-mail verification is required (the default): signed in at once, on the home feed.
      await dialog().waitFor({ state: 'detached' });
      await page.getByText('Kayıt başarılı! Hoş geldiniz.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      const nav = page.locator('aside.left-sidebar');
      await nav.getByText('Deniz Kaya').waitFor();
      await nav.getByText('@deniz_kaya').waitFor();
      await page.getByRole('heading', { name: 'Anasayfa', level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBeTruthy();

      const logOut = async () => {
        await nav.getByRole('button', { name: 'Çıkış Yap' }).click();
        // Logout asks first; the dialog lives outside the sidebar.
        await page
          .getByRole('dialog', { name: 'Çıkış yapılsın mı?' })
          .getByRole('button', { name: 'Çıkış Yap' })
          .click();
        await nav.getByRole('button', { name: 'Giriş Yap' }).waitFor();
        expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBeNull();
      };
      await logOut();

      await nav.getByRole('button', { name: 'Giriş Yap' }).click();
      await dialog().getByLabel('E-posta').fill('deniz_kaya');
      await dialog().getByLabel('Şifre').fill('gizli123');
      await dialog().getByRole('button', { name: 'Giriş Yap' }).click();
      await dialog().waitFor({ state: 'detached' });
      await nav.getByText('Deniz Kaya').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBeTruthy();
      await logOut();
    }));

  it('resets a forgotten password through the link in the outbox', () =>
    withScreenshots('forgot-reset', [page], async () => {
      await page.goto('/forgot-password');
      await page.getByLabel('E-posta').fill('ayse@gundem.local');
      await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
      await page.getByText('Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.').waitFor();

      let mail = '';
      for (let i = 0; i < 50 && !mail; i++) {
        try {
          mail = e2e.mailTo('ayse@gundem.local', 'reset-password');
        } catch {
          await page.waitForTimeout(100);
        }
      }
      const link = /https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+&email=[^\s"<]+/.exec(mail)![0];
      const url = new URL(link);
      await page.goto(url.pathname + url.search);
      await page.getByLabel('Yeni şifre', { exact: true }).fill('yeni-sifre-7');
      await page.getByLabel('Yeni şifre (tekrar)').fill('baska-sifre');
      await page.getByRole('button', { name: 'Şifreyi sıfırla' }).click();
      await page.getByText('Şifreler eşleşmiyor.').waitFor();
      await page.getByLabel('Yeni şifre (tekrar)').fill('yeni-sifre-7');
      await page.getByRole('button', { name: 'Şifreyi sıfırla' }).click();
      await page.getByText('Şifreniz başarıyla sıfırlandı!').waitFor();
      await page.waitForURL((u) => u.pathname === '/' && !u.search, { timeout: 5_000 });

      expect((await e2e.api('/api/auth/login', { body: { login: 'ayse@gundem.local', password: 'gundem123' } })).status).toBe(401);
      await page.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
      await dialog().getByLabel('E-posta').fill('ayse@gundem.local');
      await dialog().getByLabel('Şifre').fill('yeni-sifre-7');
      await dialog().getByRole('button', { name: 'Giriş Yap' }).click();
      await page.locator('aside.left-sidebar').getByText('@ayse').waitFor();
    }));

  it('shows the invalid-link message when the reset link lacks its token', () =>
    withScreenshots('reset-invalid', [page], async () => {
      await page.goto('/reset-password?email=ayse%40gundem.local');
      await page.getByText('Geçersiz şifre sıfırlama bağlantısı.').waitFor();
    }));
});
