import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ADMIN, MODERATOR, renderAdmin } from '../../test/admin';
import { mockFetch } from '../../test/fetch-mock';
import { AppProviders } from '../providers';
import { AppRoutes } from '../router';
import { AdminPage } from './admin-page';

const EMPTY_DASHBOARD = {
  body: {
    statistics: {
      users: { total: 0, verified: 0, active: 0, admins: 0 },
      posts: { total: 0, today: 0 },
      estimated: false,
    },
    recentUsers: [],
    recentPosts: [],
  },
};

/** Waits until the route's lazily loaded screen has replaced its loading placeholder. */
async function screenLoaded() {
  // Its first import is transformed on the spot: slow on a busy machine.
  await waitFor(() => expect(document.querySelector('.route-loading')).toBeNull());
}

async function renderApp(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  await screenLoaded();
}

function adminCalls(calls: { url: string }[]) {
  return calls.filter((call) => call.url.startsWith('/api/admin'));
}

describe('admin access', () => {
  it('asks a guest to log in, and the button opens the login dialog', async () => {
    const { calls } = mockFetch({});
    await renderApp('/admin/users');
    expect(
      screen.getByRole('heading', { name: 'Yönetim paneline erişim için giriş yapın' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Yönetim menüsü' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(adminCalls(calls)).toEqual([]);
  });

  it('denies a signed-in member who is not staff', async () => {
    localStorage.setItem('gundem_token', 'tok');
    const { calls } = mockFetch({
      'GET /api/auth/me': { body: { user: { _id: 'u1', username: 'ayse', role: 'user' } } },
    });
    await renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Erişim reddedildi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Anasayfaya dön' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Yönetim menüsü' })).toBeNull();
    expect(adminCalls(calls)).toEqual([]);
  });

  it('shows a spinner, not a denied screen, while the session is checked', () => {
    localStorage.setItem('gundem_token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    render(
      <AppProviders>
        <MemoryRouter>
          <AdminPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('status', { name: 'Oturum doğrulanıyor…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erişim reddedildi' })).toBeNull();
    expect(
      screen.queryByRole('heading', { name: 'Yönetim paneline erişim için giriş yapın' }),
    ).toBeNull();
  });

  it('shows an admin the header, every section and a way back to the site', async () => {
    await renderAdmin('/admin', {
      user: ADMIN,
      api: { 'GET /api/admin/dashboard': EMPTY_DASHBOARD },
    });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Yönetici Hanım')).toBeTruthy();
    expect(within(header).getByText('Yönetici', { selector: '.role-badge' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Yönetim menüsü' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Gösterge Paneli', '/admin'],
      ['Kullanıcılar', '/admin/users'],
      ['Gönderiler', '/admin/posts'],
      ['Moderasyon', '/admin/moderation'],
      ['Kayıt Başvuruları', '/admin/registrations'],
      ['Gündem', '/admin/trends'],
      ['İtirazlar', '/admin/appeals'],
      ['Sistem Ayarları', '/admin/settings'],
      ['Kurallar', '/admin/rules'],
      ['Denetim Kaydı', '/admin/audit'],
      ['Siteye dön', '/'],
    ]);
  });

  it('hides the settings entry from a moderator and never shows them the form', async () => {
    const { calls } = await renderAdmin('/admin/settings', {
      user: MODERATOR,
      api: { 'GET /api/admin/dashboard': EMPTY_DASHBOARD },
    });
    const nav = screen.getByRole('navigation', { name: 'Yönetim menüsü' });
    expect(within(nav).queryByRole('link', { name: 'Sistem Ayarları' })).toBeNull();
    expect(
      within(screen.getByRole('banner')).getByText('Moderatör', { selector: '.role-badge' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
    await screen.findByText('Henüz kullanıcı yok.');
    expect(screen.queryByRole('button', { name: 'Kaydet' })).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/admin/settings'))).toBe(false);
  });

  it('shows the dashboard for an unknown admin path', async () => {
    await renderAdmin('/admin/bilinmeyen', {
      api: { 'GET /api/admin/dashboard': EMPTY_DASHBOARD },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeTruthy();
  });
});
