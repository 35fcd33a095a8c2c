import { MESSAGE_MAX_LENGTH } from '@gundem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { idempotencyKeyFor, WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import { useRealtime } from '../../../lib/realtime/hooks';
import type { Conversation, Message } from '../../../lib/types';
import { addMessages, moveConversationToTop } from './message-cache';

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

/** Sends a message, then shows it in the chat and moves the conversation to the top. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const realtime = useRealtime();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'send-message'],
    // One key per send, the same on this mutation's own retries (see idempotencyKeyFor).
    mutationFn: (input: SendMessageInput) =>
      sendMessage(input, realtime?.socketId, idempotencyKeyFor(input)),
    onSuccess: (result, { receiverId }) => {
      if (!result?.message) return;
      addMessages(queryClient, receiverId, viewer, [result.message]);
      if (result.conversation) moveConversationToTop(queryClient, viewer, result.conversation);
    },
    // docs/product.md#error-texts: logged, no visible text (the text stays in the box).
    onError: (error) => console.error('Mesaj gönderilemedi', error),
  });
}
