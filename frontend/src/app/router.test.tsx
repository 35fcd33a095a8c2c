import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../lib/types';
import { mockFetch } from '../test/fetch-mock';
import { AppProviders } from './providers';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function renderAs(user: User, path: string) {
  localStorage.setItem('gundem_token', 'tok');
  mockFetch({ 'GET /api/auth/me': { body: { user } } });
  const router = renderApp(path);
  await screen.findByTestId('user-card');
  return router;
}

function main() {
  return screen.getByRole('main');
}

describe('routes', () => {
  it.each([
    ['/', 'Anasayfa', 'Gönderi akışı yakında burada olacak.'],
    ['/explore', 'Keşfet', 'Arama, gündemdeki konular ve öneriler yakında burada olacak.'],
    ['/profile/ayse', '@ayse', 'Profil bilgileri ve gönderiler yakında burada olacak.'],
    ['/post/42', 'Gönderi', 'Gönderi ayrıntısı ve yanıtlar yakında burada olacak.'],
    ['/terms', 'Kullanım Koşulları', 'Kullanım koşulları yakında burada yayınlanacak.'],
    ['/privacy', 'Gizlilik Politikası', 'Gizlilik politikası yakında burada yayınlanacak.'],
    ['/help', 'Yardım', 'Yardım merkezi yakında burada olacak.'],
    ['/forgot-password', 'Şifremi unuttum', 'Sıfırlama bağlantısı gönder'],
    ['/reset-password', 'Şifreyi sıfırla', 'Geçersiz şifre sıfırlama bağlantısı.'],
  ])('%s shows its screen', (path, title, text) => {
    renderApp(path);
    expect(within(main()).getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(within(main()).getByText(text)).toBeTruthy();
  });

  it('shows a Turkish not-found page with a link home for unknown paths', () => {
    renderApp('/bu/sayfa/yok');
    expect(within(main()).getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Anasayfaya dön' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it.each(['/notifications', '/messages', '/settings', '/profile'])(
    '%s asks a guest to log in',
    async (path) => {
      renderApp(path);
      expect(within(main()).getByText('Bu sayfayı görmek için giriş yapmalısınız.')).toBeTruthy();
      await userEvent.click(within(main()).getByRole('button', { name: 'Giriş Yap' }));
      expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    },
  );

  it.each([
    [
      '/notifications',
      'Beğeniler, yanıtlar, bahsetmeler ve yeni takipçiler yakında burada olacak.',
    ],
    ['/messages', 'Özel mesajlaşmaların yakında burada olacak.'],
    ['/settings', 'Hesap, bildirim, gizlilik ve görünüm ayarları yakında burada olacak.'],
  ])('%s shows its placeholder to a member', async (path, text) => {
    await renderAs({ username: 'ayse', displayName: 'Ayşe' }, path);
    expect(within(main()).getByText(text)).toBeTruthy();
    expect(within(main()).queryByText('Bu sayfayı görmek için giriş yapmalısınız.')).toBeNull();
  });

  it("/profile shows the member's own profile", async () => {
    await renderAs({ username: 'ayse', displayName: 'Ayşe Yılmaz' }, '/profile');
    expect(within(main()).getByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeTruthy();
    expect(within(main()).getByText('@ayse')).toBeTruthy();
  });
});

describe('session start', () => {
  it('shows a loading state, not the guest interface, while the token is checked', () => {
    localStorage.setItem('gundem_token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Oturum doğrulanıyor…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
  });

  it('removes a token the server rejects and stays logged out', async () => {
    localStorage.setItem('gundem_token', 'expired');
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Oturum süresi doldu' } } });
    renderApp('/');
    expect((await screen.findAllByRole('button', { name: 'Giriş Yap' })).length).toBeGreaterThan(0);
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.queryByTestId('user-card')).toBeNull();
  });

  it('removes the token on a network error too', async () => {
    localStorage.setItem('gundem_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { networkError: true } });
    renderApp('/');
    await screen.findAllByRole('button', { name: 'Giriş Yap' });
    expect(localStorage.getItem('gundem_token')).toBeNull();
  });
});

describe('admin area', () => {
  it('denies a guest with a login prompt', async () => {
    renderApp('/admin');
    expect(
      screen.getByRole('heading', { name: 'Yönetim paneline erişim için giriş yapın' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('denies a member who is not staff', async () => {
    localStorage.setItem('gundem_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { body: { user: { username: 'ayse', role: 'user' } } } });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Erişim reddedildi' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Yönetim menüsü' })).toBeNull();
  });

  async function renderStaff(role: 'admin' | 'moderator', path: string) {
    localStorage.setItem('gundem_token', 'tok');
    mockFetch({
      'GET /api/auth/me': {
        body: { user: { username: 'yonetici', displayName: 'Yönetici', role } },
      },
    });
    renderApp(path);
    return screen.findByRole('navigation', { name: 'Yönetim menüsü' });
  }

  it('shows an admin the panel with the settings entry', async () => {
    const nav = await renderStaff('admin', '/admin');
    expect(within(nav).getByRole('link', { name: 'Sistem Ayarları' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
    expect(screen.getByText('Yönetici', { selector: '.role-badge' })).toBeTruthy();
  });

  it('hides the settings entry from a moderator and shows the dashboard instead', async () => {
    const nav = await renderStaff('moderator', '/admin/settings');
    expect(within(nav).queryByRole('link', { name: 'Sistem Ayarları' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
    expect(screen.getByText('Moderatör', { selector: '.role-badge' })).toBeTruthy();
  });

  it.each([
    ['/admin/users', 'Kullanıcılar'],
    ['/admin/posts', 'Gönderiler'],
    ['/admin/settings', 'Sistem Ayarları'],
    ['/admin/bilinmeyen/yol', 'Gösterge Paneli'],
  ])('%s shows %s', async (path, title) => {
    await renderStaff('admin', path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });
});
