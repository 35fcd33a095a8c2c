import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeMedia, makePost, makeReply, page } from '../../../test/fixtures';
import { createTestQueryClient, member, renderWithProviders } from '../../../test/render';
import { userPostsQueryKey } from '../api/post-cache';
import { PostCard } from './post-card';
import { UserPosts } from './user-posts';

describe('UserPosts: the profile tabs’ lists', () => {
  it('Yanıtlar lists the member’s replies from …/replies, each with its reply context', async () => {
    const reply = makeReply({ id: 'p-a', username: 'ayse' }, { content: 'Buna katılıyorum' });
    const { calls } = renderWithProviders(<UserPosts username="zeynep" list="replies" />, {
      fetch: { 'GET /api/posts/user/zeynep/replies': { body: page([reply]) } },
    });
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    const feed = await screen.findByRole('feed', { name: 'Yanıtlar' });
    expect(within(feed).getByText('Buna katılıyorum')).toBeTruthy();
    expect(within(feed).getByRole('link', { name: '@ayse' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/posts/user/zeynep/replies');
  });

  it('Beğeniler lists the liked posts from …/likes in the server’s order (newest like first)', async () => {
    const { calls } = renderWithProviders(<UserPosts username="zeynep" list="likes" />, {
      fetch: {
        'GET /api/posts/user/zeynep/likes': {
          body: page([makePost({ content: 'Son beğenilen' }), makePost({ content: 'İlk beğenilen' })]),
        },
      },
    });
    const feed = await screen.findByRole('feed', { name: 'Beğeniler' });
    expect(within(feed).getAllByTestId('post-card').map((card) => card.querySelector('.post-card__content')?.textContent)).toEqual([
      'Son beğenilen',
      'İlk beğenilen',
    ]);
    expect(calls.map((call) => call.url)).toContain('/api/posts/user/zeynep/likes');
  });

  it('Medya lists the member’s posts with pictures from …/media, each drawn with its grid', async () => {
    const { calls } = renderWithProviders(<UserPosts username="zeynep" list="media" />, {
      fetch: { 'GET /api/posts/user/zeynep/media': { body: page([makePost({ content: 'Deniz', media: [makeMedia({ alt: 'Mavi deniz' })] })]) } },
    });
    const feed = await screen.findByRole('feed', { name: 'Medya' });
    expect(within(feed).getByRole('img', { name: 'Mavi deniz' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/posts/user/zeynep/media');
  });

  it.each([
    ['replies', 'Henüz yanıt yok.'],
    ['media', 'Henüz medya yok'],
    ['likes', 'Henüz beğenilen gönderi yok.'],
    ['posts', 'Henüz gönderi yok'],
  ] as const)('%s: says so when the list is empty', async (list, title) => {
    const path = list === 'posts' ? '/api/posts/user/zeynep' : `/api/posts/user/zeynep/${list}`;
    renderWithProviders(<UserPosts username="zeynep" list={list} />, {
      fetch: { [`GET ${path}`]: { body: page([]) } },
    });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  it.each([
    ['replies', 'Yanıtlar yüklenemedi'],
    ['media', 'Görselli gönderiler yüklenemedi'],
    ['likes', 'Beğenilen gönderiler yüklenemedi'],
  ] as const)('%s: shows an error with a retry when the server fails', async (list, text) => {
    renderWithProviders(<UserPosts username="zeynep" list={list} />, {
      fetch: { [`GET /api/posts/user/zeynep/${list}`]: { status: 500, body: { message: 'İç hata', statusCode: 500 } } },
    });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(text);
    expect(within(banner).getByRole('button', { name: 'Tekrar dene' })).toBeTruthy();
  });

  it('a like marks the member’s own Beğeniler list stale, so it is read again when it next shows', async () => {
    const queryClient = createTestQueryClient();
    const post = makePost({ _id: 'p-yeni', content: 'Beğenilecek' });
    const likes = userPostsQueryKey('ayse', 'u-ayse', 'likes');
    const posts = userPostsQueryKey('ayse', 'u-ayse');
    queryClient.setQueryData(likes, { pages: [page([])], pageParams: [undefined] });
    queryClient.setQueryData(posts, { pages: [page([])], pageParams: [undefined] });
    renderWithProviders(<PostCard post={post} />, {
      user: member,
      queryClient,
      fetch: {
        'PUT /api/posts/p-yeni/like': {
          body: { liked: true, likesCount: 1, isLiked: true, likes: 1, version: 1 },
        },
      },
    });
    expect(queryClient.getQueryState(likes)?.isInvalidated).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Beğen' }));
    await waitFor(() => expect(queryClient.getQueryState(likes)?.isInvalidated).toBe(true));
    // Only that list: the member's posts stay as they are.
    expect(queryClient.getQueryState(posts)?.isInvalidated).toBe(false);
  });

  it('Gönderiler shows Sabitlenmiş, with a pin drawn for the eye only, above the pinned post the server lists first (issue 27); the other tabs do not', async () => {
    const pinned = makePost({ _id: 'p-sabit', content: 'Sabit gönderi', isPinned: true });
    const other = makePost({ _id: 'p-diger', content: 'Sıradan gönderi' });
    renderWithProviders(<UserPosts username="zeynep" />, {
      fetch: { 'GET /api/posts/user/zeynep': { body: page([pinned, other]) } },
    });
    const feed = await screen.findByRole('feed', { name: 'Gönderiler' });
    const [first, second] = within(feed).getAllByRole('article');
    const label = within(first).getByTestId('pinned-label');
    expect(label.textContent).toBe('Sabitlenmiş');
    // Above the byline, the card's first text; the icon is decorative.
    expect(first.querySelector('.post-card__main')?.firstElementChild).toBe(label);
    expect(label.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(within(second).queryByTestId('pinned-label')).toBeNull();
  });

  it('Beğeniler does not label a liked post that its author pinned: the label is the author’s Gönderiler’s', async () => {
    renderWithProviders(<UserPosts username="zeynep" list="likes" />, {
      fetch: { 'GET /api/posts/user/zeynep/likes': { body: page([makePost({ content: 'Başkasının sabiti', isPinned: true })]) } },
    });
    const feed = await screen.findByRole('feed', { name: 'Beğeniler' });
    expect(within(feed).getByText('Başkasının sabiti')).toBeTruthy();
    expect(screen.queryByText('Sabitlenmiş')).toBeNull();
  });
});
