import type { ConversationUser as ConversationUserResponse, Conversation as ConversationResponse, Message as MessageResponse } from '@gundem/contract';

/** The contract's message and conversation objects (`isOwn`: the viewer sent it). */
export type { ConversationResponse, ConversationUserResponse, MessageResponse };

export function toConversationUser(user: { id: string; displayName: string; username: string; isVerified: boolean; profileImage: string | null }): ConversationUserResponse {
  return { _id: user.id, id: user.id, displayName: user.displayName, username: user.username, isVerified: user.isVerified, profileImage: user.profileImage };
}
