import type { Language } from '../common/i18n/language';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, FeedName, ServerToClientEvents } from '@gundem/contract';

/** A post's absolute counts after a change: clients overwrite, never add (see docs/wire-contract.md#postengagement). */
export interface EngagementCounts {
  likeCount: number;
  repostCount: number;
  replyCount: number;
  /** Quotes of the post (issue 27). */
  quoteCount: number;
  /**
   * posts.engagement_version of these counts, bumped in the same UPDATE as any of them: the
   * higher version is the newer state. Events of two nodes (or two requests of one node) can
   * arrive in any order, so a coalescer and a client keep only the highest version they saw.
   */
  version: number;
}

// The events and their payloads are the wire contract's: a change there fails this build.
export type {
  ClientToServerEvents,
  FeedName,
  FeedResult,
  MessageNewEvent,
  PostDeletedEvent,
  PostEngagementEvent,
  PostNewEvent,
  PostUpdatedEvent,
  RepostRemovedEvent,
  ServerToClientEvents,
  TypingResult,
  WatchResult,
} from '@gundem/contract';
export { FEEDS } from '@gundem/contract';

export interface SocketData {
  /** Set by the handshake middleware for a signed-in connection; undefined for a guest. */
  userId?: string;
  /** The token's `exp` (seconds since the epoch): the connection ends then (signed in only). */
  exp?: number;
  /** The session version and role the connection was admitted with: a change ends it (signed in only). */
  ver?: number;
  role?: string;
  /** The client's address the caps count it under (set by the handshake middleware). */
  address?: string;
  /** The language of the server's answers to this connection (set by the handshake middleware; see connectionLanguage). */
  language?: Language;
  /** Whether the caps count this connection (until it disconnects). */
  counted?: boolean;
  /** Posts this connection watches, as counted against its address's budget. */
  watched?: number;
  /** The connection's `posts:watch`/`posts:unwatch` calls, applied one after the other (a watch reads blocks first). */
  watchQueue?: Promise<void>;
  /** Client → server event budget (token bucket), and events refused in a row since the last accepted one. */
  tokens?: number;
  tokensAt?: number;
  refused?: number;
  /** When this connection's last `message:typing` was accepted (see typing.ts). */
  typingAt?: number;
}

/** Node → node messages (Socket.IO serverSideEmit, through the Redis adapter). */
export interface InterServerEvents {
  /** A user's session row changed: drop it from this node's SessionCache. */
  'session:invalidate': (userId: string) => void;
  /** The account turned `Gönderilerimi koru` on (issue 26): each node turns the non-followers out of its posts' rooms. */
  'protection:on': (userId: string) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
/** Every connection of a staff member (moderator, admin): the moderation desk's live badge. */
export const STAFF_ROOM = 'staff';
export const postRoom = (postId: string) => `post:${postId}`;
export const feedRoom = (feed: FeedName) => `feed:${feed}`;
/**
 * A member's connections showing the home feed (beside `feed:home`): where a `post:new` batch
 * goes without the posts of accounts the member blocks or is blocked by (issue 25).
 */
export const homeRoom = (userId: string) => `home:${userId}`;
/** Connections showing the `following` feed of a member who follows (or is) this author: their `post:new` and `repost:removed`. */
export const authorRoom = (userId: string) => `author:${userId}`;
/** Every connection of this member showing their `following` feed (a follow or unfollow moves them in or out of an author room). */
export const followingRoom = (userId: string) => `following:${userId}`;
