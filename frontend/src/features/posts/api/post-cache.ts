// Every list of posts lives in the query cache under the one root key `posts`, so a like, a
// repost or a reply can patch each cached copy of a post wherever it is shown (the timeline,
// search results, profile lists, a post's page) — bluesky's "post shadow", done on the cache.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post } from '../../../lib/types';
import { postIdOf } from '../post-model';

export const POSTS_ROOT_KEY = ['posts'] as const;

/**
 * A member's lists, one per profile tab (docs/wire-contract.md#posts): `posts` their posts and
 * replies, `replies` their replies only, `likes` the posts they liked (newest like first).
 */
export type UserPostList = 'posts' | 'replies' | 'media' | 'likes';

/**
 * A member's list in the cache (the list last, so a member's `posts` key is not a prefix of their
 * other lists' keys). Here, not beside its query (api/get-user-posts.ts): a like updates the
 * liker's `likes` list from every card, and the cards are on a guest's `/`, the profile's query not.
 */
export const userPostsQueryKey = (username: string, viewer: string, list: UserPostList = 'posts') =>
  [...POSTS_ROOT_KEY, 'user', username, viewer, list] as const;

/**
 * A page as the cache holds it: a list page has `posts`, a post's page `post`, `replies` and
 * `ancestors`.
 */
export interface CachedPostPage {
  posts?: Post[];
  post?: Post;
  replies?: Post[];
  ancestors?: Post[];
  nextCursor?: string | null;
}

type CachedPosts = InfiniteData<CachedPostPage, unknown>;

function isInfinite(data: unknown): data is CachedPosts {
  return Boolean(data && typeof data === 'object' && Array.isArray((data as CachedPosts).pages));
}

function mapPage(page: CachedPostPage, fn: (post: Post) => Post): CachedPostPage {
  let changed = false;
  const mapList = (list: Post[] | undefined) => {
    if (!list) return list;
    const next = list.map((post) => {
      const mapped = fn(post);
      if (mapped !== post) changed = true;
      return mapped;
    });
    return next;
  };
  const posts = mapList(page.posts);
  const replies = mapList(page.replies);
  const ancestors = mapList(page.ancestors);
  let { post } = page;
  if (post) {
    const mapped = fn(post);
    if (mapped !== post) {
      changed = true;
      post = mapped;
    }
  }
  return changed ? { ...page, posts, replies, ancestors, post } : page;
}

/** Applies `fn` to the post `postId` in every cached list and post page. */
export function patchPostEverywhere(
  queryClient: QueryClient,
  postId: string,
  fn: (post: Post) => Post,
): void {
  patchEveryPost(queryClient, (post) => (postIdOf(post) === postId ? fn(post) : post));
}

/** Applies `fn` to every cached post, in every list and post page (`fn` returns a post it leaves as it is). */
export function patchEveryPost(queryClient: QueryClient, fn: (post: Post) => Post): void {
  queryClient.setQueriesData<CachedPosts>({ queryKey: POSTS_ROOT_KEY }, (data) => {
    if (!isInfinite(data)) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const next = mapPage(page, fn);
      if (next !== page) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  });
}

/**
 * Takes the post `postId` out of every cached list and reply list. A cached page of the post
 * itself is reset, so an open one refetches and shows that the post is gone.
 */
export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  cancelPageLoads(queryClient, POSTS_ROOT_KEY);
  queryClient.setQueriesData<CachedPosts>({ queryKey: POSTS_ROOT_KEY }, (data) => {
    if (!isInfinite(data)) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const keep = (list: Post[] | undefined) => {
        if (!list) return list;
        const next = list.filter((post) => postIdOf(post) !== postId);
        if (next.length === list.length) return list;
        changed = true;
        return next;
      };
      const posts = keep(page.posts);
      const replies = keep(page.replies);
      const ancestors = keep(page.ancestors);
      return posts === page.posts && replies === page.replies && ancestors === page.ancestors
        ? page
        : { ...page, posts, replies, ancestors };
    });
    return changed ? { ...data, pages } : data;
  });
  void queryClient.resetQueries({
    queryKey: POSTS_ROOT_KEY,
    predicate: (query) => query.queryKey[1] === 'detail' && query.queryKey[2] === postId,
  });
}

