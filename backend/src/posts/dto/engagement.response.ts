import type { ToggleResult } from '../engagement.service';

/** Both forms of SPEC.md: `liked`/`likesCount` (home) and `isLiked`/`likes` (profile). */
export function toLikeResponse(result: ToggleResult) {
  return { liked: result.active, likesCount: result.likeCount, isLiked: result.active, likes: result.likeCount };
}

export function toRepostResponse(result: ToggleResult) {
  return { retweeted: result.active, retweetsCount: result.retweetCount, isRetweeted: result.active, retweets: result.retweetCount };
}
