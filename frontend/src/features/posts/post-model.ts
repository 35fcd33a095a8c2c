// Reading and updating a post in the client's words (post, repost). The server sends every
// field in both of docs/product.md#entities's forms (`liked`/`isLiked`, `likeCount`/`engagement.likes`, …);
// this file is where the wire's `retweet…` names are read, and every update writes both forms
// so the cached post stays the shape the server sends.
import { POST_DEFAULT_MAX_LENGTH, POST_MIN_LENGTH, type PostCounts } from '@gundem/contract';
import { likeCountOf, replyCountOf, repostCountOf } from '../../lib/post-fields';
import type { Post } from '../../lib/types';

/** A post's content limit and the point where the counter warns (docs/product.md#validation, #limits-and-timings). */
export const POST_MAX_LENGTH = POST_DEFAULT_MAX_LENGTH;
export const POST_WARN_LENGTH = 260;

// The read accessors are shared with the back-office (lib/post-fields.ts).
export { authorOf, isLikedBy, isRepostedBy, likeCountOf, postIdOf, replyCountOf, repostCountOf } from '../../lib/post-fields';

/**
 * True when counts of `version` are older than those the post holds (a `post:engagement` of a
 * later change arrived first): the viewer's own state still applies, the counts do not.
 */
function olderThanHeld(post: Post, version: number | undefined): boolean {
  return version !== undefined && post.engagement.version !== undefined && version < post.engagement.version;
}

export function withLike(post: Post, liked: boolean, count: number, version?: number): Post {
  if (olderThanHeld(post, version)) return { ...post, liked, isLiked: liked };
  return {
    ...post,
    liked,
    isLiked: liked,
    likeCount: count,
    engagement: { ...post.engagement, likes: count, ...(version === undefined ? {} : { version }) },
  };
}

export function withRepost(post: Post, reposted: boolean, count: number, version?: number): Post {
  if (olderThanHeld(post, version)) return { ...post, retweeted: reposted, isRetweeted: reposted };
  return {
    ...post,
    retweeted: reposted,
    isRetweeted: reposted,
    retweetCount: count,
    engagement: { ...post.engagement, retweets: count, ...(version === undefined ? {} : { version }) },
  };
}

export function withReplyCount(post: Post, count: number): Post {
  return { ...post, replyCount: count, engagement: { ...post.engagement, replies: count } };
}

/** A post's live counts in the client's words; `version` is the server's engagement version. */
export interface PostCountsView {
  likes: number;
  reposts: number;
  replies: number;
  /** Quotes (issue 27); absent from an older server's event: the held count stays. */
  quotes?: number;
  version?: number;
}

/** The counts of a `post:engagement` event or a reply's `parent` (the wire's names). */
export function countsFrom(counts: PostCounts): PostCountsView {
  return {
    likes: counts.likeCount,
    reposts: counts.retweetCount,
    replies: counts.replyCount,
    ...(counts.quoteCount === undefined ? {} : { quotes: counts.quoteCount }),
    version: counts.version,
  };
}

/**
 * The live counts of a `post:engagement` event (absolute values). The viewer's own `liked` and
 * `retweeted` flags stay as they are: the event is the same for every watcher.
 *
 * Counts with a `version` not newer than the post's (`engagement.version`, seeded by the post
 * response) are older news and are ignored: events of two server nodes, or a refetch racing an
 * event, can arrive in any order.
 */
export function withCounts(post: Post, counts: PostCountsView): Post {
  const { likes, reposts, replies, quotes, version } = counts;
  const held: number | undefined = post.engagement.version;
  if (version !== undefined && held !== undefined && version <= held) return post;
  if (
    likeCountOf(post) === likes &&
    repostCountOf(post) === reposts &&
    replyCountOf(post) === replies &&
    (quotes === undefined || quoteCountOf(post) === quotes) &&
    (version === undefined || version === held)
  ) {
    return post;
  }
  return {
    ...post,
    likeCount: likes,
    retweetCount: reposts,
    replyCount: replies,
    ...(quotes === undefined ? {} : { quoteCount: quotes }),
    engagement: {
      ...post.engagement,
      likes,
      retweets: reposts,
      replies,
      ...(quotes === undefined ? {} : { quotes }),
      ...(version === undefined ? {} : { version }),
    },
  };
}

/** The post's quotes (issue 27): 0 from a server that does not count them. */
export function quoteCountOf(post: Post): number {
  return post.quoteCount ?? post.engagement?.quotes ?? 0;
}

/** The post with `count` quotes, its engagement version kept (the next post:engagement is newer). */
export function withQuoteCount(post: Post, count: number): Post {
  return { ...post, quoteCount: count, engagement: { ...post.engagement, quotes: count } };
}

/** Post validation (docs/product.md#validation): non-empty after trimming and at most 280 characters. */
export function isValidPostText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= POST_MIN_LENGTH && trimmed.length <= POST_MAX_LENGTH;
}
