import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { Post, PostsPage } from '../../../lib/types';
import { createFakeSocket } from '../../../test/fake-socket';
import { makeAuthor, makeMedia, makePost, page } from '../../../test/fixtures';
import { createTestQueryClient, member, renderWithProviders } from '../../../test/render';
import { followingQueryKey } from '../../../lib/follow-keys';
import { postQueryKey, type PostThreadPage } from '../api/get-post';
import { userPostsQueryKey } from '../api/post-cache';
import { HomeTimeline } from './home-timeline';
import { LivePosts } from './live-posts';
import { TimelineFeed } from './timeline-feed';

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const ID3 = '33333333-3333-4333-8333-333333333333';

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

  it('shows a post’s new sensitive mark and alt texts on post:updated, and only that post’s', async () => {
    const first = makeMedia({ id: 'm1', alt: null });
    const second = makeMedia({ id: 'm2', alt: 'Kedi' });
    const { socket } = renderFeed([
      makePost({ _id: ID1, media: [first, second], sensitive: false }),
      makePost({ _id: ID2, media: [makeMedia({ id: 'm3', alt: 'Köpek' })], sensitive: false }),
    ]);
    await screen.findAllByTestId('post-card');
    const reveal = (id: string) => card(id).queryByRole('button', { name: 'Hassas içerik — göster' });
    expect(reveal(ID1)).toBeNull();

    // Staff marked it sensitive: its pictures hide behind their placeholders.
    await socket.serverEmit('post:updated', { postId: ID1, media: [first, second], sensitive: true });
    expect(reveal(ID1)).not.toBeNull();
    expect(card(ID1).queryAllByRole('img')).toEqual([]);
    expect(reveal(ID2)).toBeNull();
    expect(card(ID2).getByRole('img', { name: 'Köpek' })).toBeTruthy();

    // The mark cleared and an alt text written: the pictures again, the first one named.
    await socket.serverEmit('post:updated', { postId: ID1, media: [{ ...first, alt: 'Deniz' }, second], sensitive: false });
    expect(reveal(ID1)).toBeNull();
    expect(card(ID1).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Deniz', 'Kedi']);
  });

  it('patches media and sensitive of every cached copy on post:updated: lists, repost items, post pages, replies and ancestors', async () => {
    const { socket, queryClient } = renderFeed();
    const viewer = member._id!;
    const old = [makeMedia({ id: 'm1', alt: null })];
    const media = [makeMedia({ id: 'm1', alt: 'Deniz' })];
    const target = () => makePost({ _id: ID1, media: old, sensitive: false, likeCount: 3, liked: true });
    const other = makePost({ _id: ID2, media: old, sensitive: false });
    queryClient.setQueryData<InfiniteData<PostsPage>>(userPostsQueryKey('mehmet', viewer), {
      pages: [page([target(), other])],
      pageParams: [undefined],
    });
    // `Takip edilenler`: the post as a followed account's repost item.
    queryClient.setQueryData<InfiniteData<PostsPage>>(followingQueryKey(viewer), {
      pages: [page([{ ...target(), repostedBy: makeAuthor({ id: 'u-can', username: 'can' }), repostedAt: new Date().toISOString() }])],
      pageParams: [undefined],
    });
    const thread = (post: Post, replies: Post[], ancestors: Post[]): InfiniteData<PostThreadPage> => ({
      pages: [{ post, replies, ancestors, nextCursor: null }],
      pageParams: [undefined],
    });
    queryClient.setQueryData(postQueryKey(ID1, viewer), thread(target(), [], []));
    queryClient.setQueryData(postQueryKey(ID2, viewer), thread(other, [target()], []));
    queryClient.setQueryData(postQueryKey(ID3, viewer), thread(makePost({ _id: ID3 }), [], [target()]));
    await screen.findAllByTestId('post-card');

    await socket.serverEmit('post:updated', { postId: ID1, media, sensitive: true });

    const lists = (key: readonly unknown[]) => queryClient.getQueryData<InfiniteData<PostsPage>>(key)!.pages[0].posts;
    const threads = (id: string) => queryClient.getQueryData<InfiniteData<PostThreadPage>>(postQueryKey(id, viewer))!.pages[0];
    const patched = { _id: ID1, media, sensitive: true, likeCount: 3, liked: true };
    expect(lists(userPostsQueryKey('mehmet', viewer))[0]).toMatchObject(patched);
    expect(lists(followingQueryKey(viewer))[0]).toMatchObject({ ...patched, repostedBy: { id: 'u-can' } });
    expect(threads(ID1).post).toMatchObject(patched);
    expect(threads(ID2).replies[0]).toMatchObject(patched);
    expect(threads(ID3).ancestors?.[0]).toMatchObject(patched);
    // The other post keeps its own, untouched.
    expect(lists(userPostsQueryKey('mehmet', viewer))[1]).toBe(other);
    expect(threads(ID2).post).toBe(other);
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
