import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { User } from '../lib/types';
import { mockFetch, type MockRoutes } from '../test/fetch-mock';
import { makePost, makeUser } from '../test/fixtures';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** Waits until the route's lazily loaded screen has replaced its loading placeholder. */
async function screenLoaded() {
  // Its first import is transformed on the spot: slow on a busy machine.
  await waitFor(() => expect(document.querySelector('.route-loading')).toBeNull());
}

/** The router's current path, for the tests of redirects. */
function Pathname() {
  return <output data-testid="pathname">{useLocation().pathname}</output>;
}

async function renderApp(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Pathname />
      </MemoryRouter>
    </AppProviders>,
  );
  await screenLoaded();
}

async function renderAs(user: Partial<User>, path: string, routes: MockRoutes = {}) {
  localStorage.setItem('gundem_token', 'tok');
  mockFetch({ 'GET /api/auth/me': { body: { user } }, ...routes });
  await renderApp(path);
  await screen.findByTestId('user-card');
  await screenLoaded();
}

function main() {
  return screen.getByRole('main');
}

describe('routes', () => {
  it('/ shows the home feed (a guest\'s: the global ranking)', async () => {
    mockFetch({
      'GET /api/posts/timeline/ranked': {
        body: { posts: [makePost({ content: 'Anasayfadan merhaba' })], nextCursor: null },
      },
    });
    await renderApp('/');
    expect(within(main()).getByRole('heading', { level: 1, name: 'Anasayfa' })).toBeTruthy();
    expect(await within(main()).findByText('Anasayfadan merhaba')).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Neler oluyor?' })).toBeTruthy();
  });

  it('/explore shows the search and the tabs', async () => {
    mockFetch({});
    await renderApp('/explore');
    expect(within(main()).getByRole('heading', { level: 1, name: 'Keşfet' })).toBeTruthy();
    expect(within(main()).getByRole('searchbox', { name: 'Gönderilerde ara' })).toBeTruthy();
    expect(within(main()).getByRole('heading', { name: 'Gündemdeki konular' })).toBeTruthy();
    // Explore has its own search box: the sidebar's is not shown.
    expect(screen.getAllByRole('search')).toHaveLength(1);
  });

  it('/profile/ayse shows that profile and its posts', async () => {
    mockFetch({
      'GET /api/users/profile/ayse': { body: { user: makeUser({ username: 'ayse' }) } },
      'GET /api/posts/user/ayse': {
        body: { posts: [makePost({ content: 'Profildeki gönderi' })], nextCursor: null },
      },
    });
    await renderApp('/profile/ayse');
    expect(within(main()).getByRole('heading', { level: 1, name: '@ayse' })).toBeTruthy();
    expect(
      await within(main()).findByRole('heading', { level: 1, name: 'Zeynep Kaya' }),
    ).toBeTruthy();
    expect(await within(main()).findByText('Profildeki gönderi')).toBeTruthy();
  });

  it('/post/42 shows that post', async () => {
    mockFetch({
      'GET /api/posts/42': {
        body: { post: makePost({ _id: '42', content: 'Kırk iki' }), replies: [], nextCursor: null },
      },
    });
    await renderApp('/post/42');
    expect(within(main()).getByRole('heading', { level: 1, name: 'Gönderi' })).toBeTruthy();
    expect(await within(main()).findByText('Kırk iki')).toBeTruthy();
  });

  it.each([
    ['/terms', 'Kullanım Koşulları', 'Kullanım koşulları yakında burada yayınlanacak.'],
    ['/privacy', 'Gizlilik Politikası', 'Gizlilik politikası yakında burada yayınlanacak.'],
    ['/help', 'Yardım', 'Yardım merkezi yakında burada olacak.'],
    ['/forgot-password', 'Şifremi unuttum', 'Sıfırlama bağlantısı gönder'],
    ['/reset-password', 'Şifreyi sıfırla', 'Geçersiz şifre sıfırlama bağlantısı.'],
  ])('%s shows its screen', async (path, title, text) => {
    await renderApp(path);
    expect(within(main()).getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(within(main()).getByText(text)).toBeTruthy();
  });

  it('shows a Turkish not-found page with a link home for unknown paths', async () => {
    await renderApp('/bu/sayfa/yok');
    expect(within(main()).getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Anasayfaya dön' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it.each(['/notifications', '/messages', '/settings', '/profile'])(
    '%s asks a guest to log in',
    async (path) => {
      await renderApp(path);
      expect(within(main()).getByText('Bu sayfayı görmek için giriş yapmalısınız.')).toBeTruthy();
      await userEvent.click(within(main()).getByRole('button', { name: 'Giriş Yap' }));
      expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    },
  );

  it.each([
    ['/notifications', 'Tümünü okundu işaretle'],
    ['/messages', 'Henüz mesajınız yok'],
    ['/settings', 'Görünüm'],
  ])('%s shows its screen to a member', async (path, text) => {
    await renderAs({ username: 'ayse', displayName: 'Ayşe' }, path, {
      'GET /api/messages/conversations': { body: { conversations: [], nextCursor: null } },
    });
    expect(await within(main()).findByText(text)).toBeTruthy();
    expect(within(main()).queryByText('Bu sayfayı görmek için giriş yapmalısınız.')).toBeNull();
  });

  it("/profile shows the member's own profile", async () => {
    localStorage.setItem('gundem_token', 'tok');
    const self = makeUser({ _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz' });
    mockFetch({
      'GET /api/auth/me': { body: { user: self } },
      'GET /api/users/profile/ayse': { body: { user: self } },
      'GET /api/posts/user/ayse': { body: { posts: [], nextCursor: null } },
    });
    await renderApp('/profile');
    await screen.findByTestId('user-card');
  await screenLoaded();
    expect(within(main()).getByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeTruthy();
    expect(await within(main()).findByText('@ayse')).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Profili düzenle' })).toBeTruthy();
  });
});

describe('session start', () => {
  it('shows a loading state, not the guest interface, while the token is checked', async () => {
    localStorage.setItem('gundem_token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    await renderApp('/');
    expect(screen.getByRole('status', { name: 'Oturum doğrulanıyor…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
  });

  it('removes a token the server rejects and stays logged out', async () => {
    localStorage.setItem('gundem_token', 'expired');
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Oturum süresi doldu' } } });
    await renderApp('/');
    expect((await screen.findAllByRole('button', { name: 'Giriş Yap' })).length).toBeGreaterThan(0);
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.queryByTestId('user-card')).toBeNull();
  });

  it('keeps the token on a network error and says it is retrying (only a 401 ends a session)', async () => {
    localStorage.setItem('gundem_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { networkError: true } });
    await renderApp('/');
    expect(await screen.findByText('Bağlantı yok, yeniden deneniyor…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
    expect(localStorage.getItem('gundem_token')).toBe('tok');
  });
});

describe('admin area', () => {
  it('denies a guest with a login prompt', async () => {
    await renderApp('/admin');
    expect(
      screen.getByRole('heading', { name: 'Yönetim paneline erişim için giriş yapın' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('denies a member who is not staff', async () => {
    localStorage.setItem('gundem_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { body: { user: { username: 'ayse', role: 'user' } } } });
    await renderApp('/admin/users');
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
    await renderApp(path);
    const nav = await screen.findByRole('navigation', { name: 'Yönetim menüsü' });
    await screenLoaded();
    return nav;
  }

  it('shows an admin the panel with the settings entry', async () => {
    const nav = await renderStaff('admin', '/admin');
    expect(within(nav).getByRole('link', { name: 'Sistem Ayarları' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
    expect(screen.getByText('Yönetici', { selector: '.role-badge' })).toBeTruthy();
  });

  it('hides the settings entry from a moderator and redirects /admin/settings to the dashboard URL', async () => {
    const nav = await renderStaff('moderator', '/admin/settings');
    expect(within(nav).queryByRole('link', { name: 'Sistem Ayarları' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('pathname').textContent).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
    // The dashboard entry is current, as on /admin itself.
    expect(within(nav).getByRole('link', { name: 'Gösterge Paneli' }).getAttribute('aria-current')).toBe('page');
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
