import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth';
import { SocketProvider } from '../../lib/realtime/hooks';
import { createFakeSocket } from '../../test/fake-socket';
import { mockFetch } from '../../test/fetch-mock';
import { createTestQueryClient, member } from '../../test/render';
import { routes } from '../router';

const PRODUCT_TITLE = 'Gündemimi Takip Et! Gündem Oluştur';

function renderApp(path: string, unread: number | null, unreadMessages = 0) {
  if (unread !== null) localStorage.setItem('gundem_token', 'tok-test');
  const fetchState = mockFetch({
    'GET /api/auth/me': { body: { user: member } },
    'GET /api/notifications/unread-count': { body: { count: unread ?? 0 } },
    'GET /api/messages/unread-count': { body: { count: unreadMessages } },
    'GET /api/posts/timeline/ranked': { body: { posts: [], nextCursor: null } },
    'GET /api/trending/hashtags': { body: { trends: [] } },
    'GET /api/trending/users': { body: { users: [] } },
  });
  const fake = createFakeSocket();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <SocketProvider createSocket={fake.factory}>
          <RouterProvider router={router} />
        </SocketProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { socket: fake.socket, router, ...fetchState };
}

const navs = () => screen.getAllByRole('navigation', { name: 'Ana menü' });
const bellLinks = () => navs().map((nav) => within(nav).getByRole('link', { name: /^Bildirimler/ }));

describe('the Bildirimler badge and the title count', () => {
  beforeEach(() => {
    document.title = 'önceki';
  });

  it('shows the unread count after a reload in the sidebar and the bottom bar, 9+ above nine, and (N) in the title', async () => {
    renderApp('/', 12);
    await waitFor(() => expect(document.title).toBe(`(12) ${PRODUCT_TITLE}`));
    // The title and the two badges follow the same count, from components that commit apart.
    await waitFor(() => expect(screen.getAllByTestId('nav-badge')).toHaveLength(2), { timeout: 5_000 });
    const links = bellLinks();
    // Sidebar and bottom bar.
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(within(link).getByTestId('nav-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('9+');
      expect(link.textContent).toContain('12 okunmamış bildirim');
    }
    // The accessible name carries the count.
    expect(screen.getAllByRole('link', { name: 'Bildirimler, 12 okunmamış bildirim' })).toHaveLength(2);
  });

  it('follows notification:new and notification:read live, and keeps the screen\'s name after the count', async () => {
    const { socket, router } = renderApp('/explore', 0);
    await waitFor(() => expect(document.title).toBe('Keşfet / gündem'));
    expect(screen.queryByTestId('nav-badge')).toBeNull();

    await socket.serverEmit('notification:new', {
      unreadCount: 3,
      notification: {
        id: 'g1',
        type: 'like',
        post: { _id: 'p1', id: 'p1', content: 'x', replyToId: null },
        actors: [{ _id: 'u2', id: 'u2', username: 'mehmet', displayName: 'Mehmet', isVerified: false, profileImage: null }],
        actorCount: 1,
        latestAt: new Date().toISOString(),
        read: false,
      },
    });
    expect(document.title).toBe('(3) Keşfet / gündem');
    expect(screen.getAllByTestId('nav-badge').map((badge) => badge.querySelector('[aria-hidden]')?.textContent)).toEqual(['3', '3']);

    await router.navigate('/');
    await waitFor(() => expect(document.title).toBe(`(3) ${PRODUCT_TITLE}`));

    await socket.serverEmit('notification:read', { unreadCount: 1000, all: false });
    expect(document.title).toBe(`(999+) ${PRODUCT_TITLE}`);
    await socket.serverEmit('notification:read', { unreadCount: 0, all: true });
    expect(document.title).toBe(PRODUCT_TITLE);
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });

  it('shows a guest no badge, no count and asks nothing', async () => {
    const { calls } = renderApp('/', null);
    await waitFor(() => expect(document.title).toBe(PRODUCT_TITLE));
    await screen.findAllByRole('navigation', { name: 'Ana menü' });
    expect(screen.queryByTestId('nav-badge')).toBeNull();
    expect(calls.some((call) => call.url.includes('/notifications'))).toBe(false);
  });
});

describe('the Mesajlar badge', () => {
  it('shows the unread messages after a reload in both navs, then follows message:new and message:read totals', async () => {
    const { socket } = renderApp('/explore', 0, 4);
    const mailLinks = () => navs().map((nav) => within(nav).getByRole('link', { name: /^Mesajlar/ }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Mesajlar, 4 okunmamış mesaj' })).toHaveLength(2));
    // The notifications count is not the messages count: the title keeps only notifications.
    expect(document.title).toBe('Keşfet / gündem');

    await socket.serverEmit('message:new', {
      message: { id: 'm1', text: 'Selam', timestamp: new Date().toISOString(), isOwn: false },
      conversation: { id: 'u2' },
      totalUnread: 12,
    });
    for (const link of mailLinks()) {
      expect(within(link).getByTestId('nav-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('9+');
    }
    await socket.serverEmit('message:read', { conversationId: 'u2', messageId: 'm1', readAt: new Date().toISOString(), byViewer: true, totalUnread: 0 });
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Mesajlar' })).toHaveLength(2));
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });

  it('is not shown to a guest, who asks nothing', async () => {
    const { calls } = renderApp('/explore', null, 5);
    await screen.findAllByRole('link', { name: 'Mesajlar' });
    expect(screen.queryByTestId('nav-badge')).toBeNull();
    expect(calls.some((call) => call.url.includes('/messages/unread-count'))).toBe(false);
  });
});
