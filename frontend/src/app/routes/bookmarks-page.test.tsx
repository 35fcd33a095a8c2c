import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockReply } from '../../test/fetch-mock';
import { makePost, page } from '../../test/fixtures';
import { deferred, member, renderWithProviders } from '../../test/render';
import { BookmarksPage } from './bookmarks-page';

function renderBookmarks(fetch = {}, user: typeof member | null = member) {
  return renderWithProviders(<BookmarksPage />, { path: '/bookmarks', route: '/bookmarks', fetch, user: user ?? undefined });
}

describe('BookmarksPage (issue 27)', () => {
  it('titles the page Yer işaretleri, says it is private and lists the bookmarks a page at a time, with the bearer', async () => {
    const { calls } = renderBookmarks({
      'GET /api/bookmarks': (_init: unknown, url: string) => ({
        body: url.includes('cursor=c1') ? page([makePost({ _id: 'b', content: 'Daha önce eklenen' })], null) : page([makePost({ _id: 'a', content: 'Son eklenen' })], 'c1'),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yer işaretleri' })).toBeTruthy();
    expect(document.title).toBe('Yer işaretleri / gündem');
    expect(screen.getByText('Yalnızca siz görebilirsiniz.')).toBeTruthy();
    expect(await screen.findByText('Son eklenen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla yükle' }));
    expect(await screen.findByText('Daha önce eklenen')).toBeTruthy();
    const lists = calls.filter((call) => call.url.startsWith('/api/bookmarks'));
    expect(lists.map((call) => call.url)).toEqual(['/api/bookmarks', '/api/bookmarks?cursor=c1']);
    expect(lists[0].headers.Authorization).toBe('Bearer tok-test');
  });

  it('shows a spinner while loading, then the empty state that says how to add one', async () => {
    const held = deferred<MockReply>();
    renderBookmarks({ 'GET /api/bookmarks': () => held.promise });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    await act(async () => held.resolve({ body: page([]) }));
    expect(await screen.findByRole('heading', { name: 'Henüz yer işaretiniz yok' })).toBeTruthy();
    expect(screen.getByText(/“Yer işaretlerine ekle”/)).toBeTruthy();
  });

  it('shows an error banner when the call fails, and a retry fetches again', async () => {
    let fail = true;
    renderBookmarks({
      'GET /api/bookmarks': () => (fail ? { status: 500, body: { message: 'Hata' } } : { body: page([makePost({ content: 'Geri geldi' })]) }),
    });
    expect(await screen.findByText('Yer işaretleri yüklenemedi', undefined, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar dene/ }));
    expect(await screen.findByText('Geri geldi')).toBeTruthy();
  });

  it('asks a guest to log in and asks the server for nothing', async () => {
    const { calls } = renderBookmarks({}, null);
    expect(await screen.findByRole('heading', { name: 'Giriş yapmanız gerekiyor' })).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/bookmarks'))).toEqual([]);
  });
});
