import type { Server, Socket } from 'socket.io';
import type { ConversationResponse, MessageResponse } from '../messages/dto/message.response';

/** A post's absolute counts after a change: clients overwrite, never add (see CONTRACT.md). */
export interface EngagementCounts {
  likeCount: number;
  retweetCount: number;
  replyCount: number;
}

export interface PostEngagementEvent extends EngagementCounts {
  postId: string;
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

/** Server → client events of CONTRACT.md's "Socket.IO" section. */
export interface ServerToClientEvents {
  'post:engagement': (event: PostEngagementEvent) => void;
  'post:deleted': (event: PostDeletedEvent) => void;
  'post:new': (event: { post: object }) => void;
  'message:new': (event: MessageNewEvent) => void;
  /** A refused `posts:watch`/`posts:unwatch` sent without an ack callback. */
  'posts:error': (result: WatchResult) => void;
}

export interface ClientToServerEvents {
  'posts:watch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
  'posts:unwatch': (postIds: string[], ack?: (result: WatchResult) => void) => void;
}

export interface SocketData {
  /** Set by the handshake middleware for a signed-in connection; undefined for a guest. */
  userId?: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
export const postRoom = (postId: string) => `post:${postId}`;
