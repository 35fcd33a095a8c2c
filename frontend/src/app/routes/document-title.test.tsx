import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { AppProviders } from '../providers';
import { routes } from '../router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const empty = { body: { posts: [], nextCursor: null } };

describe('document title', () => {
  beforeEach(() => {
    document.title = 'önceki';
    mockFetch({
      'GET /api/posts/timeline': empty,
      'GET /api/posts/p1': { status: 404, body: { message: 'Gönderi bulunamadı' } },
      'GET /api/users/profile/ayse': { body: { user: makeUser({ username: 'ayse' }) } },
      'GET /api/posts/user/ayse': empty,
    });
  });

  it('keeps the product title on /', async () => {
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Gündemimi Takip Et! Gündem Oluştur'));
  });

  it.each([
    ['/explore', 'Keşfet / gündem'],
    ['/explore?q=kahve', 'Keşfet / gündem'],
    ['/notifications', 'Bildirimler / gündem'],
    ['/messages', 'Mesajlar / gündem'],
    ['/settings', 'Ayarlar / gündem'],
    ['/profile', 'Profil / gündem'],
    ['/profile/ayse', '@ayse / gündem'],
    ['/post/p1', 'Gönderi / gündem'],
    ['/forgot-password', 'Şifremi unuttum / gündem'],
    ['/reset-password', 'Şifreyi sıfırla / gündem'],
    ['/terms', 'Kullanım Koşulları / gündem'],
    ['/privacy', 'Gizlilik Politikası / gündem'],
    ['/help', 'Yardım / gündem'],
    ['/admin', 'Yönetim Paneli / gündem'],
    ['/bilinmeyen/yol', 'Sayfa bulunamadı / gündem'],
  ])('names %s "%s"', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows a navigation, back to the product title on /', async () => {
    const router = renderApp('/help');
    await waitFor(() => expect(document.title).toBe('Yardım / gündem'));
    await router.navigate('/explore');
    await waitFor(() => expect(document.title).toBe('Keşfet / gündem'));
    await router.navigate('/');
    await waitFor(() => expect(document.title).toBe('Gündemimi Takip Et! Gündem Oluştur'));
  });
});
