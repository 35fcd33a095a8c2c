import type { MessageRefusal } from './users.js';
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
  /** The avatar's URL; null: the initial letter (absent from older servers). */
  profileImage?: string | null;
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

/**
 * A read receipt: the viewer's newest message to the other member (`messageId`) was read at
 * `readAt` (ISO 8601, UTC), and with it every earlier one. The web app shows `Görüldü` under it.
 */
export interface ReadReceipt {
  messageId: string;
  readAt: string;
}

/** GET /api/messages/conversation/:userId */
export interface MessagesPage extends CursorPage {
  messages: Message[];
  /**
   * Whether the other member has read the viewer's newest message to them: its receipt, or null
   * while it is unread or the viewer has sent them nothing. Optional: older servers omit it.
   */
  seen?: ReadReceipt | null;
  /**
   * Whether the viewer may send the other member a message now (their `allowMessages`, a block),
   * and when not, why: the composer says so and disables sending. Optional: older servers omit it.
   */
  canMessage?: boolean;
  messageRefusal?: MessageRefusal;
}

/** GET /api/messages/unread-count: messages to the viewer not yet read, at most MESSAGE_UNREAD_COUNT_CAP. */
export interface MessagesUnreadCount {
  count: number;
}

/**
 * The total unread count (the Mesajlar nav badge) is exact up to this and stops there: a member
 * who never reads costs the count a bounded read. The badge shows `9+` long before.
 */
export const MESSAGE_UNREAD_COUNT_CAP = 1000;

/** POST /api/messages/send */
export interface SendMessageResponse {
  message: Message;
  conversation: Conversation;
}
