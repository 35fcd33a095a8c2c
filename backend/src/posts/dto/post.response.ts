import type { PostAuthor as PostAuthorResponse, Post as PostResponse } from '@gundem/contract';
import type { PostQuote } from '@gundem/contract';
import type { PostView, QuotedView } from '../post-view.sql';

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
    engagement: { likes: post.likeCount, retweets: post.repostCount, replies: post.replyCount, views: post.viewCount, version: post.engagementVersion, quotes: post.quoteCount },
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
    quoteOfId: post.quoteOfId,
    quoteCount: post.quoteCount,
    quotable: post.quotable,
    // Only on a quote, so a post that is none keeps the shape it had.
    ...(post.quoted && { quote: toPostQuote(post.quoted) }),
    mentions: post.mentions.map((username) => ({ username })),
    media: post.media,
    sensitive: post.sensitive,
    // Only on replies, so a post that is not one keeps the shape it had.
    ...(post.replyToId !== null && { replyTo: post.replyTo }),
  };
}

/** The quoted post's card: the post (without a quote of its own: one level) only when visible. */
function toPostQuote(quoted: QuotedView): PostQuote {
  return quoted.post ? { id: quoted.id, state: quoted.state, post: toPostResponse(quoted.post) } : { id: quoted.id, state: quoted.state };
}
