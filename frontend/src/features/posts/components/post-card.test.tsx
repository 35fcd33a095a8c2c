import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post, PostsPage } from '../../../lib/types';
import { installWriteRetries } from '../../../lib/idempotent-write';
import { makePost, page } from '../../../test/fixtures';
import {
  createTestQueryClient,
  currentLocation,
  deferred,
  member,
  renderWithProviders,
} from '../../../test/render';
import { postQueryKey, type PostThreadPage } from '../api/get-post';
import { userPostsQueryKey } from '../api/post-cache';
import { searchPostsQueryKey } from '../api/search-posts';
import { PostCard } from './post-card';
import { TimelineFeed } from './timeline-feed';

const verifiedAuthor = {
  _id: 'u-zeynep',
  id: 'u-zeynep',
  username: 'zeynep',
  displayName: 'zeynep kaya',
  isVerified: true,
};

function card() {
  return screen.getByTestId('post-card');
}

function action(name: string) {
  return within(card()).getByRole('button', { name }) as HTMLButtonElement;
}

describe('PostCard — what it shows', () => {
  it('shows the avatar initial, names, verified badge, time, content and counts', () => {
    const post = makePost({
      _id: 'p1',
      author: verifiedAuthor,
      content: 'İlk gönderi #gündem https://ornek.com.tr/yazi. @mehmet selam',
      createdAt: new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(),
      likeCount: 12,
      retweetCount: 3,
      replyCount: 1500,
    });
    renderWithProviders(<PostCard post={post} />);

    expect(within(card()).getByTestId('avatar').textContent).toBe('Z');
    expect(within(card()).getByRole('link', { name: 'zeynep kaya' }).getAttribute('href')).toBe(
      '/profile/zeynep',
    );
    expect(within(card()).getByText('@zeynep')).toBeTruthy();
    expect(within(card()).getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(within(card()).getByText('5dk').tagName).toBe('TIME');
    expect(within(card()).getByText('5dk').closest('a')?.getAttribute('href')).toBe('/post/p1');

    const tag = within(card()).getByRole('link', { name: '#gündem' });
    expect(tag.getAttribute('href')).toBe('/hashtag/gündem');
    const link = within(card()).getByRole('link', { name: 'ornek.com.tr/yazi' });
    expect(link.getAttribute('href')).toBe('https://ornek.com.tr/yazi');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card()).getByRole('link', { name: '@mehmet' }).getAttribute('href')).toBe(
      '/profile/mehmet',
    );

    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('12');
    expect(within(action('Yeniden paylaş').parentElement!).getByTestId('repost-count').textContent).toBe('3');
    expect(within(action('Yanıtla').parentElement!).getByTestId('reply-count').textContent).toBe('1.5K');
    expect(action('Paylaş')).toBeTruthy();
    expect(action('Beğen').getAttribute('aria-pressed')).toBe('false');
  });

  it("shows the author's picture in place of the initial when the post carries one", () => {
    const post = makePost({ author: { ...verifiedAuthor, profileImage: '/media/ab/zeynep.webp' } });
    renderWithProviders(<PostCard post={post} />);
    const img = within(card()).getByTestId('avatar').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/ab/zeynep.webp');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('shows a lock, named `Korunan hesap`, beside a protected author’s name (issue 26), and none for others', () => {
    renderWithProviders(
      <>
        <PostCard post={makePost({ _id: 'p-locked', author: { ...verifiedAuthor, protected: true } })} />
        <PostCard post={makePost({ _id: 'p-open', author: { ...verifiedAuthor, _id: 'u-open', id: 'u-open', username: 'acik', protected: false } })} />
      </>,
    );
    const [locked, open] = screen.getAllByTestId('post-card');
    const lock = within(locked).getByRole('img', { name: 'Korunan hesap' });
    expect(lock.closest('.post-card__header')).toBeTruthy();
    expect(within(open).queryByRole('img', { name: 'Korunan hesap' })).toBeNull();
  });

  it('counts hours in sa on the home feed too, as on every other screen', async () => {
    const post = makePost({ createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString() });
    renderWithProviders(<TimelineFeed />, { fetch: { 'GET /api/posts/timeline': { body: page([post]) } } });
    expect((await screen.findByText('3sa')).tagName).toBe('TIME');
  });

  it('shows no badge for an unverified author and shows the viewer\'s like and repost', () => {
    const post: Post = makePost({
      _id: 'p9',
      content: 'Profil biçimi',
      author: { username: 'ali', displayName: 'Ali', isVerified: false },
      liked: true,
      retweeted: true,
      likeCount: 4,
      retweetCount: 2,
    });
    renderWithProviders(<PostCard post={post} />);
    expect(within(card()).queryByRole('img', { name: 'Onaylı hesap' })).toBeNull();
    expect(action('Beğen').getAttribute('aria-pressed')).toBe('true');
    expect(action('Yeniden paylaş').getAttribute('aria-pressed')).toBe('true');
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('4');
  });

  it('opens the post when its text is clicked, but not when a hashtag is', async () => {
    renderWithProviders(
      <PostCard post={makePost({ _id: 'p7', content: 'Bakın #deneme burada' })} />,
    );
    await userEvent.click(within(card()).getByRole('link', { name: '#deneme' }));
    expect(currentLocation()).toBe('/hashtag/deneme');
  });

  it('opens /post/:id from the body', async () => {
    renderWithProviders(<PostCard post={makePost({ _id: 'p8', content: 'Gövde metni' })} />);
    await userEvent.click(screen.getByText('Gövde metni'));
    expect(currentLocation()).toBe('/post/p8');
  });
});

