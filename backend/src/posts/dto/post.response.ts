import type { PostAuthor as PostAuthorResponse, Post as PostResponse } from '@gundem/contract';
import type { PostView } from '../post-view.sql';

/** The post object of docs/wire-contract.md#post-object: every field, both forms where there are two. */
export type { PostAuthorResponse, PostResponse };

/** The one shape a post leaves the server in: the wire's `retweet` names are given here only. */
export function toPostResponse(post: PostView): PostResponse {
  const author: PostAuthorResponse = {
    _id: post.author.id,
    id: post.author.id,
    username: post.author.username,
    displayName: post.author.displayName,
    isVerified: post.author.isVerified,
    profileImage: post.author.profileImage,
    protected: post.author.protected === true,
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
    editedAt: post.editedAt ? post.editedAt.toISOString() : null,
    isReply: post.replyToId !== null,
    // Reposts are counted on the original; no separate repost items exist in any list yet.
    isRetweet: false,
    isPinned: post.isPinned,
    replyToId: post.replyToId,
    mentions: post.mentions.map((username) => ({ username })),
    media: post.media,
    sensitive: post.sensitive,
    // Only on replies, so a post that is not one keeps the shape it had.
    ...(post.replyToId !== null && { replyTo: post.replyTo }),
  };
}
