/** SPEC.md's Message: `isOwn` is true when the viewer sent it. */
export interface MessageResponse {
  id: string;
  text: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  isOwn: boolean;
}

export interface ConversationUserResponse {
  _id: string;
  id: string;
  displayName: string;
  username: string;
  isVerified: boolean;
}

/**
 * SPEC.md's Conversation, as the viewer sees it: `id` and `user` are the other person;
 * `lastMessage.isRead` is false only while the last message is to the viewer and unread
 * (the viewer's own last message counts as read); `unreadCount` counts messages to the viewer
 * not yet read.
 */
export interface ConversationResponse {
  id: string;
  user: ConversationUserResponse;
  lastMessage: { text: string; timestamp: string; isRead: boolean };
  unreadCount: number;
}

export function toConversationUser(user: { id: string; displayName: string; username: string; isVerified: boolean }): ConversationUserResponse {
  return { _id: user.id, id: user.id, displayName: user.displayName, username: user.username, isVerified: user.isVerified };
}
