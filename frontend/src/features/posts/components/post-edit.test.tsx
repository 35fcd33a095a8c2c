import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../lib/types';
import { showToast } from '../../../lib/toast';
import { createFakeSocket } from '../../../test/fake-socket';
import { makeMedia, makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { LivePosts } from './live-posts';
import { PostCard } from './post-card';
import { TimelineFeed } from './timeline-feed';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
beforeEach(() => vi.mocked(showToast).mockClear());

const ID = '11111111-1111-4111-8111-111111111111';
const mine = (overrides: Partial<Post> = {}) =>
  makePost({ _id: ID, author: { _id: member._id, username: member.username, displayName: member.displayName }, ...overrides });

function theCard(): HTMLElement {
  return screen.getAllByTestId('post-card').find((element) => element.getAttribute('data-post-id') === ID)!;
}

describe('editing a post (issue 27)', () => {
  it('Düzenle opens the compose box with the post, Kaydet sends the edit and the card shows it with düzenlendi', async () => {
    const picture = makeMedia({ id: 'm1', alt: null });
    const edited = mine({ content: 'yeni hâli', isEdited: true, editedAt: new Date().toISOString(), media: [{ ...picture, alt: 'Deniz' }], sensitive: true });
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ content: 'eski hâli', media: [picture], sensitive: false })]) },
        [`PATCH /api/posts/${ID}`]: { body: edited },
      },
    });
    await screen.findByText('eski hâli');
    expect(within(theCard()).queryByTestId('edited-mark')).toBeNull();
    await userEvent.click(within(theCard()).getByRole('button', { name: 'Daha fazla' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gönderiyi düzenle' });
    const box = within(dialog).getByRole('textbox', { name: 'Düzenlenen gönderi metni' });
    expect((box as HTMLTextAreaElement).value).toBe('eski hâli');
    await userEvent.clear(box);
    await userEvent.type(box, 'yeni hâli');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Hassas içerik' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Gönderi düzenlendi'));
    const sent = calls.find((call) => call.method === 'PATCH');
    expect(sent?.body).toEqual({ content: 'yeni hâli', media: [{ id: 'm1', alt: null }], sensitive: true });
    // The kept picture's alt text is sent with the edit, never saved on its own.
    expect(calls.filter((call) => call.method === 'PATCH' && call.url.includes('/api/media/'))).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(theCard()).findByText('yeni hâli')).toBeTruthy();
    expect(within(theCard()).getByTestId('edited-mark').textContent).toBe('düzenlendi');
  });

  it('shows the server’s Turkish refusal in the dialog and keeps the text', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ content: 'kısa' })]) },
        [`PATCH /api/posts/${ID}`]: { status: 400, body: { statusCode: 400, message: 'Gönderi en fazla 280 karakter olabilir.' } },
      },
    });
    await screen.findByText('kısa');
    await userEvent.click(within(theCard()).getByRole('button', { name: 'Daha fazla' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gönderiyi düzenle' });
    await userEvent.type(within(dialog).getByRole('textbox'), ' uzun');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('Gönderi en fazla 280 karakter olabilir.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('kısa uzun');
  });

  it('Düzenle is on one’s own posts only', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([makePost({ _id: ID, content: 'başkasının' })]) } },
    });
    await screen.findByText('başkasının');
    await userEvent.click(within(theCard()).getByRole('button', { name: 'Daha fazla' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).not.toContain('Düzenle');
  });

  it('düzenlendi opens Düzenleme geçmişi: every version newest first, the current and the original marked, older ones on request', async () => {
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: ID, content: 'üçüncü', isEdited: true, editedAt: at(1) })]) },
        [`GET /api/posts/${ID}/history`]: (_init, url) =>
          url.includes('cursor=')
            ? { body: { versions: [{ id: 'v1', content: 'ilk', media: [], sensitive: false, createdAt: at(30) }], nextCursor: null } }
            : {
                body: {
                  versions: [
                    { id: 'v3', content: 'üçüncü', media: [], sensitive: false, createdAt: at(1) },
                    { id: 'v2', content: '', media: [makeMedia({ id: 'm1', alt: 'Kedi' })], sensitive: false, createdAt: at(10) },
                  ],
                  nextCursor: 'c1',
                },
              },
      },
    });
    await screen.findByText('üçüncü');
    await userEvent.click(within(theCard()).getByTestId('edited-mark'));
    const dialog = await screen.findByRole('dialog', { name: 'Düzenleme geçmişi' });
    await within(dialog).findByText('Güncel hâli');
    const versions = () => within(dialog).getAllByTestId('edit-version');
    expect(versions()).toHaveLength(2);
    expect(within(versions()[1]).getByText('Metin yok')).toBeTruthy();
    expect(within(versions()[1]).getByRole('img', { name: 'Kedi' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Daha eski hâlleri göster' }));
    await waitFor(() => expect(versions()).toHaveLength(3));
    expect(within(versions()[2]).getByText('Özgün hâli')).toBeTruthy();
    expect(within(versions()[2]).getByText('ilk')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Daha eski hâlleri göster' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('/history')).length).toBe(2);
  });

  it('says so when the history cannot be read, and tries again', async () => {
    let fail = true;
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: ID, content: 'bir', isEdited: true, editedAt: new Date().toISOString() })]) },
        [`GET /api/posts/${ID}/history`]: () =>
          fail ? { status: 500, body: { message: 'x' } } : { body: { versions: [{ id: 'v', content: 'bir', media: [], sensitive: false, createdAt: new Date().toISOString() }], nextCursor: null } },
      },
    });
    await screen.findByText('bir');
    await userEvent.click(within(theCard()).getByTestId('edited-mark'));
    const dialog = await screen.findByRole('dialog', { name: 'Düzenleme geçmişi' });
    expect(await within(dialog).findByText('Düzenleme geçmişi yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tekrar dene' }));
    expect(await within(dialog).findByText('Güncel hâli')).toBeTruthy();
  });

  it('the post page says when it was last edited; a post never edited says nothing of it', async () => {
    const edited = makePost({ _id: ID, content: 'düzeltilmiş', isEdited: true, editedAt: '2026-11-28T10:05:00.000Z' });
    const { unmount } = renderWithProviders(<PostCard post={edited} variant="detail" />, { user: member });
    expect((await screen.findByTestId('edited-at')).textContent).toMatch(/^ · Son düzenleme: \d{1,2} Kasım 2026 \d{2}:\d{2}$/);
    unmount();
    renderWithProviders(<PostCard post={makePost({ _id: ID, content: 'ilk hâli' })} variant="detail" />, { user: member });
    await screen.findByText('ilk hâli');
    expect(screen.queryByTestId('edited-at')).toBeNull();
  });

  it('takes post:edited live, and keeps a newer edit over an older event', async () => {
    const fake = createFakeSocket();
    renderWithProviders(
      <>
        <LivePosts />
        <TimelineFeed />
      </>,
      { user: member, socket: fake.factory, fetch: { 'GET /api/posts/timeline': { body: page([makePost({ _id: ID, content: 'önce', likeCount: 4 })]) } } },
    );
    await screen.findByText('önce');
    const event = (content: string, editedAt: string) => ({ postId: ID, content, hashtags: [], links: [], mentions: [], media: [], sensitive: false, isEdited: true, editedAt });
    await fake.socket.serverEmit('post:edited', event('sonra', '2026-11-28T10:00:02.000Z'));
    expect(within(theCard()).getByText('sonra')).toBeTruthy();
    expect(within(theCard()).getByTestId('edited-mark')).toBeTruthy();
    expect(within(theCard()).getByTestId('like-count').textContent).toBe('4');
    await fake.socket.serverEmit('post:edited', event('eski olay', '2026-11-28T10:00:01.000Z'));
    expect(within(theCard()).getByText('sonra')).toBeTruthy();
  });
});
