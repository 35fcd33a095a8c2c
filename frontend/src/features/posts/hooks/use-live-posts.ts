// Socket events → the posts in the query cache (setQueryData, never a refetch storm).
// Mounted once for the whole app (<LivePosts /> in the layout).
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';
import { entityId, type Post, type PostsPage, type User } from '../../../lib/types';
import { getTimeline, timelineQueryKey } from '../api/get-timeline';
import { followingQueryKey } from '../../../lib/follow-keys';
import { applyEdit } from '../api/edit-post';
import { addPendingPosts, feedHolds, feedListKey, removePendingPost } from '../api/new-posts';
import { patchPostEverywhere, POSTS_ROOT_KEY, removePostEverywhere } from '../api/post-cache';
import {
  authorOf,
  countsFrom,
  likeCountOf,
  postIdOf,
  type PostCountsView,
  replyCountOf,
  repostCountOf,
  withCounts,
} from '../post-model';

/** Whether the signed-in `user` wrote `post` (their own posts are prepended when sent). */
export function isOwnPost(post: Post, user: User | null): boolean {
  if (!user) return false;
  const userId = entityId(user);
  const author = authorOf(post);
  if (userId && (post.userId === userId || entityId(author) === userId)) return true;
  return Boolean(user.username) && author.username === user.username;
}

function heldPosts(data: InfiniteData<PostsPage> | undefined): Post[] {
  return data?.pages.flatMap((page) => page.posts ?? []) ?? [];
}

function countsOf(post: Post): PostCountsView {
  return {
    likes: likeCountOf(post),
    reposts: repostCountOf(post),
    replies: replyCountOf(post),
    version: post.engagement.version,
  };
}

/**
 * After a reconnect: the home feed's loaded pages are fetched again to refresh the counts of the
 * posts it holds, and posts newer than its top wait behind the pill (the feed does not move).
 * Other open lists and post pages are refetched; inactive ones only marked stale.
 */
export async function resyncPosts(
  queryClient: QueryClient,
  viewer: string,
  user: User | null,
): Promise<void> {
  const key = timelineQueryKey(viewer);
  void queryClient.invalidateQueries({
    queryKey: POSTS_ROOT_KEY,
    predicate: (query) => query.queryKey[1] !== 'timeline',
    refetchType: 'active',
  });
  const timeline = queryClient.getQueryCache().find<InfiniteData<PostsPage>>({
    queryKey: key,
    exact: true,
  });
  const data = timeline?.state.data;
  if (!timeline || !data) return;
  if (!timeline.isActive()) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    return;
  }
  const held = heldPosts(data);
  const heldIds = new Set(held.map(postIdOf));
  const newest = Math.max(0, ...held.map((post) => new Date(post.createdAt).getTime() || 0));
  const pageParams = data.pageParams as (string | undefined)[];
  const pages = await Promise.all(
    pageParams.map((cursor) => getTimeline({ cursor }).catch(() => null)),
  );
  const fresh: Post[] = [];
  pages.forEach((page, index) => {
    for (const post of page?.posts ?? []) {
      const id = postIdOf(post);
      if (heldIds.has(id)) {
        patchPostEverywhere(queryClient, id, (cached) => withCounts(cached, countsOf(post)));
      } else if (
        index === 0 &&
        new Date(post.createdAt).getTime() > newest &&
        !isOwnPost(post, user)
      ) {
        fresh.push(post);
      }
    }
  });
  addPendingPosts(queryClient, viewer, fresh);
}

export function useLivePosts(): void {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const { user } = useAuth();

  useSocketEvent('post:engagement', (event) => {
    if (!event?.postId) return;
    patchPostEverywhere(queryClient, event.postId, (post) => withCounts(post, countsFrom(event)));
  });

  useSocketEvent('post:deleted', (event) => {
    if (!event?.postId) return;
    removePostEverywhere(queryClient, event.postId);
    removePendingPost(queryClient, viewer, event.postId);
  });

  // The post's pictures changed (staff's `Hassas içerik` mark, the author's alt text): the event
  // has both whole, as every reader sees them, so every cached copy takes them as they are.
  useSocketEvent('post:updated', (event) => {
    if (!event?.postId || !Array.isArray(event.media)) return;
    patchPostEverywhere(queryClient, event.postId, (post) => ({ ...post, media: event.media, sensitive: event.sensitive }));
  });

  // The author edited the post (issue 27): its text, pictures and mark, whole, as every reader sees
  // them; a copy holding a newer edit keeps it (events of two quick edits may cross).
  useSocketEvent('post:edited', (event) => {
    if (!event?.postId || typeof event.content !== 'string' || !event.editedAt) return;
    const { postId, ...fields } = event;
    applyEdit(queryClient, postId, fields);
  });

  useSocketEvent('post:new', (event) => {
    // A batch (`posts`, oldest first); a server before batching sent `post` alone.
    const batch = Array.isArray(event?.posts) ? event.posts : event?.post ? [event.post] : [];
    // `following`: posts of the authors this member follows, for the `Takip edilenler` tab.
    const feed = event?.feed === 'following' ? 'following' : 'home';
    // Only a feed that has been loaded waits for new posts; a fresh load includes them anyway.
    const timeline = queryClient.getQueryData<InfiniteData<PostsPage>>(feedListKey(viewer, feed));
    if (!timeline) return;
    const held = heldPosts(timeline);
    // A repost item (`Takip edilenler`) waits even when the feed holds its post (or the viewer
    // wrote it): the post moves up to the repost. Not the viewer's own repost, as not their own posts.
    const own = (post: Post) => (post.repostedBy ? entityId(post.repostedBy) === entityId(user) : isOwnPost(post, user));
    const fresh = batch.filter((post) => post && !own(post) && !feedHolds(held, post));
    // addPendingPosts counts each post once, also across batches.
    addPendingPosts(queryClient, viewer, fresh, feed);
  });

  // A followed account (or the member) took back a repost: its "X yeniden paylaştı" item goes.
  useSocketEvent('repost:removed', (event) => {
    if (!event?.postId || !event.userId) return;
    const isTheRepost = (post: Post) =>
      postIdOf(post) === event.postId && entityId(post.repostedBy) === event.userId;
    queryClient.setQueryData<InfiniteData<PostsPage>>(followingQueryKey(viewer), (data) => {
      if (!data?.pages.some((page) => page.posts.some(isTheRepost))) return data;
      return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => !isTheRepost(post)) })) };
    });
  });

  useSocketResync(() => {
    void resyncPosts(queryClient, viewer, user);
  });
}