/**
 * Cancels the loads of a further page under way in the lists under `queryKey`, restoring each
 * list as it was before the load (with what was set into it since). A page load writes back the
 * pages it read when it started, with its page added: a post put on top of the first page or
 * taken out meanwhile would come back or go again, and the member's own like or repost would be
 * undone on screen. The list asks for the page once more (its sentinel is still in view, or the
 * member clicks "Daha fazla yükle"). Called before the member's own changes only: the socket's
 * stream of others' counts would keep a list from ever loading its next page.
 */
export function cancelPageLoads(queryClient: QueryClient, queryKey: QueryKey = POSTS_ROOT_KEY): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    const meta = query.state.fetchMeta as { fetchMore?: unknown } | null;
    if (query.state.fetchStatus === 'fetching' && meta?.fetchMore) void query.cancel({ revert: true });
  }
}

/**
 * Puts `post` first in the cached list under `queryKey` (when that list is cached). A page load
 * under way is cancelled first (cancelPageLoads): the member's own post and the posts of the
 * "N yeni gönderi" pill stay on top, however short the pages are (`Size özel`'s, two per author).
 */
export function prependToList(queryClient: QueryClient, queryKey: QueryKey, post: Post, { belowPinned = false }: { belowPinned?: boolean } = {}): void {
  const id = postIdOf(post);
  cancelPageLoads(queryClient, queryKey);
  queryClient.setQueriesData<CachedPosts>({ queryKey }, (data) => {
    if (!isInfinite(data) || data.pages.length === 0) return data;
    // The post is listed once: an older copy further down (a post now reposted moves up) goes.
    const pages = data.pages.map((page) =>
      page.posts?.some((item) => postIdOf(item) === id) ? { ...page, posts: page.posts.filter((item) => postIdOf(item) !== id) } : page,
    );
    const [first, ...rest] = pages;
    const list = first.posts ?? [];
    // `belowPinned`: a profile's `Gönderiler` keeps its pinned post on top (issue 27), the new one goes under it.
    const at = belowPinned && list[0]?.isPinned ? 1 : 0;
    return { ...data, pages: [{ ...first, posts: [...list.slice(0, at), post, ...list.slice(at)] }, ...rest] };
  });
}

/** Adds `reply` after the replies already loaded on the cached page of its post. */
export function appendReply(queryClient: QueryClient, queryKey: QueryKey, reply: Post): void {
  const id = postIdOf(reply);
  queryClient.setQueriesData<CachedPosts>({ queryKey }, (data) => {
    if (!isInfinite(data) || data.pages.length === 0) return data;
    const pages = [...data.pages];
    const lastIndex = pages.length - 1;
    const last = pages[lastIndex];
    const replies = (last.replies ?? []).filter((item) => postIdOf(item) !== id);
    pages[lastIndex] = { ...last, replies: [...replies, reply] };
    return { ...data, pages };
  });
}

/**
 * A reply announced by `post:reply`: added after the loaded replies once, only when they are all
 * loaded (oldest first, the newest reply belongs at the very end; with more pages to load it
 * comes with the last one). The viewer's own reply, added from the HTTP answer, is not doubled.
 */
export function addLiveReply(queryClient: QueryClient, queryKey: QueryKey, reply: Post): void {
  const id = postIdOf(reply);
  queryClient.setQueryData<CachedPosts>(queryKey, (data) => {
    if (!isInfinite(data) || data.pages.length === 0) return data;
    const last = data.pages[data.pages.length - 1];
    if (last.nextCursor) return data;
    if (data.pages.some((page) => page.replies?.some((item) => postIdOf(item) === id))) return data;
    const pages = [...data.pages];
    pages[pages.length - 1] = { ...last, replies: [...(last.replies ?? []), reply] };
    return { ...data, pages };
  });
}
