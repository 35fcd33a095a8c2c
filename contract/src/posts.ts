import type { Identified } from './common.js';
import type { Media } from './media.js';
import type { CursorPage } from './pagination.js';

/** The author fields a post carries (`user` and `author` are the same object). */
export interface PostAuthor extends Identified {
  username: string;
  displayName: string;
  isVerified: boolean;
  /** The avatar's URL; null: the initial letter. Always sent on a post's author (absent from older servers, and on `repostedBy`). */
  profileImage?: string | null;
  /** A protected account (issue 26, `Gönderilerimi koru`): the card shows a lock beside the name. Absent on `repostedBy` and from older servers. */
  protected?: boolean;
}

/**
 * A post as the server sends it. The wire keeps the old names (`retweet…`) and both forms of the
 * viewer's flags (`liked`/`isLiked`, `retweeted`/`isRetweeted`); the server always sends both.
 */
export interface Post extends Identified {
  content: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  user: PostAuthor;
  author: PostAuthor;
  userId: string;
  /**
   * `version`: the post's engagement version, bumped with every change of likes, retweets or
   * replies. A `post:engagement` event carries the same number; a client applies an event only
   * when its version is newer than the one it holds (views are not versioned).
   */
  engagement: { likes: number; retweets: number; replies: number; views: number; version: number; quotes?: number };
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
  /**
   * ISO 8601, UTC: the latest edit's time (issue 27), null for a post never edited: the card's
   * `düzenlendi` and its title. A client keeps the copy with the newer `editedAt` (see
   * PostEditedEvent). Optional: older servers leave it out.
   */
  editedAt?: string | null;
  isReply: boolean;
  isRetweet: boolean;
  /**
   * The author's pinned post (issue 27, `Profile sabitle`; at most one per member), wherever the
   * post shows. Their profile's `Gönderiler` lists it first, under `Sabitlenmiş`.
   */
  isPinned: boolean;
  replyToId: string | null;
  /**
   * Quote posts (issue 27). `quoteOfId`: the post this one quotes (null: none), shown as the
   * `quote` card. `quoteCount`: this post's quotes (the `Alıntılar` list). `quotable`: its author
   * lets it be quoted (the quote policy; false shows existing quotes' card as unavailable).
   * Optional: older servers leave them out.
   */
  quoteOfId?: string | null;
  quoteCount?: number;
  quotable?: boolean;
  /** On a quote only: the quoted post's card, as the viewer may see it. */
  quote?: PostQuote;
  /**
   * The post's images in the author's order (0–`maxImagesPerPost`), each with its sizes, aspect
   * ratio, placeholder and alt text (issue 24). Optional: a server before issue 24 leaves it out.
   */
  media?: Media[];
  /** `Hassas içerik`: show the images blurred behind their placeholder until the viewer reveals them. */
  sensitive?: boolean;
  /**
   * The `@username` mentions of `content` that named an existing account when the post was
   * written (the account's own spelling), at most MAX_MENTIONS_PER_POST: link these to profiles,
   * leave any other `@word` as text. Optional: older servers do not send it.
   */
  mentions?: PostMention[];
  /**
   * On a reply only (absent on other posts): the post it answers and that post's author, for the
   * "yanıt olarak @kullanıcı" line. Null when the original cannot be shown (its author is
   * deactivated). A deleted original makes the reply a post of its own (`replyToId` null, no
   * `replyTo`). Optional: a server before issue 15 leaves it out.
   */
  replyTo?: PostReplyTo | null;
  /**
   * Only in the `Takip edilenler` feed (GET /api/posts/timeline/following), on an item that is
   * there because a followed account (or the viewer) reposted the post: who reposted it, shown
   * as "X yeniden paylaştı" above the original. The newest such repost wins (a post is listed
   * once). Absent everywhere else.
   */
  repostedBy?: PostAuthor;
  /** With `repostedBy`: when that repost was made (ISO 8601, UTC), the item's place in the feed. */
  repostedAt?: string;
}

/**
 * The quoted post inside a quote's card (one level: the quoted post's own `quote` is never sent;
 * its `quoteOfId` says it quotes another, which a client links to). `state` says what may be
 * shown: `visible` with `post`; otherwise only the sentence: `deleted` (`Bu gönderi artık yok`,
 * also for a deactivated author), `protected` (`Bu gönderi korunuyor`), `blocked` (a block or mute
 * between the viewer and its author), `disabled` (its author turned quoting off).
 */
export interface PostQuote {
  id: string;
  state: 'visible' | 'deleted' | 'protected' | 'blocked' | 'disabled';
  post?: Post;
}

