import type { Media, PostQuote } from '@gundem/contract';
import { notBlockedSql } from '../social/blocks.sql';
import { notMutedSql } from '../social/mutes.sql';
import { notProtectedSql } from '../social/protected.sql';
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
  /** posts.edited_at (issue 27): the latest edit's time, null for a post never edited. */
  editedAt: Date | null;
  isPinned: boolean;
  /** posts.media: the post's pictures as the wire has them, in order (denormalised, see the migration MediaAttachments). */
  media: Media[];
  /** posts.sensitive: the author marked the pictures sensitive (shown behind their placeholder). */
  sensitive: boolean;
  /** posts.quote_of_id (issue 27): the post this one quotes, null for none. */
  quoteOfId: string | null;
  /** posts.quote_count: this post's quotes. */
  quoteCount: number;
  /** posts.quotable: the author's quote policy of the post. */
  quotable: boolean;
  /** On a quote: the quoted post as the viewer may see it (one level: its own quote is not read). */
  quoted: QuotedView | null;
  liked: boolean;
  reposted: boolean;
  author: { id: string; username: string; displayName: string; isVerified: boolean; profileImage: string | null; protected: boolean };
  /**
   * The replied-to post and its author's username, for the "yanıt olarak @kullanıcı" line: null
   * for a post that is not a reply, and for a reply whose parent is hidden (its author is
   * deactivated). A deleted parent leaves reply_to_id NULL (the foreign key's ON DELETE SET NULL).
   */
  replyTo: { id: string; username: string } | null;
  /** created_at with PostgreSQL's microseconds, for the page cursor. */
  cursor: Cursor;
}

/** The quoted post of a quote, as the viewer may see it (PostQuote before the wire's names). */
export interface QuotedView {
  id: string;
  state: PostQuote['state'];
  /** With state `visible` only. */
  post?: PostView;
}

/** The quoted post's row as its scalar subquery answers it (QUOTED_POST), JSON-decoded. */
interface QuotedRow extends Omit<PostViewRow, 'created_at' | 'edited_at' | 'quoted' | 'liked' | 'reposted' | 'reply_to_username'> {
  state: PostQuote['state'];
  created_at: string;
  edited_at: string | null;
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
  edited_at: Date | null;
  is_pinned: boolean;
  media: Media[];
  sensitive: boolean;
  quote_of_id: string | null;
  quote_count: number;
  quotable: boolean;
  /** The quoted post (QUOTED_POST), null for a post that quotes none. */
  quoted: QuotedRow | null;
  cursor_at: string;
  author_id: string;
  author_username: string;
  author_display_name: string;
  author_is_verified: boolean;
  /** users.profile_image: the avatar's public URL (null: the initial letter). */
  author_profile_image: string | null;
  /** users.protected (issue 26): the lock beside the author's name. */
  author_protected: boolean;
  liked: boolean;
  reposted: boolean;
  /** The parent's author's username while that author is active (see PostView.replyTo). */
  reply_to_username: string | null;
}

/** The active author's username of `p`'s parent (NULL: no parent, or a hidden one). */
const REPLY_TO_USERNAME = `(SELECT ru.username FROM posts rp JOIN users ru ON ru.id = rp.author_id WHERE rp.id = p.reply_to_id AND ru.is_active)`;

/**
 * The quoted post of a quote in the same statement (issue 27): for a row with quote_of_id, one
 * scalar subquery of two primary-key probes (posts, users), nothing for any other row (the CASE),
 * so a list's index scan, LIMIT and plan stay as they were. It answers what the viewer may be
 * shown: `deleted` (gone, or its author deactivated), `blocked` (a block either way, or the viewer
 * mutes the author), `protected` (a protected author the viewer does not follow), `disabled`
 * (quoting turned off), else `visible` with the post's columns. The text and pictures of any
 * other state never leave the server (toQuotedView drops them). One level: the quoted post's own
 * quote is not read, its quote_of_id goes out for a link.
 */
