import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeSocket } from '../../../test/fake-socket';
import { makePost, makeReply } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { LivePosts } from './live-posts';
import { PostDetail } from './post-detail';

const post = makePost({
  _id: 'p1',
  content: 'Ayrıntıdaki gönderi',
  replyCount: 1,
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
});
const reply = makePost({ _id: 'r1', content: 'İlk yanıt', replyToId: 'p1', isReply: true });

describe('PostDetail', () => {
  it('shows the post and its replies, with the other screens’ time units', async () => {
    const { calls } = renderWithProviders(<PostDetail postId="p1" />, {
      fetch: {
        'GET /api/posts/p1': { body: { post, replies: [reply], nextCursor: null } },
      },
    });
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    expect(await screen.findByText('Ayrıntıdaki gönderi')).toBeTruthy();
    const replies = screen.getByRole('region', { name: 'Yanıtlar' });
    expect(within(replies).getByText('İlk yanıt')).toBeTruthy();
    expect(screen.getAllByText('2sa').length).toBeGreaterThan(0);
    expect(calls[0].url).toBe('/api/posts/p1');
    // A guest is asked to log in rather than offered the reply box.
    expect(screen.queryByRole('textbox', { name: 'Yanıt metni' })).toBeNull();
    expect(screen.getByText('Yanıt yazmak için giriş yapın.')).toBeTruthy();
  });

  it('says "Gönderi bulunamadı" for an unknown post', async () => {
    renderWithProviders(<PostDetail postId="yok" />, {
      fetch: {
        'GET /api/posts/yok': {
          status: 404,
          body: { message: 'Gönderi bulunamadı', statusCode: 404 },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Gönderi bulunamadı' })).toBeTruthy();
  });

  it('shows an error state with a retry on other failures', async () => {
    renderWithProviders(<PostDetail postId="p1" />, {
      fetch: { 'GET /api/posts/p1': { networkError: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Gönderi yüklenemedi' })).toBeTruthy();
    expect(screen.getByText('Bağlantı hatası')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeTruthy();
  });

  it('lets a member reply: the reply joins the list and the count goes up', async () => {
    const created = makePost({
      _id: 'r2',
      content: 'Benim yanıtım',
      replyToId: 'p1',
      author: { _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz' },
    });
    const { calls } = renderWithProviders(<PostDetail postId="p1" />, {
      user: member,
      fetch: {
        'GET /api/posts/p1': { body: { post, replies: [reply], nextCursor: null } },
        'POST /api/posts': { status: 201, body: { post: created } },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Yanıt metni' });
    await userEvent.type(box, 'Benim yanıtım');
    const form = screen.getByRole('form', { name: 'Yanıt metni' });
    await userEvent.click(within(form).getByRole('button', { name: 'Yanıtla' }));
    const replies = screen.getByRole('region', { name: 'Yanıtlar' });
    await waitFor(() => expect(within(replies).getByText('Benim yanıtım')).toBeTruthy());
    const main = screen.getAllByTestId('post-card')[0];
    expect(main.getAttribute('data-post-id')).toBe('p1');
    expect(within(main).getByTestId('reply-count').textContent).toBe('2');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      content: 'Benim yanıtım',
      replyToId: 'p1',
    });
  });

  it('loads more replies with the cursor', async () => {
    const later = makePost({ _id: 'r9', content: 'Sonraki yanıt', replyToId: 'p1' });
    renderWithProviders(<PostDetail postId="p1" />, {
      fetch: {
        'GET /api/posts/p1': (_init, url) => ({
          body: url.includes('cursor=k1')
            ? { post, replies: [later], nextCursor: null }
            : { post, replies: [reply], nextCursor: 'k1' },
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Daha fazla yanıt' }));
    expect(await screen.findByText('Sonraki yanıt')).toBeTruthy();
    expect(screen.getByText('İlk yanıt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Daha fazla yanıt' })).toBeNull();
  });

  describe('live replies', () => {
    const uuid = '0b5e3a52-7d1c-4c47-9a51-0f3c1e8d2a10';
    const original = makePost({ _id: uuid, content: 'Canlı gönderi', replyCount: 1 });
    const first = makePost({ _id: 'r-first', content: 'İlk yanıt', replyToId: uuid, isReply: true });
    const fromB = makePost({
      _id: 'r-b',
      content: 'B’nin canlı yanıtı',
      replyToId: uuid,
      isReply: true,
      author: { _id: 'u-b', username: 'bkullanici', displayName: 'B Kullanıcı' },
    });

    function renderLive(nextCursor: string | null = null) {
      const fake = createFakeSocket();
      renderWithProviders(
        <>
          <LivePosts />
          <PostDetail postId={uuid} />
        </>,
        {
          user: member,
          socket: fake.factory,
          fetch: {
            [`GET /api/posts/${uuid}`]: { body: { post: original, replies: [first], nextCursor } },
            'POST /api/posts': { status: 201, body: { post: fromB } },
          },
        },
      );
      return fake.socket;
    }

    const replyTexts = () =>
      within(screen.getByRole('region', { name: 'Yanıtlar' }))
        .getAllByTestId('post-card')
        .map((card) => card.getAttribute('data-post-id'));

    it('watches the post while the page is open and appends another member’s reply once', async () => {
      const socket = renderLive();
      await screen.findByText('Canlı gönderi');
      await waitFor(() => expect(socket.watched().flat()).toContain(uuid));
      await socket.serverEmit('post:reply', { postId: uuid, reply: fromB });
      expect(replyTexts()).toEqual(['r-first', 'r-b']);
      // Twice (two nodes, a resent frame) or for another post: no change.
      await socket.serverEmit('post:reply', { postId: uuid, reply: fromB });
      await socket.serverEmit('post:reply', {
        postId: '11111111-1111-4111-8111-111111111111',
        reply: makePost({ _id: 'r-other', content: 'Başka gönderiye' }),
      });
      expect(replyTexts()).toEqual(['r-first', 'r-b']);
      expect(screen.queryByText('Başka gönderiye')).toBeNull();
    });

    it('drops a reply when post:deleted names it', async () => {
      const socket = renderLive();
      await screen.findByText('Canlı gönderi');
      await socket.serverEmit('post:reply', { postId: uuid, reply: fromB });
      expect(replyTexts()).toEqual(['r-first', 'r-b']);
      await socket.serverEmit('post:deleted', { postId: 'r-b' });
      expect(replyTexts()).toEqual(['r-first']);
    });

    it('does not put a live reply before replies not loaded yet: it comes with the last page', async () => {
      const socket = renderLive('k1');
      await screen.findByText('Canlı gönderi');
      await socket.serverEmit('post:reply', { postId: uuid, reply: fromB });
      expect(replyTexts()).toEqual(['r-first']);
    });

    it('shows the viewer’s own reply once when its echo arrives after the answer', async () => {
      const socket = renderLive();
      const box = await screen.findByRole('textbox', { name: 'Yanıt metni' });
      await userEvent.type(box, 'B’nin canlı yanıtı');
      const form = screen.getByRole('form', { name: 'Yanıt metni' });
      await userEvent.click(within(form).getByRole('button', { name: 'Yanıtla' }));
      await waitFor(() => expect(replyTexts()).toEqual(['r-first', 'r-b']));
      await socket.serverEmit('post:reply', { postId: uuid, reply: fromB });
      expect(replyTexts()).toEqual(['r-first', 'r-b']);
    });
  });
});

describe('PostDetail: the thread above the post', () => {
  const root = makePost({ _id: 'a0', content: 'Kök gönderi', author: { username: 'ayse' } });
  const middle = makeReply({ id: 'a0', username: 'ayse' }, { _id: 'a1', content: 'Ortadaki yanıt' });
  const open = makeReply({ id: 'a1', username: 'mehmet' }, { _id: 'a2', content: 'Açılan yanıt' });

  it('shows the ancestors root first above the post, without a link further up when the root is among them', async () => {
    renderWithProviders(<PostDetail postId="a2" />, {
      fetch: { 'GET /api/posts/a2': { body: { post: open, replies: [], ancestors: [root, middle], nextCursor: null } } },
    });
    const above = await screen.findByRole('region', { name: 'Dizideki önceki gönderiler' });
    const texts = screen.getAllByTestId('post-card').map((card) => card.querySelector('.post-card__content')?.textContent);
    expect(texts).toEqual(['Kök gönderi', 'Ortadaki yanıt', 'Açılan yanıt']);
    expect(within(above).getAllByTestId('post-card')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Dizide daha fazla gönderi göster' })).toBeNull();
  });

  it('links to the topmost shown ancestor’s page when the thread goes further up', async () => {
    renderWithProviders(<PostDetail postId="a2" />, {
      fetch: { 'GET /api/posts/a2': { body: { post: open, replies: [], ancestors: [middle], nextCursor: null } } },
    });
    const more = await screen.findByRole('link', { name: 'Dizide daha fazla gönderi göster' });
    expect(more.getAttribute('href')).toBe('/post/a1');
  });

  it('shows no thread region for a post that is not a reply (or from a server without ancestors)', async () => {
    renderWithProviders(<PostDetail postId="p1" />, {
      fetch: { 'GET /api/posts/p1': { body: { post, replies: [], nextCursor: null } } },
    });
    expect(await screen.findByText('Ayrıntıdaki gönderi')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Dizideki önceki gönderiler' })).toBeNull();
  });
});