/** PUT /api/posts/:id/quotable (issue 27): the author's quote policy of one post. */
export interface QuotePolicyState {
  quotable: boolean;
}

/** The post a reply answers: link the line to `/post/{id}`, the name to `/profile/{username}`. */
export interface PostReplyTo {
  id: string;
  username: string;
}

export interface PostMention {
  username: string;
}

/**
 * One post's absolute counts after a change (a `post:engagement` event, a reply's `parent`):
 * clients overwrite, never add, and only with a `version` newer than the one they hold.
 */
export interface PostCounts {
  postId: string;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  /** Quotes of the post (issue 27). Optional: older servers leave it out. */
  quoteCount?: number;
  version: number;
}

/** GET /api/posts/timeline, /api/posts/search, /api/posts/user/:username (and its /replies, /likes) */
export interface PostPage extends CursorPage {
  posts: Post[];
}

/**
 * GET /api/posts/:id: the post and a page of its replies, oldest first. `ancestors`: on the first
 * page only, the posts above it in its thread, root first (at most 10; when the first of them is
 * itself a reply, more are above it). Optional: absent on later pages and from older servers.
 */
export interface PostThread extends CursorPage {
  post: Post;
  replies: Post[];
  ancestors?: Post[];
}

/** POST /api/posts: a reply also answers its parent's counts after it, a quote its quoted post's (issue 27). */
export interface CreatePostResponse {
  post: Post;
  parent?: PostCounts;
  quoted?: PostCounts;
}

/**
 * DELETE /api/posts/:id (the author's own post): `message` is `Gönderi silindi!`; a deleted
 * reply also answers its parent's counts after it (set them, do not subtract one).
 */
export interface DeletePostResponse {
  message: string;
  parent?: PostCounts;
}

/**
 * PATCH /api/posts/:id (issue 27): the author's edit. Every field is optional; what is left out
 * stays as it is. `content`: the whole new text (the length limit of a new post, may be empty
 * with pictures). `media`: the whole new list of pictures in order, each an upload of the author's
 * (a new one, or one the post carries or carried), with its alt text (`alt` absent: as stored;
 * null or empty: none). `sensitive`: the pictures' `Hassas içerik` mark. An edit that changes
 * nothing answers the post as it is and writes no version.
 */
export interface EditPostRequest {
  content?: string;
  media?: EditPostMedia[];
  sensitive?: boolean;
}

export interface EditPostMedia {
  id: string;
  alt?: string | null;
}

/**
 * One version of an edited post (GET /api/posts/:id/history, newest first): the text, pictures
 * and `sensitive` mark it had from `createdAt` on. The oldest is the original (its `createdAt` is
 * the post's); the newest is the post as it is now.
 */
export interface PostVersion {
  id: string;
  content: string;
  media: Media[];
  sensitive: boolean;
  createdAt: string;
}

/** GET /api/posts/:id/history: the versions, newest first, in keyset pages; `[]` for a post never edited. */
export interface PostHistoryPage extends CursorPage {
  versions: PostVersion[];
}

/**
 * PUT, DELETE and GET /api/posts/:id/bookmark (issue 27): whether the post is in the viewer's
 * private `Yer işaretleri` (GET /api/bookmarks, a PostPage newest bookmark first).
 */
export interface BookmarkState {
  bookmarked: boolean;
}

/**
 * PUT and DELETE /api/posts/:id/pin (issue 27, `Profile sabitle`): whether the post is its
 * author's pinned post after the call. At most one per member: a pin replaces the earlier one.
 */
export interface PinState {
  pinned: boolean;
}

export interface LikeResponse {
  liked: boolean;
  isLiked: boolean;
  likesCount: number;
  likes: number;
  /** The post's engagement version after the call (see PostCounts): older counts never win. */
  version: number;
}

/** POST, PUT and DELETE /api/posts/:id/retweet: both forms of the state after the call. */
export interface RepostResponse {
  retweeted: boolean;
  isRetweeted: boolean;
  retweetsCount: number;
  retweets: number;
  /** The post's engagement version after the call (see PostCounts). */
  version: number;
}

/**
 * GET /api/posts/popular (explore's `Popüler`): top-level posts of the last POPULAR_WINDOW_HOURS
 * by active authors, by engagement score (likes + 2 × reposts + 2 × replies), at most
 * POPULAR_MAX_POSTS in all, in keyset pages (`PostPage`).
 */
export const POPULAR_WINDOW_HOURS = 24;
export const POPULAR_MAX_POSTS = 50;
export const POPULAR_WEIGHTS = { like: 1, repost: 2, reply: 2 } as const;