export function quotedPostSql(viewer: string | null): string {
  const blocked = viewer ? `NOT (${notBlockedSql(viewer, 'qu.id')} AND ${notMutedSql(viewer, 'qu.id')})` : 'false';
  return `CASE WHEN p.quote_of_id IS NULL THEN NULL ELSE coalesce((
    SELECT json_build_object(
      'state', CASE WHEN NOT qu.is_active THEN 'deleted' WHEN coalesce(${blocked}, true) THEN 'blocked'
                    -- A guest's NULL viewer makes the rule NULL: hidden, never shown by default.
                    WHEN NOT coalesce(${notProtectedSql(viewer, 'qu')}, false) THEN 'protected' WHEN NOT q.quotable THEN 'disabled' ELSE 'visible' END,
      'id', q.id, 'content', q.content, 'created_at', to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'reply_to_id', q.reply_to_id, 'hashtags', q.hashtags, 'links', q.links, 'mentions', q.mentions,
      'like_count', q.like_count, 'retweet_count', q.retweet_count, 'reply_count', q.reply_count, 'view_count', q.view_count,
      'engagement_version', q.engagement_version, 'is_edited', q.is_edited, 'edited_at', q.edited_at, 'is_pinned', q.is_pinned,
      'media', q.media, 'sensitive', q.sensitive, 'quote_of_id', q.quote_of_id, 'quote_count', q.quote_count, 'quotable', q.quotable,
      'author_id', qu.id, 'author_username', qu.username, 'author_display_name', qu.display_name, 'author_is_verified', qu.is_verified,
      'author_profile_image', qu.profile_image, 'author_protected', qu.protected)
      FROM posts q JOIN users qu ON qu.id = q.author_id WHERE q.id = p.quote_of_id),
    json_build_object('id', p.quote_of_id, 'state', 'deleted')) END`;
}

/**
 * The select list of every post list (PostsRepository's and the back-office's), over
 * `posts p JOIN users u ON u.id = p.author_id`: one row per post, its author and the viewer's
 * flags as EXISTS subqueries (primary key lookups), so a page costs one query whatever its size.
 * A reply's parent author (the "yanıt olarak @kullanıcı" line, docs/wire-contract.md#post-object)
 * is one more scalar subquery: two primary-key probes (posts, users) per row returned, none for a
 * post that is not a reply, and the list's own index scan and LIMIT stay as they were (a LEFT JOIN
 * in every FROM would give the planner a join to reorder on every list).
 * The post's pictures are its own column (posts.media, the wire's `Media[]` kept on the row):
 * read with the row, no join to media_attachments.
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

/** The same columns for a viewer given as any SQL expression (an InitPlan such as `(SELECT $1::uuid)`). */
export function postViewColumns(viewer: string | null): string {
  return `
  p.id, p.content, p.created_at, p.reply_to_id, p.hashtags, p.links, p.mentions,
  p.like_count, p.retweet_count, p.reply_count, p.view_count, p.engagement_version, p.is_edited, p.edited_at, p.is_pinned,
  p.media, p.sensitive, p.quote_of_id, p.quote_count, p.quotable, ${quotedPostSql(viewer)} AS quoted,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
  u.id AS author_id, u.username AS author_username, u.display_name AS author_display_name,
  u.is_verified AS author_is_verified, u.profile_image AS author_profile_image, u.protected AS author_protected,
  ${REPLY_TO_USERNAME} AS reply_to_username,
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
    editedAt: row.edited_at ?? null,
    isPinned: row.is_pinned,
    media: row.media,
    sensitive: row.sensitive,
    quoteOfId: row.quote_of_id ?? null,
    quoteCount: row.quote_count ?? 0,
    quotable: row.quotable ?? true,
    quoted: row.quoted ? toQuotedView(row.quoted) : null,
    liked: row.liked,
    reposted: row.reposted,
    author: { id: row.author_id, username: row.author_username, displayName: row.author_display_name, isVerified: row.author_is_verified, profileImage: row.author_profile_image, protected: row.author_protected === true },
    replyTo: row.reply_to_id !== null && row.reply_to_username !== null ? { id: row.reply_to_id, username: row.reply_to_username } : null,
    cursor: { createdAt: row.cursor_at, id: row.id },
  };
}

/** The quoted post as the viewer may see it: its text, pictures and author only when `visible`. */
export function toQuotedView(row: QuotedRow): QuotedView {
  if (row.state !== 'visible') return { id: row.id, state: row.state };
  const post = toPostView({
    ...row,
    created_at: new Date(row.created_at),
    edited_at: row.edited_at ? new Date(row.edited_at) : null,
    cursor_at: row.created_at,
    quoted: null,
    liked: false,
    reposted: false,
    reply_to_username: null,
  });
  return { id: row.id, state: 'visible', post };
}
