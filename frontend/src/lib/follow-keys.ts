// Query keys a follow changes (lib/follow-refresh.ts), named apart so the lists' own modules and
// the refresh can share them without the refresh's code.
/**
 * The `Takip edilenler` feed's pages in the query cache (one entry per viewer below it). Under the
 * posts root (`features/posts/api/post-cache.ts`), so likes and reposts patch it like every list;
 * named here because a follow changes what it lists.
 */
export const FOLLOWING_FEED_KEY = ['posts', 'following'] as const;

/**
 * One viewer's `Takip edilenler` pages. Here, not beside its query
 * (features/posts/api/get-following-timeline.ts): the live posts and the new-posts pill of a
 * guest's `/` name it, the tab's query is a member's only.
 */
export const followingQueryKey = (viewer: string) => [...FOLLOWING_FEED_KEY, viewer] as const;

/**
 * The profiles' `Takipçiler` / `Takip edilenler` lists (features/profile/api/get-follow-list.ts),
 * below it by member, side and viewer. A follow marks them stale, without reading an open one
 * again: the row just followed or unfollowed stays where it is, its button flipped.
 */
export const FOLLOW_LIST_ROOT = 'follow-list';
