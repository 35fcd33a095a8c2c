import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
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
    expect(screen.getByText('Yanıt yazmak için giriş yap.')).toBeTruthy();
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
});
