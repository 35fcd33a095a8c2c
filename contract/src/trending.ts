import type { User } from './users.js';

export interface HashtagTrend {
  hashtag: string;
  postCount: number;
  engagementScore: number;
}

/** GET /api/trending/hashtags */
export interface TrendingHashtagsResponse {
  trends: HashtagTrend[];
}

/** GET /api/trending/users: who to follow. */
export interface TrendingUsersResponse {
  users: User[];
}
