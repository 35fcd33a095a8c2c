import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, renderWithProviders } from '../../test/render';
import { FollowRequestsView } from './follow-requests-view';

const request = (n: number) => ({
  user: { _id: `u-${n}`, id: `u-${n}`, username: `kisi${n}`, displayName: `Kişi ${n}`, isVerified: false, profileImage: null, bio: '' },
  requestedAt: '2026-11-27T10:00:00.000Z',
});

describe('FollowRequestsView (Takip istekleri, issue 26)', () => {
  it('lists the pending requests, loads more, approves one and declines another', async () => {
    let pending = [request(1), request(2)];
    const { calls } = renderWithProviders(<FollowRequestsView />, {
      user: { ...member, protected: true },
      fetch: {
        'GET /api/users/me/follow-requests': (_init, url) =>
          new URL(url, 'http://x').searchParams.get('cursor') === 'c1'
            ? { body: { requests: [request(3)], nextCursor: null, count: 3 } }
            : { body: { requests: pending, nextCursor: 'c1', count: pending.length + 1 } },
        'POST /api/users/me/follow-requests/u-1/approve': () => {
          pending = [request(2)];
          return { body: { approved: true, count: 2 } };
        },
        'POST /api/users/me/follow-requests/u-2/decline': () => ({ status: 404, body: { message: 'Takip isteği bulunamadı.', statusCode: 404 } }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Bekleyen takip istekleri' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Kişi 1 adlı kişinin takip isteğini onayla' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/u-1/approve'))).toBe(true));
    // A refusal is said under the row, in the server's words.
    await userEvent.click(screen.getByRole('button', { name: 'Kişi 2 adlı kişinin takip isteğini reddet' }));
    expect(await screen.findByText('Takip isteği bulunamadı.')).toBeTruthy();
  });

  it('says when nothing is pending, and offers a retry when the list cannot be read', async () => {
    renderWithProviders(<FollowRequestsView />, {
      user: member,
      fetch: { 'GET /api/users/me/follow-requests': { body: { requests: [], nextCursor: null, count: 0 } } },
    });
    expect(await screen.findByText('Bekleyen takip isteği yok')).toBeTruthy();
  });

  it('shows the load error with Tekrar dene', async () => {
    let fail = true;
    renderWithProviders(<FollowRequestsView />, {
      user: member,
      fetch: {
        'GET /api/users/me/follow-requests': () => (fail ? { status: 500, body: { message: 'Sunucu hatası', statusCode: 500 } } : { body: { requests: [request(1)], nextCursor: null, count: 1 } }),
      },
    });
    expect(await screen.findByText('Takip istekleri yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('list', { name: 'Bekleyen takip istekleri' })).toBeTruthy();
  });
});
