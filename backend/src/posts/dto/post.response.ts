import type { PostView } from '../post-view.sql';

export interface PostAuthorResponse {
  _id: string;
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
}

/** CONTRACT.md's post object: every field of SPEC.md's Post entity, both forms where it lists two. */
export interface PostResponse {
  _id: string;
  id: string;
  content: string;
  createdAt: string;
  user: PostAuthorResponse;
  author: PostAuthorResponse;
  userId: string;
  /**
   * `version`: the post's engagement version (posts.engagement_version), bumped with every change
   * of likes, retweets or replies. A `post:engagement` event carries the same number; a client
   * applies an event only when its version is newer than the one it holds (views are not versioned).
   */
  engagement: { likes: number; retweets: number; replies: number; views: number; version: number };
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  liked: boolean;
  isLiked: boolean;
  retweeted: boolean;
  isRetweeted: boolean;
  hashtags: string[];
  links: string[];
  isEdited: boolean;
  isReply: boolean;
  isRetweet: boolean;
  isPinned: boolean;
  replyToId: string | null;
}

/** The one shape a post leaves the server in: the wire's `retweet` names are given here only. */
export function toPostResponse(post: PostView): PostResponse {
  const author: PostAuthorResponse = {
    _id: post.author.id,
    id: post.author.id,
    username: post.author.username,
    displayName: post.author.displayName,
    isVerified: post.author.isVerified,
  };
  return {
    _id: post.id,
    id: post.id,
    content: post.content,
    createdAt: post.createdAt.toISOString(),
    user: author,
    author,
    userId: post.author.id,
    engagement: { likes: post.likeCount, retweets: post.repostCount, replies: post.replyCount, views: post.viewCount, version: post.engagementVersion },
    likeCount: post.likeCount,
    retweetCount: post.repostCount,
    replyCount: post.replyCount,
    liked: post.liked,
    isLiked: post.liked,
    retweeted: post.reposted,
    isRetweeted: post.reposted,
    hashtags: post.hashtags,
    links: post.links,
    isEdited: post.isEdited,
    isReply: post.replyToId !== null,
    // Reposts are counted on the original; no separate repost items exist in any list yet.
    isRetweet: false,
    isPinned: post.isPinned,
    replyToId: post.replyToId,
  };
}
