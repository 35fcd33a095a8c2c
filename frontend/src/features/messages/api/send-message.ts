import { MESSAGE_MAX_LENGTH } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import type { Conversation, Message } from '../../../lib/types';

/** The server's limit on a message (trimmed). */
export { MESSAGE_MAX_LENGTH };

export interface SendMessageInput {
  receiverId: string;
  content: string;
}

export interface SendMessageResult {
  message: Message;
  conversation?: Conversation;
}

/**
 * POST /api/messages/send. `socketId` names this tab's socket so that the server does not echo
 * the message back to it as `message:new` (the answer already carries it). With
 * `idempotencyKey`, sending it again answers the first message instead of a second one.
 */
export function sendMessage(input: SendMessageInput, socketId?: string, idempotencyKey?: string) {
  const headers: Record<string, string> = {};
  if (socketId) headers['X-Socket-Id'] = socketId;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  return apiClient.post<SendMessageResult>('/messages/send', input, { headers });
}
