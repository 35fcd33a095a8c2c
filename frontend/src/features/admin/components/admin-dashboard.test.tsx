import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, makeUser, MODERATOR, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';

const LONG = 'Gündem '.repeat(20); // 140 characters
const DASHBOARD = {
  statistics: {
    users: { total: 1234, verified: 56, active: 1100, admins: 2 },
    posts: { total: 98765, today: 42 },
    // Measured five minutes ago (the server walks the store now and then).
    media: { files: 24, bytes: 1_258_291, measuredAt: new Date(Date.now() - 5 * 60_000 - 5_000).toISOString() },
  },
  recentUsers: [
    makeUser({ _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz', isVerified: true }),
    makeUser({ _id: 'u-can', username: 'can', displayName: 'Can Demir' }),
  ],
  recentPosts: [
    makePost({ _id: 'p1', content: 'Kısa gönderi' }),
    makePost({ _id: 'p2', content: LONG }),
  ],
};

/** The line under each card that has one: [label, text]. */
function statNotes() {
  const list = screen.getByRole('list', { name: 'İstatistikler' });
  return within(list)
    .queryAllByTestId('admin-stat-note')
    .map((note) => [note.closest('li')?.querySelector('.admin-stat__label')?.textContent, note.textContent]);
}

function statValues() {
  const list = screen.getByRole('list', { name: 'İstatistikler' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [
      item.querySelector('.admin-stat__label')?.textContent,
      within(item).getByTestId('admin-stat-value').textContent,
    ]);
}

describe('AdminDashboard', () => {
  it('shows the statistics, recent users and recent posts cut at 100 characters', async () => {
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: DASHBOARD } } });
    expect(screen.getByRole('status', { name: 'Gösterge paneli yükleniyor…' })).toBeTruthy();
    await screen.findByText('Can Demir');
    expect(statValues()).toEqual([
      ['Toplam kullanıcı', '1.234'],
      ['Onay rozetli kullanıcı', '56'],
      ['Aktif kullanıcı', '1.100'],
      ['Yönetici', '2'],
      ['Toplam gönderi', '98.765'],
      ['Bugünkü gönderi', '42'],
      ['Depolanan görsel dosyası', '24'],
      ['Görsellerin kapladığı alan', '1,2 MB'],
    ]);
    expect(statNotes()).toEqual([
      ['Depolanan görsel dosyası', 'Son ölçüm: 5dk önce'],
      ['Görsellerin kapladığı alan', 'Son ölçüm: 5dk önce'],
    ]);
    expect(screen.getAllByText('Son ölçüm: 5dk önce')[0].closest('time')?.getAttribute('datetime')).toBe(DASHBOARD.statistics.media.measuredAt);
    const users = screen.getByRole('region', { name: 'Son kullanıcılar' });
    expect(within(users).getByText('Ayşe Yılmaz')).toBeTruthy();
    expect(within(users).getByText('@can')).toBeTruthy();

    const previews = screen.getAllByTestId('admin-post-preview').map((node) => node.textContent);
    expect(previews).toEqual(['Kısa gönderi', `${LONG.slice(0, 100)}…`]);
    const posts = screen.getByRole('region', { name: 'Son gönderiler' });
    expect(
      within(posts)
        .getAllByRole('link', { name: 'Gönderiyi yeni sekmede aç' })
        .map((link) => [link.getAttribute('href'), link.getAttribute('target')]),
    ).toEqual([
      ['/post/p1', '_blank'],
      ['/post/p2', '_blank'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each<[string, MockReply]>([
    ['a server error', { status: 500, body: { message: 'Sunucu hatası' } }],
    ['a forbidden answer', { status: 403, body: { message: 'Yetkiniz yok' } }],
    ['a network failure', { networkError: true }],
  ])('shows zeroed statistics on %s', async (_, reply) => {
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': reply } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(statValues()).toEqual([
      ['Toplam kullanıcı', '0'],
      ['Onay rozetli kullanıcı', '0'],
      ['Aktif kullanıcı', '0'],
      ['Yönetici', '0'],
      ['Toplam gönderi', '0'],
      ['Bugünkü gönderi', '0'],
      ['Depolanan görsel dosyası', '0'],
      ['Görsellerin kapladığı alan', '0 B'],
    ]);
    // The zeros of a failed call are no measurement: no age under them.
    expect(statNotes()).toEqual([]);
    expect(screen.getByText('Henüz kullanıcı yok.')).toBeTruthy();
    expect(screen.getByText('Henüz gönderi yok.')).toBeTruthy();
  });

  it('marks the totals the server estimated as approximate', async () => {
    const estimated = { ...DASHBOARD, statistics: { ...DASHBOARD.statistics, estimated: true } };
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: estimated } } });
    await screen.findByText('Can Demir');
    expect(statValues()).toEqual([
      ['Toplam kullanıcı', '~1.234'],
      ['Onay rozetli kullanıcı', '56'],
      ['Aktif kullanıcı', '~1.100'],
      ['Yönetici', '2'],
      ['Toplam gönderi', '~98.765'],
      ['Bugünkü gönderi', '42'],
      // The storage counts its files exactly: never approximate.
      ['Depolanan görsel dosyası', '24'],
      ['Görsellerin kapladığı alan', '1,2 MB'],
    ]);
  });

  it.each<[string, string | null, string]>([
    ['before the server measured the store', null, 'Henüz ölçülmedi'],
    ['measured under a minute ago', new Date(Date.now() - 20_000).toISOString(), 'Son ölçüm: az önce'],
    ['measured hours ago', new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(), 'Son ölçüm: 3sa önce'],
  ])('says how old the media figure is %s', async (_, measuredAt, note) => {
    const statistics = { ...DASHBOARD.statistics, media: { files: 0, bytes: 0, measuredAt } };
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: { ...DASHBOARD, statistics } } } });
    await screen.findByText('Can Demir');
    expect(statNotes()).toEqual([
      ['Depolanan görsel dosyası', note],
      ['Görsellerin kapladığı alan', note],
    ]);
  });

  it('shows zero media for a server that sends no statistics.media', async () => {
    const { media: _media, ...older } = DASHBOARD.statistics;
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: { ...DASHBOARD, statistics: older } } } });
    await screen.findByText('Can Demir');
    expect(statValues().slice(-2)).toEqual([
      ['Depolanan görsel dosyası', '0'],
      ['Görsellerin kapladığı alan', '0 B'],
    ]);
    expect(statNotes()).toEqual([]);
  });

  it('shows no age for a server that sends media without measuredAt', async () => {
    const statistics = { ...DASHBOARD.statistics, media: { files: 24, bytes: 1_258_291 } };
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: { ...DASHBOARD, statistics } } } });
    await screen.findByText('Can Demir');
    expect(statValues().slice(-2)).toEqual([
      ['Depolanan görsel dosyası', '24'],
      ['Görsellerin kapladığı alan', '1,2 MB'],
    ]);
    expect(statNotes()).toEqual([]);
  });

  it('retries after a failure', async () => {
    let fail = true;
    await renderAdmin('/admin', {
      api: {
        'GET /api/admin/dashboard': () => (fail ? { networkError: true } : { body: DASHBOARD }),
      },
    });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Can Demir')).toBeTruthy();
    expect(statValues()[0]).toEqual(['Toplam kullanıcı', '1.234']);
  });

  it('offers quick actions, the settings one only to an admin', async () => {
    await renderAdmin('/admin', { api: { 'GET /api/admin/dashboard': { body: DASHBOARD } } });
    const actions = await screen.findByRole('region', { name: 'Hızlı işlemler' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/users', '/admin/posts', '/admin/settings']);
  });

  it('leaves the settings action out for a moderator', async () => {
    await renderAdmin('/admin', {
      user: MODERATOR,
      api: { 'GET /api/admin/dashboard': { body: DASHBOARD } },
    });
    const actions = await screen.findByRole('region', { name: 'Hızlı işlemler' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/users', '/admin/posts']);
  });
});
