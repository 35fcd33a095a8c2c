import type { User } from './users.js';

export interface HashtagTrend {
  hashtag: string;
  postCount: number;
  engagementScore: number;
}

/** Explore's `Gündemdeki konular` (issue 26): GET /api/trending/hashtags?limit=10. */
export const EXPLORE_TRENDS_LIMIT = 10;
/** Explore's `Önerilen hesaplar` under the trends: GET /api/trending/users?limit=3. */
export const EXPLORE_SUGGESTIONS_LIMIT = 3;

/** GET /api/trending/hashtags */
export interface TrendingHashtagsResponse {
  trends: HashtagTrend[];
}

/** GET /api/trending/users: who to follow. */
export interface TrendingUsersResponse {
  users: User[];
}

/** One hashtag staff hid from the trends (docs/wire-contract.md#trend-review). */
export interface HiddenHashtag {
  /** Without `#`, lowercase as posts store it. */
  hashtag: string;
  /** ISO 8601. */
  hiddenAt: string;
  /** Null once that account is gone. */
  hiddenBy: { id: string; username: string } | null;
}

/** GET /api/admin/trends/hidden (staff): newest first. */
export interface HiddenHashtagsResponse {
  hashtags: HiddenHashtag[];
}

/** PUT and DELETE /api/admin/trends/hidden/:tag (staff). */
export interface HashtagReviewResponse {
  message: string;
  hashtag: string;
  hidden: boolean;
}
