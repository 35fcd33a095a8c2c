import type { Server, Socket } from 'socket.io';
import type { ConversationResponse, MessageResponse } from '../messages/dto/message.response';

/** A post's absolute counts after a change: clients overwrite, never add (see CONTRACT.md). */
export interface EngagementCounts {
  likeCount: number;
  repostCount: number;
  replyCount: number;
  /**
   * posts.engagement_version of these counts, bumped in the same UPDATE as any of them: the
   * higher version is the newer state. Events of two nodes (or two requests of one node) can
   * arrive in any order, so a coalescer and a client keep only the highest version they saw.
   */
  version: number;
}

/** The wire's `post:engagement` (CONTRACT.md): the counts under their wire names (`retweetCount`). */
export interface PostEngagementEvent {
  postId: string;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  version: number;
}

/** The post was deleted (by staff): drop it from view; no `post:engagement` for it follows from this node. */
export interface PostDeletedEvent {
  postId: string;
}

export interface MessageNewEvent {
  message: MessageResponse;
  conversation: ConversationResponse;
}

/** Answer to `posts:watch` / `posts:unwatch`: by ack when the client passed one, else as `posts:error`. */
export type WatchResult = { ok: true; watching: number } | { ok: false; message: string };

/** The feeds a connection can say it shows; `home` is the global feed of every member's posts. */
export const FEEDS = ['home'] as const;
export type FeedName = (typeof FEEDS)[number];

/** Answer to `feed:watch` / `feed:unwatch`: by ack when the client passed one, else as `feed:error`. */
export type FeedResult = { ok: true } | { ok: false; message: string };

/**
 * New posts of the last second on one node, for the connections showing a feed that can contain
 * them. `posts` is oldest first; `post` is the newest of them (what clients before batching read).
 */
export interface PostNewEvent {
  post: object;
  posts: object[];
}

/** Server → client events of CONTRACT.md's "Socket.IO" section. */
export interface ServerToClientEvents {
  'post:engagement': (event: PostEngagementEvent) => void;
  'post:deleted': (event: PostDeletedEvent) => void;
  'post:new': (event: PostNewEvent) => void;
  'message:new': (event: MessageNewEvent) => void;
  /** A refused `posts:watch`/`posts:unwatch` sent without an ack callback. */
  'posts:error': (result: WatchResult) => void;
  /** A refused `feed:watch`/`feed:unwatch` sent without an ack callback. */
  'feed:error': (result: FeedResult) => void;
}

export interface ClientToServerEvents {
  'posts:watch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
  'posts:unwatch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
  'feed:watch': (body: { feed: FeedName }, ack?: (result: FeedResult) => void) => void;
  'feed:unwatch': (body: { feed: FeedName }, ack?: (result: FeedResult) => void) => void;
}

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
  /** Whether the caps count this connection (until it disconnects). */
  counted?: boolean;
  /** Posts this connection watches, as counted against its address's budget. */
  watched?: number;
  /** Client → server event budget (token bucket), and events refused in a row since the last accepted one. */
  tokens?: number;
  tokensAt?: number;
  refused?: number;
}

/** Node → node messages (Socket.IO serverSideEmit, through the Redis adapter). */
export interface InterServerEvents {
  /** A user's session row changed: drop it from this node's SessionCache. */
  'session:invalidate': (userId: string) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
export const postRoom = (postId: string) => `post:${postId}`;
export const feedRoom = (feed: FeedName) => `feed:${feed}`;
