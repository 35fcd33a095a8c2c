import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { PostsPage } from '../../../lib/types';
import { createFakeSocket } from '../../../test/fake-socket';
import { makePost, page } from '../../../test/fixtures';
import { createTestQueryClient, member, renderWithProviders } from '../../../test/render';
import { userPostsQueryKey } from '../api/post-cache';
import { HomeTimeline } from './home-timeline';
import { LivePosts } from './live-posts';
import { TimelineFeed } from './timeline-feed';

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';

function renderFeed(posts = [makePost({ _id: ID1 }), makePost({ _id: ID2 })]) {
  const fake = createFakeSocket();
  const queryClient = createTestQueryClient();
  const view = renderWithProviders(
    <>
      <LivePosts />
      <TimelineFeed />
    </>,
    {
      user: member,
      socket: fake.factory,
      queryClient,
      fetch: { 'GET /api/posts/timeline': { body: page(posts) } },
    },
  );
  return { ...view, socket: fake.socket };
}

function card(id: string) {
  const found = screen
    .getAllByTestId('post-card')
    .find((element) => element.getAttribute('data-post-id') === id);
  if (!found) throw new Error(`no card ${id}`);
  return within(found);
}

describe('live posts', () => {
  it('updates the counts of a rendered post on post:engagement, keeping the own flags', async () => {
    const { socket } = renderFeed([
      makePost({ _id: ID1, likeCount: 1, retweetCount: 0, replyCount: 0, liked: true }),
      makePost({ _id: ID2, likeCount: 7 }),
    ]);
    await screen.findAllByTestId('post-card');
    expect(card(ID1).getByTestId('like-count').textContent).toBe('1');

    await socket.serverEmit('post:engagement', {
      postId: ID1,
      likeCount: 1500,
      retweetCount: 4,
      replyCount: 2,
    });
    expect(card(ID1).getByTestId('like-count').textContent).toBe('1.5K');
    expect(card(ID1).getByTestId('repost-count').textContent).toBe('4');
    expect(card(ID1).getByTestId('reply-count').textContent).toBe('2');
    // Counts only: the viewer still likes it.
    expect(card(ID1).getByRole('button', { name: 'Beğen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(card(ID2).getByTestId('like-count').textContent).toBe('7');
  });

  it('ignores a post:engagement whose version is not newer than the counts it holds', async () => {
    const { socket } = renderFeed([
      makePost({
        _id: ID1,
        likeCount: 3,
        engagement: { likes: 3, retweets: 0, replies: 0, views: 0, version: 5 },
      }),
    ]);
    await screen.findAllByTestId('post-card');
    const likes = () => card(ID1).getByTestId('like-count').textContent;

    // Older than the post response (another node's late trailing event): ignored.
    await socket.serverEmit('post:engagement', { postId: ID1, likeCount: 2, retweetCount: 0, replyCount: 0, version: 4 });
    expect(likes()).toBe('3');
    await socket.serverEmit('post:engagement', { postId: ID1, likeCount: 4, retweetCount: 0, replyCount: 0, version: 7 });
    expect(likes()).toBe('4');
    // Newer than the response, older than the event it now holds: ignored too.
    await socket.serverEmit('post:engagement', { postId: ID1, likeCount: 5, retweetCount: 0, replyCount: 0, version: 6 });
    expect(likes()).toBe('4');
    await socket.serverEmit('post:engagement', { postId: ID1, likeCount: 6, retweetCount: 1, replyCount: 0, version: 8 });
    expect(likes()).toBe('6');
    expect(card(ID1).getByTestId('repost-count').textContent).toBe('1');
  });

  it('patches every cached copy, not only the one on screen', async () => {
    const { socket, queryClient } = renderFeed();
    queryClient.setQueryData<InfiniteData<PostsPage>>(userPostsQueryKey('mehmet', 'u-ayse'), {
      pages: [page([makePost({ _id: ID1, likeCount: 1 })])],
      pageParams: [undefined],
    });
    await screen.findAllByTestId('post-card');
    await socket.serverEmit('post:engagement', {
      postId: ID1,
      likeCount: 9,
      retweetCount: 0,
      replyCount: 0,
    });
    const profile = queryClient.getQueryData<InfiniteData<PostsPage>>(
      userPostsQueryKey('mehmet', 'u-ayse'),
    );
    expect(profile?.pages[0].posts[0]).toMatchObject({ likeCount: 9, engagement: { likes: 9 } });
  });

  it('removes a post on post:deleted', async () => {
    const { socket } = renderFeed();
    await screen.findAllByTestId('post-card');
    await socket.serverEmit('post:deleted', { postId: ID2 });
    expect(screen.getAllByTestId('post-card').map((c) => c.getAttribute('data-post-id'))).toEqual([
      ID1,
    ]);
  });

  it('watches the posts on screen in one batch, and again after a reconnect', async () => {
    const { socket } = renderFeed();
    await screen.findAllByTestId('post-card');
    await waitFor(() => expect(socket.watched()).toEqual([[ID1, ID2]]));
    await socket.drop();
    await socket.reconnect();
    expect(socket.watched()).toEqual([
      [ID1, ID2],
      [ID1, ID2],
    ]);
  });

  it('refreshes the feed counts after a reconnect without adding posts to it', async () => {
    let calls = 0;
    const fresh = makePost({
      _id: '33333333-3333-4333-8333-333333333333',
      content: 'Kopukken gelen',
      createdAt: new Date().toISOString(),
    });
    const fake = createFakeSocket();
    renderWithProviders(
      <>
        <LivePosts />
        <HomeTimeline />
      </>,
      {
        user: member,
        socket: fake.factory,
        fetch: {
          'GET /api/posts/timeline': () => {
            calls += 1;
            return calls === 1
              ? { body: page([makePost({ _id: ID1, likeCount: 1 })]) }
              : { body: page([fresh, makePost({ _id: ID1, likeCount: 5 })]) };
          },
        },
      },
    );
    await screen.findByTestId('post-card');
    await fake.socket.drop();
    await fake.socket.reconnect();
    await waitFor(() => expect(card(ID1).getByTestId('like-count').textContent).toBe('5'));
    // The post written meanwhile waits behind the pill: the feed does not move.
    expect(screen.queryByText('Kopukken gelen')).toBeNull();
    expect(screen.getByRole('button', { name: '1 yeni gönderi' })).toBeTruthy();
    expect(screen.getAllByTestId('post-card')).toHaveLength(1);
  });
});
