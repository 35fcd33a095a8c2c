import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATOR, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';

describe('admin trend review screen', () => {
  it('lists the trends with a hide button each; hiding moves the tag to the hidden list, and undo brings it back', async () => {
    let hidden: string[] = [];
    const all = [
      { hashtag: 'kumar', postCount: 1200, engagementScore: 10 },
      { hashtag: 'gündem', postCount: 3, engagementScore: 4 },
    ];
    const mock = await renderAdmin('/admin/trends', {
      user: MODERATOR,
      api: {
        'GET /api/trending/hashtags': () => ({ body: { trends: all.filter((t) => !hidden.includes(t.hashtag)) } }),
        'GET /api/admin/trends/hidden': () => ({
          body: { hashtags: hidden.map((hashtag) => ({ hashtag, hiddenAt: '2026-03-05T10:00:00.000Z', hiddenBy: { id: 'u-mod', username: 'moderator' } })) },
        }),
        'PUT /api/admin/trends/hidden/kumar': () => {
          hidden = ['kumar'];
          return { body: { message: 'Etiket gündemden gizlendi.', hashtag: 'kumar', hidden: true } };
        },
        'DELETE /api/admin/trends/hidden/kumar': () => {
          hidden = [];
          return { body: { message: 'Etiket yeniden gündemde gösterilebilir.', hashtag: 'kumar', hidden: false } };
        },
      },
    });
    const current = await screen.findByRole('list', { name: 'Gündemdeki etiketler' });
    expect(within(current).getAllByTestId('admin-trend').map((row) => row.textContent)).toEqual(['#kumar1.200 gönderiGizle', '#gündem3 gönderiGizle']);
    expect(await screen.findByText('Gizlenen etiket yok.')).toBeTruthy();

    await userEvent.click(within(current).getByRole('button', { name: '#kumar etiketini gündemden gizle' }));
    const hiddenList = await screen.findByRole('list', { name: 'Gizlenen etiketler' });
    expect(within(hiddenList).getByTestId('admin-hidden-trend').textContent).toContain('@moderator gizledi');
    await waitFor(() => expect(screen.getAllByTestId('admin-trend')).toHaveLength(1));

    await userEvent.click(within(hiddenList).getByRole('button', { name: '#kumar: gizlemeyi geri al' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-trend')).toHaveLength(2));
    expect(await screen.findByText('Gizlenen etiket yok.')).toBeTruthy();
    expect(mock.calls.filter((c) => c.url.includes('/api/admin/trends/hidden/kumar')).map((c) => c.method)).toEqual(['PUT', 'DELETE']);
  });

  it('shows the loading states, the empty trends, and an error with a retry', async () => {
    let answer!: (reply: MockReply) => void;
    let fail = true;
    await renderAdmin('/admin/trends', {
      api: {
        'GET /api/trending/hashtags': () => new Promise<MockReply>((resolve) => (answer = resolve)),
        'GET /api/admin/trends/hidden': () => (fail ? { status: 500, body: { message: 'Sunucu hatası' } } : { body: { hashtags: [] } }),
      },
    });
    expect(await screen.findByRole('status', { name: 'Gündem yükleniyor…' })).toBeTruthy();
    answer({ body: { trends: [] } });
    expect(await screen.findByText('Şu anda gündemde etiket yok.')).toBeTruthy();
    expect(await screen.findByText('Gizlenen etiketler yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar dene/ }));
    expect(await screen.findByText('Gizlenen etiket yok.')).toBeTruthy();
  });
});
