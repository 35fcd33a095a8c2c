// Posts announced by `post:new` that the home feed has not shown yet (the "N yeni gönderi"
// pill). They wait in the query cache, per viewer, until the pill is clicked: the feed never
// moves by itself.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import type { FeedName } from '../../../lib/realtime/socket-client';
import type { Post } from '../../../lib/types';
import { postIdOf } from '../post-model';
import { followingQueryKey } from './get-following-timeline';
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

function byNewest(a: Post, b: Post): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

/** Adds posts to the waiting list (each once). */
export function addPendingPosts(queryClient: QueryClient, viewer: string, posts: Post[], feed: FeedName = 'home'): void {
  if (posts.length === 0) return;
  queryClient.setQueryData<Post[]>(newPostsQueryKey(viewer, feed), (current = EMPTY) => {
    const ids = new Set(current.map(postIdOf));
    const fresh: Post[] = [];
    for (const post of posts) {
      const id = postIdOf(post);
      if (ids.has(id)) continue;
      ids.add(id);
      fresh.push(post);
    }
    return fresh.length ? [...fresh, ...current].sort(byNewest) : current;
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
