// Reading and updating a post whichever form the server used (SPEC.md 3 lists two forms of the
// engagement fields); every update writes both forms so no screen reads a stale one.
import { entityId, type Post, type PostAuthor } from '../../lib/types';

/** A post's content limit and the point where the counter warns (SPEC.md 5, 9). */
export const POST_MAX_LENGTH = 280;
export const POST_WARN_LENGTH = 260;

export function postIdOf(post: Pick<Post, '_id' | 'id'>): string {
  return entityId(post);
}

export function authorOf(post: Post): PostAuthor {
  return post.user ?? post.author ?? {};
}

export function likeCountOf(post: Post): number {
  return post.likeCount ?? post.engagement?.likes ?? 0;
}

export function repostCountOf(post: Post): number {
  return post.retweetCount ?? post.engagement?.retweets ?? 0;
}

export function replyCountOf(post: Post): number {
  return post.replyCount ?? post.engagement?.replies ?? 0;
}

export function isLikedBy(post: Post): boolean {
  return Boolean(post.liked ?? post.isLiked);
}

export function isRepostedBy(post: Post): boolean {
  return Boolean(post.retweeted ?? post.isRetweeted);
}

export function withLike(post: Post, liked: boolean, count: number): Post {
  return {
    ...post,
    liked,
    isLiked: liked,
    likeCount: count,
    engagement: { ...post.engagement, likes: count },
  };
}

export function withRepost(post: Post, reposted: boolean, count: number): Post {
  return {
    ...post,
    retweeted: reposted,
    isRetweeted: reposted,
    retweetCount: count,
    engagement: { ...post.engagement, retweets: count },
  };
}

export function withReplyCount(post: Post, count: number): Post {
  return { ...post, replyCount: count, engagement: { ...post.engagement, replies: count } };
}

/**
 * The live counts of a `post:engagement` event (absolute values). The viewer's own `liked` and
 * `retweeted` flags stay as they are: the event is the same for every watcher.
 *
 * Counts with a `version` not newer than the post's (`engagement.version`, seeded by the post
 * response) are older news and are ignored: events of two server nodes, or a refetch racing an
 * event, can arrive in any order.
 */
export function withCounts(
  post: Post,
  counts: { likeCount: number; retweetCount: number; replyCount: number; version?: number },
): Post {
  const { likeCount, retweetCount, replyCount, version } = counts;
  const held = post.engagement?.version;
  if (version !== undefined && held !== undefined && version <= held) return post;
  if (
    likeCountOf(post) === likeCount &&
    repostCountOf(post) === retweetCount &&
    replyCountOf(post) === replyCount &&
    (version === undefined || version === held)
  ) {
    return post;
  }
  return {
    ...post,
    likeCount,
    retweetCount,
    replyCount,
    engagement: {
      ...post.engagement,
      likes: likeCount,
      retweets: retweetCount,
      replies: replyCount,
      ...(version === undefined ? {} : { version }),
    },
  };
}

/** Post validation (SPEC.md 5): non-empty after trimming and at most 280 characters. */
export function isValidPostText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= POST_MAX_LENGTH;
}
