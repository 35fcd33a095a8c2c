import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AuthModal } from '../../features/auth/components/auth-modal';
import { ComposeLauncher } from '../../features/posts/components/compose-launcher';
import { AuthProvider } from '../../lib/auth';
import type { User } from '../../lib/types';
import { mockFetch } from '../../test/fetch-mock';
import { createTestQueryClient } from '../../test/render';
import { BottomNav } from './bottom-nav';
import { LeftSidebar } from './left-sidebar';

function renderSidebar(path = '/') {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <ComposeLauncher>
            <LeftSidebar />
            <AuthModal />
          </ComposeLauncher>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** Signs in through the real session check: a stored token and GET /api/auth/me. */
async function renderAsMember(user: Partial<User>, path = '/') {
  localStorage.setItem('gundem_token', 'tok-123');
  const fetchState = mockFetch({
    'GET /api/auth/me': { body: { user } },
    'GET /api/notifications/unread-count': { body: { count: 0 } },
  });
  const view = renderSidebar(path);
  const card = await screen.findByTestId('user-card');
  return { ...view, card, ...fetchState };
}

function navLink(name: string) {
  return within(screen.getByRole('navigation', { name: 'Ana menü' })).getByRole('link', { name });
}

describe('LeftSidebar', () => {
  it('shows the brand linking home and the version', () => {
    renderSidebar();
    const brand = screen.getByRole('link', { name: 'gündem' });
    expect(brand.getAttribute('href')).toBe('/');
    expect(brand.textContent).toContain('gündem');
    expect(screen.getByText('v1.0.0')).toBeTruthy();
  });

  it('shows a guest the public entries and a login button, but no member entries or card', async () => {
    const { fetchMock } = mockFetch({});
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Anasayfa', 'Keşfet', 'Bildirimler', 'Mesajlar']);
    expect(within(nav).queryByRole('link', { name: 'Profil' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Ayarlar' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Yer işaretleri' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gönderi' })).toBeNull();
    expect(screen.queryByTestId('user-card')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Çıkış Yap' })).toBeNull();
    // No token: the session is not checked with the server.
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    const dialog = screen.getByRole('dialog', { name: 'Giriş Yap' });
    expect(within(dialog).getByLabelText('E-posta')).toBeTruthy();
  });

  it('carries links to terms, privacy, help and the server rules', () => {
    renderSidebar();
    const footer = screen.getByRole('navigation', { name: 'Alt bilgi' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/terms', '/privacy', '/help', '/kurallar']);
  });

  it('shows a member the member entries, the post button and the user card', async () => {
    const { card, calls } = await renderAsMember({
      _id: '1',
      username: 'ayse',
      displayName: 'ayşe yılmaz',
      bio: 'Kahve ve kitap.',
    });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-123');
    expect(navLink('Profil').getAttribute('href')).toBe('/profile');
    expect(navLink('Ayarlar').getAttribute('href')).toBe('/settings');
    expect(navLink('Yer işaretleri').getAttribute('href')).toBe('/bookmarks');
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
    expect(within(card).getByTestId('avatar').textContent).toBe('A');
    expect(within(card).getByText('ayşe yılmaz')).toBeTruthy();
    expect(within(card).getByText('@ayse')).toBeTruthy();
    expect(within(card).getByText('Kahve ve kitap.')).toBeTruthy();
  });

  it('opens the compose dialog from Gönderi (the phone’s floating button opens the same)', async () => {
    await renderAsMember({ _id: '1', username: 'ayse', displayName: 'ayşe yılmaz' });
    const button = screen.getByRole('button', { name: 'Gönderi' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Yeni gönderi' });
    expect(within(dialog).getByRole('textbox', { name: 'Gönderi metni' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('upper-cases the initial with Turkish rules', async () => {
    const { card } = await renderAsMember({ username: 'ismail', displayName: 'ismail' });
    expect(within(card).getByTestId('avatar').textContent).toBe('İ');
  });

  it('falls back to "User", "@user" and "U" when the profile has no names', async () => {
    const { card } = await renderAsMember({ _id: '2' });
    expect(within(card).getByTestId('avatar').textContent).toBe('U');
    expect(within(card).getByText('User')).toBeTruthy();
    expect(within(card).getByText('@user')).toBeTruthy();
  });

  it('cuts the bio at 60 characters and adds an ellipsis', async () => {
    const bio = `${'a'.repeat(58)}bcDEFGHIJKLMNOP`;
    const { card } = await renderAsMember({ username: 'ayse', displayName: 'Ayşe', bio });
    const shown = within(card).getByText(/^a+bc/);
    expect(shown.textContent).toBe(`${'a'.repeat(58)}bc…`);
    expect(card.textContent).not.toContain('DEF');
  });

  it('keeps a bio of exactly 60 characters whole', async () => {
    const bio = 'b'.repeat(60);
    const { card } = await renderAsMember({ username: 'ayse', displayName: 'Ayşe', bio });
    expect(within(card).getByText(bio).textContent).toBe(bio);
  });

  it('logs out after a confirmation: clears the token and shows the guest sidebar again', async () => {
    await renderAsMember({ username: 'ayse', displayName: 'Ayşe' });
    expect(localStorage.getItem('gundem_token')).toBe('tok-123');
    await userEvent.click(screen.getByRole('button', { name: 'Çıkış Yap' }));
    // The question's code comes on the first click (logout-button.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Çıkış yapılsın mı?' });
    expect(localStorage.getItem('gundem_token')).toBe('tok-123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Çıkış Yap' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.queryByTestId('user-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Profil' })).toBeNull();
  });

  it('keeps the session when the logout question is cancelled, and focus goes back to the button', async () => {
    const { card } = await renderAsMember({ username: 'ayse', displayName: 'Ayşe' });
    const logout = within(card).getByRole('button', { name: 'Çıkış Yap' });
    await userEvent.click(logout);
    // The question's code comes on the first click (logout-button.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Çıkış yapılsın mı?' });
    // The safe answer has the focus: Enter pressed by habit does not log out.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'İptal' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('gundem_token')).toBe('tok-123');
    expect(screen.getByTestId('user-card')).toBeTruthy();
    expect(document.activeElement).toBe(logout);
  });

  it('highlights home only on an exact match', () => {
    renderSidebar('/');
    expect(navLink('Anasayfa').getAttribute('aria-current')).toBe('page');
    expect(navLink('Keşfet').getAttribute('aria-current')).toBeNull();
  });

  it('highlights the other entries by path prefix, never home', () => {
    renderSidebar('/explore?q=kahve');
    expect(navLink('Keşfet').getAttribute('aria-current')).toBe('page');
    expect(navLink('Anasayfa').getAttribute('aria-current')).toBeNull();
  });

  it.each(['/profile/ayse', '/profile/Ayse', '/profile'])(
    "highlights Profil on the member's own profile (%s)",
    async (path) => {
      await renderAsMember({ username: 'ayse', displayName: 'Ayşe' }, path);
      await waitFor(() => expect(navLink('Profil').getAttribute('aria-current')).toBe('page'));
      expect(navLink('Profil').className).toContain('active');
      expect(navLink('Anasayfa').getAttribute('aria-current')).toBeNull();
      expect(navLink('Ayarlar').getAttribute('aria-current')).toBeNull();
    },
  );

  it("does not highlight Profil on another member's profile", async () => {
    await renderAsMember({ username: 'ayse', displayName: 'Ayşe' }, '/profile/mehmet');
    expect(navLink('Profil').getAttribute('aria-current')).toBeNull();
    expect(navLink('Profil').className).not.toContain('active');
  });

  it.each(['moderator', 'admin'] as const)('shows a %s the Yönetim entry to the back office', async (role) => {
    await renderAsMember({ username: 'ayse', displayName: 'Ayşe', role });
    expect(navLink('Yönetim').getAttribute('href')).toBe('/admin');
  });

  it('shows no Yönetim entry to a member or a guest', async () => {
    await renderAsMember({ username: 'ayse', displayName: 'Ayşe', role: 'user' });
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Anasayfa',
      'Keşfet',
      'Bildirimler',
      'Mesajlar',
      'Yer işaretleri',
      'Profil',
      'Ayarlar',
    ]);
  });
});

describe('BottomNav', () => {
  async function renderBottomNav(user: Partial<User>, path: string) {
    localStorage.setItem('gundem_token', 'tok-123');
    mockFetch({
      'GET /api/auth/me': { body: { user } },
      'GET /api/notifications/unread-count': { body: { count: 0 } },
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <BottomNav />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    return within(screen.getByRole('navigation', { name: 'Ana menü' }));
  }

  it("carries Yönetim for staff and highlights Profil only on the member's own profile", async () => {
    const nav = await renderBottomNav({ username: 'ece', role: 'moderator' }, '/profile/mehmet');
    const admin = await nav.findByRole('link', { name: 'Yönetim' });
    expect(admin.getAttribute('href')).toBe('/admin');
    expect(nav.getByRole('link', { name: 'Profil' }).getAttribute('aria-current')).toBeNull();
  });

  it('carries no Yönetim for a member; Profil is current on their own profile', async () => {
    const nav = await renderBottomNav({ username: 'ece', role: 'user' }, '/profile/ece');
    await waitFor(() =>
      expect(nav.getByRole('link', { name: 'Profil' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(nav.queryByRole('link', { name: 'Yönetim' })).toBeNull();
  });
});
