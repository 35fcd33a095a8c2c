import type { EngagementCounts as LiveCounts } from '../realtime/realtime.types';

/**
 * A post's counters as SQL returns them after a change: `RETURNING ${COUNTS_COLUMNS}` (or the
 * same list in a SELECT over `posts p`). engagement_version is bumped by the same UPDATE that
 * moves a counter (BUMP_VERSION), so the counts and their version are one consistent state.
 */
export const COUNTS_COLUMNS = 'p.id, p.like_count, p.retweet_count, p.reply_count, p.quote_count, p.engagement_version';

/** The SET item every counter UPDATE of posts carries (`UPDATE posts p SET …, ${BUMP_VERSION}`). */
export const BUMP_VERSION = 'engagement_version = p.engagement_version + 1';

export interface CountsRow {
  id: string;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  /** posts.quote_count (issue 27): the post's quotes. */
  quote_count: number;
  engagement_version: number;
}

/** A post's absolute counts after a change, with their version (what a `post:engagement` event carries). */
export interface EngagementCounts extends LiveCounts {
  postId: string;
}

/** The one mapping of a counts row (see COUNTS_COLUMNS). */
export function toEngagementCounts(row: CountsRow): EngagementCounts {
  return { postId: row.id, likeCount: row.like_count, repostCount: row.retweet_count, replyCount: row.reply_count, quoteCount: row.quote_count, version: row.engagement_version };
}