describe('PostCard — like and repost', () => {
  it("sets the like from the server's answer", async () => {
    const post = makePost({ _id: 'p1', likeCount: 3 });
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        // The server knows better than +1: others liked it meanwhile.
        'PUT /api/posts/p1/like': {
          body: { liked: true, likesCount: 8, isLiked: true, likes: 8 },
        },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('8');
    const like = calls.find((call) => call.url === '/api/posts/p1/like');
    // The state asked for (PUT), not the toggle: sent again, it cannot undo itself.
    expect(like?.method).toBe('PUT');
    expect(like?.headers.Authorization).toBe('Bearer tok-test');
  });

  it('keeps newer counts the card already holds when the like answer is older (a live event came first)', async () => {
    // Version 9: a post:engagement for a later like by someone else reached the card before this answer.
    const post = makePost({ _id: 'p1', likeCount: 9 });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/like': { body: { liked: true, likesCount: 4, isLiked: true, likes: 4, version: 2 } },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('9');
  });

  it('takes a like back when the server says so', async () => {
    const post = makePost({ _id: 'p1', likeCount: 5, liked: true });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'DELETE /api/posts/p1/like': { body: { liked: false, likesCount: 4 } },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('false'));
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('4');
  });

  it('toggles a repost from the answer', async () => {
    const post = makePost({ _id: 'p1', retweetCount: 1 });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/retweet': {
          body: { retweeted: true, retweetsCount: 2, isRetweeted: true, retweets: 2 },
        },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Yeniden paylaş'));
    await waitFor(() =>
      expect(action('Yeniden paylaş').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(within(action('Yeniden paylaş').parentElement!).getByTestId('repost-count').textContent).toBe('2');
  });

  it('patches every cached copy of the post', async () => {
    const post = makePost({ _id: 'p1', likeCount: 1 });
    const other = makePost({ _id: 'p2', likeCount: 1 });
    const queryClient = createTestQueryClient();
    const viewer = 'u-ayse';
    const list = (posts: Post[]): InfiniteData<PostsPage> => ({
      pages: [page(posts)],
      pageParams: [undefined],
    });
    queryClient.setQueryData(searchPostsQueryKey('merhaba', viewer), list([other, post]));
    queryClient.setQueryData(userPostsQueryKey('mehmet', viewer), list([post]));
    queryClient.setQueryData<InfiniteData<PostThreadPage>>(postQueryKey('p1', viewer), {
      pages: [{ post, replies: [], nextCursor: null }],
      pageParams: [undefined],
    });
    queryClient.setQueryData<InfiniteData<PostThreadPage>>(postQueryKey('p0', viewer), {
      pages: [{ post: other, replies: [post], nextCursor: null }],
      pageParams: [undefined],
    });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      queryClient,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/like': { body: { liked: true, likesCount: 2 } },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));

    const search = queryClient.getQueryData<InfiniteData<PostsPage>>(
      searchPostsQueryKey('merhaba', viewer),
    );
    expect(search?.pages[0].posts[1]).toMatchObject({ liked: true, isLiked: true, likeCount: 2 });
    expect(search?.pages[0].posts[1].engagement?.likes).toBe(2);
    expect(search?.pages[0].posts[0]).toMatchObject({ liked: false, likeCount: 1 });
    const profile = queryClient.getQueryData<InfiniteData<PostsPage>>(
      userPostsQueryKey('mehmet', viewer),
    );
    expect(profile?.pages[0].posts[0]).toMatchObject({ isLiked: true, likeCount: 2 });
    const detail = queryClient.getQueryData<InfiniteData<PostThreadPage>>(
      postQueryKey('p1', viewer),
    );
    expect(detail?.pages[0].post).toMatchObject({ liked: true, likeCount: 2 });
    const thread = queryClient.getQueryData<InfiniteData<PostThreadPage>>(
      postQueryKey('p0', viewer),
    );
    expect(thread?.pages[0].replies[0]).toMatchObject({ liked: true, likeCount: 2 });
  });

  it('logs a failed like without any visible text and keeps the count', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const post = makePost({ _id: 'p1', likeCount: 3 });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/like': { status: 500, body: { message: 'Sunucu hatası' } },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('3');
    expect(action('Beğen').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Sunucu hatası')).toBeNull();
  });
});

