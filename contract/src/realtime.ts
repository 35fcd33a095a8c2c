// The Socket.IO events between the server and a tab (path /socket.io).
import type { Conversation, Message } from './messages.js';
import type { Media } from './media.js';
import type { NotificationNewEvent, NotificationReadEvent } from './notifications.js';
import type { Post, PostCounts } from './posts.js';
import type { PreferencesAnswer } from './preferences.js';
import type { OpenReportsCount } from './reports.js';
import type { ProfileUpdatedEvent } from './users.js';

/** A post's absolute counts after a change: overwrite, never add. */
export type PostEngagementEvent = PostCounts;

/** The post was deleted, by its author or by staff: drop it from view. */
export interface PostDeletedEvent {
  postId: string;
}

/**
 * The post's pictures changed after it was written: staff set or cleared its `sensitive` mark, or
 * its author edited the alt text of one of its pictures. `media` and `sensitive` are the post's
 * whole current values as a guest sees them: overwrite both, wherever the post is shown.
 */
export interface PostUpdatedEvent {
  postId: string;
  media: Media[];
  sensitive: boolean;
}

/**
 * The post `postId` was edited by its author (issue 27): its text and what follows from it, its
 * pictures and mark, as a guest sees them now. A client overwrites these fields of every copy it
 * holds whose `editedAt` is older (events of two quick edits may cross between nodes). Counts,
 * replies and the post's place in lists never change with an edit.
 */
export interface PostEditedEvent {
  postId: string;
  content: string;
  hashtags: string[];
  links: string[];
  mentions: { username: string }[];
  media: Media[];
  sensitive: boolean;
  isEdited: true;
  editedAt: string;
}

/**
 * The fields of a `post:edited` event as `post` (the post object after the edit, as a guest sees
 * it) has them: what the server pushes and what the editing client sets at once.
 */
export function postEditedFields(post: Post): Omit<PostEditedEvent, 'postId'> {
  return {
    content: post.content,
    hashtags: post.hashtags,
    links: post.links,
    mentions: post.mentions ?? [],
    media: post.media ?? [],
    sensitive: post.sensitive ?? false,
    isEdited: true,
    editedAt: post.editedAt ?? new Date().toISOString(),
  };
}

/**
 * A reply to the post `postId` was created: `reply` is the post object as a guest sees it. Sent
 * to the watchers of the replied-to post, so its open page can show the reply.
 */
export interface PostReplyEvent {
  postId: string;
  reply: Post;
}

/**
 * New posts of the last second on one server node, for the connections showing a feed that can
 * contain them. `posts` is oldest first; `post` is the newest of them.
 */
export interface PostNewEvent {
  post: Post;
  posts: Post[];
  /**
   * `following` when sent for the `Takip edilenler` feed (posts and reposts of accounts the
   * receiving member follows, or their own; a repost is its feed item, with `repostedBy`);
   * absent for the global `home` feed. Optional: older servers omit it.
   */
  feed?: FeedName;
}

/**
 * `repost:removed`: the member `userId` took back their repost of `postId`. Sent to the
 * connections showing the `following` feed of that member's followers (and their own), so an
 * item "X yeniden paylaştı" by them disappears.
 */
export interface RepostRemovedEvent {
  postId: string;
  userId: string;
}

export interface MessageNewEvent {
  message: Message;
  conversation: Conversation;
  /**
   * To the receiver only: their total unread messages now (the Mesajlar badge; absolute, at most
   * MESSAGE_UNREAD_COUNT_CAP). Optional: absent on the sender's copies, from older servers, and
   * when the receiver switched message notifications off (`notifications.messages`: the message
   * still arrives, the badge is not pushed).
   */
  totalUnread?: number;
}

/**
 * `preferences:updated`: the member's settings object as saved (the whole object), to their
 * other tabs (not the one that saved it, when it sent `X-Socket-Id`), so they apply it.
 */
export type PreferencesUpdatedEvent = PreferencesAnswer;

/**
 * `message:read`: the messages of one conversation were read, up to `messageId` at `readAt`.
 * `conversationId` is the conversation as the receiving connection's member sees it (the other
 * person's id). `byViewer: false` — the other member read what this member sent them (show
 * `Görüldü`); `byViewer: true` — this member read them on one of their tabs (clear the unread
 * badge of that conversation), with `totalUnread`, their absolute unread total after it.
 */
export interface MessageReadEvent {
  conversationId: string;
  messageId: string;
  readAt: string;
  byViewer: boolean;
  totalUnread?: number;
}

