import type { Cursor } from '../common/pagination/cursor';

/** A post as lists show it: the post, its author, and the viewer's like/repost flags. */
export interface PostView {
  id: string;
  content: string;
  createdAt: Date;
  replyToId: string | null;
  hashtags: string[];
  links: string[];
  /** posts.mentions: accounts the post mentions, as they spell their usernames. */
  mentions: string[];
  likeCount: number;
  repostCount: number;
  replyCount: number;
  viewCount: number;
  /** posts.engagement_version: bumped with every change of the like, repost and reply counts. */
  engagementVersion: number;
  isEdited: boolean;
  isPinned: boolean;
  liked: boolean;
  reposted: boolean;
  author: { id: string; username: string; displayName: string; isVerified: boolean };
  /** created_at with PostgreSQL's microseconds, for the page cursor. */
  cursor: Cursor;
}

/** A row selected with POST_VIEW_COLUMNS. */
export interface PostViewRow {
  id: string;
  content: string;
  created_at: Date;
  reply_to_id: string | null;
  hashtags: string[];
  links: string[];
  mentions: string[];
  like_count: number;
  retweet_count: number;
  reply_count: number;
  view_count: number;
  engagement_version: number;
  is_edited: boolean;
  is_pinned: boolean;
  cursor_at: string;
  author_id: string;
  author_username: string;
  author_display_name: string;
  author_is_verified: boolean;
  liked: boolean;
  reposted: boolean;
}

/**
 * The select list of every post list (PostsRepository's and the back-office's), over
 * `posts p JOIN users u ON u.id = p.author_id`: one row per post, its author and the viewer's
 * flags as EXISTS subqueries (primary key lookups), so a page costs one query whatever its size.
 * `$1` is always the viewer's id (NULL for a guest: `user_id = NULL` is never true, so both
 * flags are false). Map the rows with toPostView.
 */
export const POST_VIEW_COLUMNS = postViewColumns('$1');

/**
 * The same columns read by nobody in particular (a guest, or the shared first page): the flags
 * are constants and the statement has no viewer parameter, so a prepared statement's generic
 * plan is as good as a custom one and PostgreSQL reuses it.
 */
export const POST_VIEW_COLUMNS_NO_VIEWER = postViewColumns(null);

function postViewColumns(viewer: string | null): string {
  return `
  p.id, p.content, p.created_at, p.reply_to_id, p.hashtags, p.links, p.mentions,
  p.like_count, p.retweet_count, p.reply_count, p.view_count, p.engagement_version, p.is_edited, p.is_pinned,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
  u.id AS author_id, u.username AS author_username, u.display_name AS author_display_name,
  u.is_verified AS author_is_verified,
  ${viewer ? `EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ${viewer}::uuid AND l.post_id = p.id)` : 'false'} AS liked,
  ${viewer ? `EXISTS (SELECT 1 FROM reposts r WHERE r.user_id = ${viewer}::uuid AND r.post_id = p.id)` : 'false'} AS reposted`;
}

export function toPostView(row: PostViewRow): PostView {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at,
    replyToId: row.reply_to_id,
    hashtags: row.hashtags,
    links: row.links,
    mentions: row.mentions,
    likeCount: row.like_count,
    repostCount: row.retweet_count,
    replyCount: row.reply_count,
    viewCount: row.view_count,
    engagementVersion: row.engagement_version,
    isEdited: row.is_edited,
    isPinned: row.is_pinned,
    liked: row.liked,
    reposted: row.reposted,
    author: { id: row.author_id, username: row.author_username, displayName: row.author_display_name, isVerified: row.author_is_verified },
    cursor: { createdAt: row.cursor_at, id: row.id },
  };
}
