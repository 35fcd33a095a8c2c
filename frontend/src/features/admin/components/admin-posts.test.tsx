import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../lib/types';
import { answerLate, makePost, queriesOf, renderAdmin, type QueryRoutes } from '../../../test/admin';
import { makeMedia } from '../../../test/fixtures';
import type { MockReply, MockRoutes } from '../../../test/fetch-mock';
import { showToast } from '../../../lib/toast';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));
const toast = vi.mocked(showToast);

const LONG = 'ç'.repeat(140) + 'ğüşöıİ0123456789'; // 156 characters
const FIRST = makePost({
  _id: 'p1',
  content: 'Merhaba gündem! #ilk',
  likeCount: 1200,
  replyCount: 4,
});
const SECOND = makePost({
  _id: 'p2',
  content: LONG,
  user: { _id: 'u-mehmet', id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet Kaya', isVerified: false },
  author: { _id: 'u-mehmet', id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet Kaya', isVerified: false },
});

function postsReply(posts: Post[], pages = 1, page = 1): MockReply {
  return { body: { posts, pagination: { page, limit: 20, total: posts.length, pages } } };
}

async function renderPosts(
  api: MockRoutes = {},
  byQuery: QueryRoutes = { 'GET /api/admin/posts': () => postsReply([FIRST, SECOND]) },
) {
  toast.mockClear();
  // The browser's own dialogs are never used: the app's confirm dialog and toasts are.
  const browserAlert = vi.fn();
  const browserConfirm = vi.fn(() => true);
  vi.stubGlobal('alert', browserAlert);
  vi.stubGlobal('confirm', browserConfirm);
  const result = await renderAdmin('/admin/posts', { api, byQuery });
  await screen.findByText('Merhaba gündem! #ilk');
  return { ...result, alert: toast, browserAlert, browserConfirm };
}

/** Opens the delete question of the row with this text: the app's own dialog. */
async function askToDelete(text: string) {
  await userEvent.click(within(rowOf(text)).getByRole('button', { name: 'Sil' }));
  return within(
    await screen.findByRole('dialog', { name: 'Bu gönderiyi silmek istediğinizden emin misiniz?' }),
  );
}

function rowOf(text: string) {
  const row = within(screen.getByRole('main')).getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('AdminPosts', () => {
  it('lists 20 per page with previews cut at 150 characters, author, date and counts', async () => {
    const { calls } = await renderPosts();
    const [query] = queriesOf(calls, '/api/admin/posts');
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');

    const previews = screen.getAllByTestId('admin-post-preview').map((node) => node.textContent);
    expect(previews[0]).toBe('Merhaba gündem! #ilk');
    expect(previews[1]).toBe(`${Array.from(LONG).slice(0, 150).join('')}…`);
    expect(Array.from(previews[1] ?? '')).toHaveLength(151);

    const first = within(rowOf('Merhaba gündem! #ilk'));
    expect(first.getByText('Ayşe Yılmaz')).toBeTruthy();
    expect(first.getByText('@ayse')).toBeTruthy();
    expect(first.getByText('5 Mar 2026')).toBeTruthy();
    expect(first.getByText('1.200 beğeni')).toBeTruthy();
    expect(first.getByText('4 yanıt')).toBeTruthy();
    expect(within(rowOf(previews[1] ?? '')).getByText('@mehmet')).toBeTruthy();
  });

  it('links each post to /post/:id in a new tab', async () => {
    await renderPosts();
    const link = within(rowOf('Merhaba gündem! #ilk')).getByRole('link', { name: /Görüntüle/ });
    expect(link.getAttribute('href')).toBe('/post/p1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('sends the removal notice’s reason and rule with the delete; without them, no body', async () => {
    const { calls } = await renderPosts({
      'GET /api/rules': { body: { rules: [{ id: 'r-2', position: 1, text: 'Spam yapmayın.', hint: null }] } },
      'DELETE /api/admin/posts/p1': { body: { message: 'Gönderi silindi' } },
    });
    const dialog = await askToDelete('Merhaba gündem! #ilk');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Kaldırma gerekçesi (isteğe bağlı, yazara gösterilir)' }), '  Reklam.  ');
    const rule = dialog.getByRole('combobox', { name: 'İhlal edilen kural (isteğe bağlı, üyeye gösterilir)' });
    await within(rule).findByRole('option', { name: 'Kural 1: Spam yapmayın.' });
    await userEvent.selectOptions(rule, 'r-2');
    await userEvent.click(dialog.getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ reason: 'Reklam.', ruleId: 'r-2' }]));
  });

  it('deletes after confirmation in the app dialog (a filled red Sil), removes the row and toasts', async () => {
    const { calls, alert, browserAlert, browserConfirm } = await renderPosts({
      'DELETE /api/admin/posts/p1': { body: { message: 'Gönderi silindi' } },
    });
    const dialog = await askToDelete('Merhaba gündem! #ilk');
    // The safe answer has the focus; the destructive one is filled red.
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'İptal' }));
    const confirm = dialog.getByRole('button', { name: 'Sil' });
    expect(confirm.className).toContain('btn--danger');
    expect(confirm.className).toContain('btn--destructive');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Gönderi silindi!'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(browserAlert).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/admin/posts/p1',
    ]);
    expect(calls.find((call) => call.method === 'DELETE')?.body).toBeUndefined();
    expect(screen.queryByText('Merhaba gündem! #ilk')).toBeNull();
    expect(screen.getAllByTestId('admin-post-row')).toHaveLength(1);
  });

  it('never brings a deleted post back with a search answer that left before the delete', async () => {
    let deleted = false;
    const { fetchMock, calls } = await renderPosts(
      {
        'DELETE /api/admin/posts/p1': () => {
          deleted = true;
          return { body: { message: 'Gönderi silindi' } };
        },
      },
      { 'GET /api/admin/posts': () => postsReply(deleted ? [SECOND] : [FIRST, SECOND]) },
    );
    // The search's request reads the rows now; its answer arrives after the delete.
    const search = answerLate(fetchMock, 'search=');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Gönderi ara' }), 'ç');
    await waitFor(() => expect(queriesOf(calls, '/api/admin/posts').some((q) => q.get('search') === 'ç')).toBe(true));

    const dialog = await askToDelete('Merhaba gündem! #ilk');
    await userEvent.click(dialog.getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    search.deliver();
    await waitFor(() =>
      expect(queriesOf(calls, '/api/admin/posts').filter((q) => q.get('search') === 'ç').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(screen.getAllByTestId('admin-post-row')).toHaveLength(1));
    expect(screen.queryByText('Merhaba gündem! #ilk')).toBeNull();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { calls, alert } = await renderPosts({});
    const dialog = await askToDelete('Merhaba gündem! #ilk');
    await userEvent.click(dialog.getByRole('button', { name: 'İptal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText('Merhaba gündem! #ilk')).toBeTruthy();
  });

  it.each<[string, MockReply, string]>([
    [
      'a server error',
      { status: 404, body: { message: 'Gönderi bulunamadı' } },
      'Hata: Gönderi bulunamadı',
    ],
    ['a network failure', { networkError: true }, 'Hata: Bağlantı hatası'],
  ])('toasts %s as an error and keeps the row', async (_, reply, text) => {
    const { alert } = await renderPosts({ 'DELETE /api/admin/posts/p1': reply });
    const dialog = await askToDelete('Merhaba gündem! #ilk');
    await userEvent.click(dialog.getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text, 'error'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Merhaba gündem! #ilk')).toBeTruthy();
  });

  it('searches the posts and pages through them', async () => {
    const { calls } = await renderPosts(
      {},
      {
        'GET /api/admin/posts': (params) =>
          params.get('page') === '2' ? postsReply([SECOND], 2, 2) : postsReply([FIRST], 2),
      },
    );
    expect(screen.getByText('Sayfa 1 / 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    expect(await screen.findByText('Sayfa 2 / 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sonraki' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Gönderi ara' }), 'gündem');
    await waitFor(() =>
      expect(queriesOf(calls, '/api/admin/posts').at(-1)?.get('search')).toBe('gündem'),
    );
    expect(queriesOf(calls, '/api/admin/posts').at(-1)?.get('page')).toBe('1');
  });

  it('shows the empty state', async () => {
    await renderAdmin('/admin/posts', { api: { 'GET /api/admin/posts': postsReply([]) } });
    expect(await screen.findByRole('heading', { name: 'Gönderi bulunamadı' })).toBeTruthy();
  });

  it('shows the loading state, then a load error', async () => {
    await renderAdmin('/admin/posts', {
      api: { 'GET /api/admin/posts': { status: 500, body: { message: 'Veritabanı hatası' } } },
    });
    expect(screen.getByRole('status', { name: 'Gönderiler yükleniyor…' })).toBeTruthy();
    const alertBox = await screen.findByRole('alert');
    expect(alertBox.textContent).toContain('Gönderiler yüklenemedi');
    expect(alertBox.textContent).toContain('Veritabanı hatası');
  });

  describe('pictures and the sensitive mark', () => {
    const PICTURES = makePost({
      _id: 'p3',
      content: 'Tatil fotoğrafları',
      media: [
        makeMedia({ id: 'a', alt: 'Deniz kenarında gün batımı' }),
        makeMedia({ id: 'b' }),
        makeMedia({ id: 'c', alt: 'Kum' }),
        makeMedia({ id: 'd', alt: 'Martı' }),
        makeMedia({ id: 'e', alt: 'Beşinci' }),
      ],
      sensitive: false,
    });
    const MARKED = makePost({ _id: 'p4', content: 'Hassas görsel', media: [makeMedia({ id: 'f', alt: 'Kan' })], sensitive: true });
    const lists = { 'GET /api/admin/posts': () => postsReply([FIRST, PICTURES, MARKED]) };

    it('shows the first four pictures’ small variants, with their alt text, and how many more', async () => {
      await renderPosts({}, lists);
      const row = within(rowOf('Tatil fotoğrafları'));
      const list = row.getByRole('list', { name: '5 görsel' });
      const images = within(list).getAllByRole('img') as HTMLImageElement[];
      expect(images.map((img) => img.getAttribute('src'))).toEqual(['/media/a-small.webp', '/media/b-small.webp', '/media/c-small.webp', '/media/d-small.webp']);
      expect(images.map((img) => img.alt)).toEqual(['Deniz kenarında gün batımı', 'Görsel 2 (alt metin yok)', 'Kum', 'Martı']);
      expect(list.textContent).toContain('+1');
      // No pictures, no list; no mark, no badge.
      expect(within(rowOf('Merhaba gündem! #ilk')).queryByRole('list')).toBeNull();
      expect(row.queryByText('Hassas')).toBeNull();
      expect(within(rowOf('Hassas görsel')).getByText('Hassas')).toBeTruthy();
    });

    it('marks a post sensitive through PATCH /api/admin/posts/:id, then offers to clear it', async () => {
      const { calls, alert } = await renderPosts(
        {
          'PATCH /api/admin/posts/p3': {
            body: { message: 'Gönderi hassas olarak işaretlendi.', post: { ...PICTURES, sensitive: true } },
          },
        },
        lists,
      );
      const row = within(rowOf('Tatil fotoğrafları'));
      const button = row.getByRole('button', { name: 'Hassas olarak işaretle' });
      expect(button.getAttribute('aria-pressed')).toBe('false');
      await userEvent.click(button);
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Gönderi hassas olarak işaretlendi.'));
      const patches = calls.filter((call) => call.method === 'PATCH');
      expect(patches.map((call) => [call.url, call.body])).toEqual([['/api/admin/posts/p3', { sensitive: true }]]);
      expect(row.getByText('Hassas')).toBeTruthy();
      expect(row.getByRole('button', { name: 'Hassas işaretini kaldır' }).getAttribute('aria-pressed')).toBe('true');
    });

    it('clears the mark of a sensitive post', async () => {
      const { calls, alert } = await renderPosts(
        { 'PATCH /api/admin/posts/p4': { body: { message: 'Gönderinin hassas işareti kaldırıldı.', post: { ...MARKED, sensitive: false } } } },
        lists,
      );
      const row = within(rowOf('Hassas görsel'));
      await userEvent.click(row.getByRole('button', { name: 'Hassas işaretini kaldır' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Gönderinin hassas işareti kaldırıldı.'));
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ sensitive: false }]);
      expect(row.queryByText('Hassas')).toBeNull();
      expect(row.getByRole('button', { name: 'Hassas olarak işaretle' })).toBeTruthy();
    });

    it('keeps the mark as it was and toasts the server’s words when the change is refused', async () => {
      const { alert } = await renderPosts({ 'PATCH /api/admin/posts/p4': { status: 404, body: { message: 'Gönderi bulunamadı.' } } }, lists);
      const row = within(rowOf('Hassas görsel'));
      await userEvent.click(row.getByRole('button', { name: 'Hassas işaretini kaldır' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Hata: Gönderi bulunamadı.', 'error'));
      expect(row.getByText('Hassas')).toBeTruthy();
      expect(row.getByRole('button', { name: 'Hassas işaretini kaldır' })).toBeTruthy();
    });
  });
});