describe('PostCard — a like waiting for the network', () => {
  it('shows the like as pending (aria-busy, filled, dimmed) until the retried write lands', async () => {
    const answer = deferred<{ body: unknown }>();
    let attempts = 0;
    const post = makePost({ _id: 'p1', likeCount: 3 });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      // The app's policy (app/providers.tsx): a like that found no network is sent again.
      queryClient: installWriteRetries(createTestQueryClient()),
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/like': () => {
          attempts += 1;
          return attempts === 1 ? { networkError: true } : answer.promise;
        },
      },
    });
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    expect(action('Beğen').getAttribute('aria-busy')).toBe('true');
    expect(action('Beğen').getAttribute('aria-pressed')).toBe('true');
    expect(action('Beğen').parentElement!.className).toContain('post-action--pending');
    // Still waiting while the retry is on its way.
    await waitFor(() => expect(attempts).toBe(2));
    expect(action('Beğen').getAttribute('aria-busy')).toBe('true');
    answer.resolve({ body: { liked: true, likesCount: 4, isLiked: true, likes: 4 } });
    await waitFor(() => expect(action('Beğen').getAttribute('aria-busy')).toBeNull());
    expect(action('Beğen').getAttribute('aria-pressed')).toBe('true');
    expect(action('Beğen').parentElement!.className).not.toContain('post-action--pending');
    expect(within(action('Beğen').parentElement!).getByTestId('like-count').textContent).toBe('4');
  });
});

describe('PostCard — repeated clicks', () => {
  function renderCounting(post: Post) {
    return renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([post]) },
        'PUT /api/posts/p1/like': { body: { liked: true, likesCount: 1, isLiked: true, likes: 1 } },
        'DELETE /api/posts/p1/like': { body: { liked: false, likesCount: 0, isLiked: false, likes: 0 } },
        'PUT /api/posts/p1/retweet': {
          body: { retweeted: true, retweetsCount: 1, isRetweeted: true, retweets: 1 },
        },
        'DELETE /api/posts/p1/retweet': {
          body: { retweeted: false, retweetsCount: 0, isRetweeted: false, retweets: 0 },
        },
      },
    });
  }
  const writes = (calls: { method: string; url: string }[], path: string) =>
    calls.filter((call) => call.url === path).map((call) => call.method);

  it.each([
    ['Beğen', '/api/posts/p1/like'],
    ['Yeniden paylaş', '/api/posts/p1/retweet'],
  ])('a double-click on %s sends one request', async (name, path) => {
    const { calls } = renderCounting(makePost({ _id: 'p1' }));
    await screen.findByTestId('post-card');
    await userEvent.dblClick(action(name));
    await waitFor(() => expect(action(name).getAttribute('aria-pressed')).toBe('true'));
    expect(writes(calls, path)).toEqual(['PUT']);
  });

  it('five quick clicks send one request, even when each answer comes back at once', async () => {
    const { calls } = renderCounting(makePost({ _id: 'p1' }));
    await screen.findByTestId('post-card');
    // The guard's clock advances 20 ms per click, however slowly a busy machine runs the clicks.
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      for (let i = 0; i < 5; i++) {
        await userEvent.click(action('Beğen'));
        // Let the answer land between clicks, as a server on localhost does.
        await new Promise((resolve) => setTimeout(resolve, 20));
        clock += 20;
      }
      await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));
    } finally {
      now.mockRestore();
    }
    expect(writes(calls, '/api/posts/p1/like')).toEqual(['PUT']);
  });

  it('sends nothing more while the answer is still on its way (a held Enter key)', async () => {
    let answer: (() => void) | undefined;
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: 'p1' })]) },
        'PUT /api/posts/p1/like': () =>
          new Promise((resolve) => {
            answer = () => resolve({ body: { liked: true, likesCount: 1 } });
          }),
      },
    });
    await screen.findByTestId('post-card');
    action('Beğen').focus();
    await userEvent.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.keyboard('{Enter}{Enter}');
    expect(writes(calls, '/api/posts/p1/like')).toEqual(['PUT']);
    answer?.();
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));
  });

  it('takes a later, separate click as a new decision', async () => {
    const { calls } = renderCounting(makePost({ _id: 'p1' }));
    await screen.findByTestId('post-card');
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('true'));
    await new Promise((resolve) => setTimeout(resolve, 550));
    await userEvent.click(action('Beğen'));
    await waitFor(() => expect(action('Beğen').getAttribute('aria-pressed')).toBe('false'));
    expect(writes(calls, '/api/posts/p1/like')).toEqual(['PUT', 'DELETE']);
  });
});

describe('PostCard — guests', () => {
  it.each(['Beğen', 'Yeniden paylaş', 'Yanıtla'])(
    '%s opens the login dialog and calls nothing',
    async (name) => {
      const { fetchMock } = renderWithProviders(<PostCard post={makePost({ _id: 'p1' })} />);
      await userEvent.click(action(name));
      expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Yanıtla' })).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('the share button does nothing', async () => {
    const { fetchMock } = renderWithProviders(<PostCard post={makePost({ _id: 'p1' })} />, {
      path: '/explore',
    });
    await userEvent.click(action('Paylaş'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/explore');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