/** `message:typing` to the receiver's connections: the member `from` is typing to them. */
export interface MessageTypingEvent {
  from: string;
}

/** Client → server `message:typing` body: typing to the member `to`. */
export interface MessageTypingBody {
  to: string;
}

/** Answer to `message:typing` when the client passed an ack (refusals without one are silent). */
export type TypingResult = { ok: true } | { ok: false; message: string };

/** A tab sends `message:typing` at most this often while its member types (one connection, one conversation). */
export const TYPING_SEND_INTERVAL_MS = 2_000;
/** The server forwards at most one `message:typing` per connection in this window; more are refused. */
export const TYPING_MIN_INTERVAL_MS = 1_000;
/** `yazıyor…` ends after this long without a `message:typing` (or at once when the message arrives). */
export const TYPING_TIMEOUT_MS = 5_000;

/** Answer to `posts:watch` / `posts:unwatch`: by ack when the client passed one, else as `posts:error`. */
export type WatchResult = { ok: true; watching: number } | { ok: false; message: string };

/**
 * The feeds a connection can say it shows; `home` is the global feed of every member's posts,
 * `following` (members only) the posts and reposts of the accounts the member follows and their own.
 */
export const FEEDS = ['home', 'following'] as const;
export type FeedName = (typeof FEEDS)[number];

/** Answer to `feed:watch` / `feed:unwatch`: by ack when the client passed one, else as `feed:error`. */
export type FeedResult = { ok: true } | { ok: false; message: string };

/** At most this many post ids per `posts:watch` call. */
export const MAX_WATCH_IDS_PER_CALL = 200;

/** `connect_error` messages of a refused handshake. */
export const CONNECT_ERRORS = {
  /** The token is refused: the client should sign in again. */
  unauthorized: 'unauthorized',
  /** The session could not be checked (database away): retry later. */
  unavailable: 'unavailable',
  /** Too many connections from this address or account: retry later. */
  tooManyConnections: 'too_many_connections',
} as const;

/** `follow-requests:count`: the member's pending follow requests (issue 26), at most FOLLOW_REQUESTS_COUNT_MAX. */
export interface FollowRequestsCountEvent {
  count: number;
}

/** `follow-request:approved`: `userId` (the protected account) approved the viewer's request. */
export interface FollowRequestApprovedEvent {
  userId: string;
  username: string;
}

/** Server → client events. */
export interface ServerToClientEvents {
  'post:engagement': (event: PostEngagementEvent) => void;
  'post:deleted': (event: PostDeletedEvent) => void;
  'post:updated': (event: PostUpdatedEvent) => void;
  'post:edited': (event: PostEditedEvent) => void;
  'post:reply': (event: PostReplyEvent) => void;
  'post:new': (event: PostNewEvent) => void;
  'repost:removed': (event: RepostRemovedEvent) => void;
  'message:new': (event: MessageNewEvent) => void;
  'message:read': (event: MessageReadEvent) => void;
  'message:typing': (event: MessageTypingEvent) => void;
  'notification:new': (event: NotificationNewEvent) => void;
  'notification:read': (event: NotificationReadEvent) => void;
  /** To the member's own connections (room `user:<id>`): their profile as everyone now sees it. */
  'profile:updated': (event: ProfileUpdatedEvent) => void;
  'preferences:updated': (event: PreferencesUpdatedEvent) => void;
  /** To staff connections only (room `staff`): the open report cases now, after a report or a resolution. */
  'reports:open': (event: OpenReportsCount) => void;
  /** To the protected member's connections: their pending follow requests now (a request came, was withdrawn, approved or declined). */
  'follow-requests:count': (event: FollowRequestsCountEvent) => void;
  /** To the requester's connections: the protected account approved their follow request (they follow it now). */
  'follow-request:approved': (event: FollowRequestApprovedEvent) => void;
  /** A refused `posts:watch`/`posts:unwatch` sent without an ack callback. */
  'posts:error': (result: WatchResult) => void;
  /** A refused `feed:watch`/`feed:unwatch` sent without an ack callback. */
  'feed:error': (result: FeedResult) => void;
}

/** Client → server events. */
export interface ClientToServerEvents {
  'posts:watch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
  'posts:unwatch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
  'feed:watch': (body: { feed: FeedName }, ack?: (result: FeedResult) => void) => void;
  'feed:unwatch': (body: { feed: FeedName }, ack?: (result: FeedResult) => void) => void;
  'message:typing': (body: MessageTypingBody, ack?: (result: TypingResult) => void) => void;
}
