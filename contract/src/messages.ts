import type { CursorPage } from './pagination.js';

/** A direct message: `isOwn` is true when the viewer sent it. */
export interface Message {
  id: string;
  text: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  isOwn: boolean;
}

export interface ConversationUser {
  _id: string;
  id: string;
  displayName: string;
  username: string;
  isVerified: boolean;
}

/**
 * A conversation as the viewer sees it: `id` and `user` are the other person;
 * `lastMessage.isRead` is false only while the last message is to the viewer and unread;
 * `unreadCount` counts messages to the viewer not yet read.
 */
export interface Conversation {
  id: string;
  user: ConversationUser;
  lastMessage: { text: string; timestamp: string; isRead: boolean };
  unreadCount: number;
}

/** GET /api/messages/conversations */
export interface ConversationsPage extends CursorPage {
  conversations: Conversation[];
}

/** GET /api/messages/conversation/:userId */
export interface MessagesPage extends CursorPage {
  messages: Message[];
}

/** POST /api/messages/send */
export interface SendMessageResponse {
  message: Message;
  conversation: Conversation;
}
