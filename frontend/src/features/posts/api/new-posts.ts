// Posts announced by `post:new` that the home feed has not shown yet (the "N yeni gönderi"
// pill). They wait in the query cache, per viewer, until the pill is clicked: the feed never
// moves by itself.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import type { FeedName } from '../../../lib/realtime/socket-client';
import { entityId, type Post } from '../../../lib/types';
import { postIdOf } from '../post-model';
import { followingQueryKey } from '../../../lib/follow-keys';
import { prependToList } from './post-cache';
import { timelineQueryKey } from './get-timeline';

// Outside the `posts` root: these are not a list on screen, cache patches leave them alone.
// One waiting list per feed: `Takip edilenler` counts only followed authors' posts.
export const newPostsQueryKey = (viewer: string, feed: FeedName = 'home') =>
  feed === 'home' ? (['timeline-new', viewer] as const) : (['timeline-new', viewer, feed] as const);

/** The cached list a feed's waiting posts go into. */
export const feedListKey = (viewer: string, feed: FeedName = 'home') =>
  feed === 'home' ? timelineQueryKey(viewer) : followingQueryKey(viewer);

const EMPTY: Post[] = [];

/**
 * Whether a feed holding `held` shows `post` already. A post is listed once, so any item of it
 * will do; but a repost item (`Takip edilenler`, with `repostedBy`) moves the post up to the
 * repost, so it is shown only by that very repost (same post, same reposter).
 */
export function feedHolds(held: Post[], post: Post): boolean {
  const id = postIdOf(post);
  if (!post.repostedBy) return held.some((item) => postIdOf(item) === id);
  const by = entityId(post.repostedBy);
  return held.some((item) => postIdOf(item) === id && entityId(item.repostedBy) === by);
}

/** The waiting posts of the viewer, newest first. */
export function usePendingPosts(feed: FeedName = 'home'): Post[] {
  const viewer = useViewerKey();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: newPostsQueryKey(viewer, feed),
    // Nothing to fetch: a refetch keeps what the socket gathered.
    queryFn: () => queryClient.getQueryData<Post[]>(newPostsQueryKey(viewer, feed)) ?? EMPTY,
    initialData: EMPTY,
    staleTime: Infinity,
  });
  return data;
}

/** An item's place in its feed: a repost item's (`Takip edilenler`) is the repost's time. */
function feedTime(post: Post): number {
  return new Date(post.repostedAt ?? post.createdAt).getTime() || 0;
}

function byNewest(a: Post, b: Post): number {
  return feedTime(b) - feedTime(a);
}

/**
 * Adds posts to the waiting list, each post once (the pill counts posts): a later item of a post
 * already waiting (a repost of it) takes its place.
 */
export function addPendingPosts(queryClient: QueryClient, viewer: string, posts: Post[], feed: FeedName = 'home'): void {
  if (posts.length === 0) return;
  queryClient.setQueryData<Post[]>(newPostsQueryKey(viewer, feed), (current = EMPTY) => {
    const byId = new Map(current.map((post) => [postIdOf(post), post]));
    let changed = false;
    for (const post of posts) {
      const id = postIdOf(post);
      const waiting = byId.get(id);
      if (waiting && feedTime(waiting) >= feedTime(post)) continue;
      byId.set(id, post);
      changed = true;
    }
    return changed ? [...byId.values()].sort(byNewest) : current;
  });
}

export function removePendingPost(queryClient: QueryClient, viewer: string, postId: string): void {
  for (const feed of ['home', 'following'] as const) {
    queryClient.setQueryData<Post[]>(newPostsQueryKey(viewer, feed), (current = EMPTY) =>
      current.some((post) => postIdOf(post) === postId)
        ? current.filter((post) => postIdOf(post) !== postId)
        : current,
    );
  }
}

/** Puts the waiting posts at the top of the feed, newest first, and empties the list. */
export function showPendingPosts(queryClient: QueryClient, viewer: string, feed: FeedName = 'home'): void {
  const pending = queryClient.getQueryData<Post[]>(newPostsQueryKey(viewer, feed)) ?? EMPTY;
  // Oldest first, so that the newest ends up on top.
  for (const post of [...pending].reverse()) {
    prependToList(queryClient, feedListKey(viewer, feed), post);
  }
  queryClient.setQueryData<Post[]>(newPostsQueryKey(viewer, feed), EMPTY);
}
