import type { PostCounts as CountsResponse, LikeResponse, RepostResponse } from '@gundem/contract';
import type { EngagementCounts } from '../engagement-counts';
import type { ToggleResult } from '../engagement.service';

/** Both forms of docs/wire-contract.md#engagement-answer: `liked`/`likesCount` (home) and `isLiked`/`likes` (profile). */
export function toLikeResponse(result: ToggleResult): LikeResponse {
  return { liked: result.active, likesCount: result.likeCount, isLiked: result.active, likes: result.likeCount, version: result.version };
}

export function toRepostResponse(result: ToggleResult): RepostResponse {
  return { retweeted: result.active, retweetsCount: result.repostCount, isRetweeted: result.active, retweets: result.repostCount, version: result.version };
}

/** A post's counts in the wire's names, as `post:engagement` has them (a reply's `parent`). */
export type { CountsResponse };

export function toCountsResponse(counts: EngagementCounts): CountsResponse {
  return { postId: counts.postId, likeCount: counts.likeCount, retweetCount: counts.repostCount, replyCount: counts.replyCount, quoteCount: counts.quoteCount, version: counts.version };
}
