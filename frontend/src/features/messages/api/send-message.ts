import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { useRealtime } from '../../../lib/socket';
import type { Conversation, Message } from '../../../lib/types';
import { addMessages, moveConversationToTop } from './message-cache';

/** The server's limit on a message (trimmed). */
export const MESSAGE_MAX_LENGTH = 1000;

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
 * the message back to it as `message:new` (the answer already carries it).
 */
export function sendMessage(input: SendMessageInput, socketId?: string) {
  return apiClient.post<SendMessageResult>('/messages/send', input, {
    headers: socketId ? { 'X-Socket-Id': socketId } : undefined,
  });
}

/** Sends a message, then shows it in the chat and moves the conversation to the top. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const realtime = useRealtime();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(input, realtime?.socketId),
    onSuccess: (result, { receiverId }) => {
      if (!result?.message) return;
      addMessages(queryClient, receiverId, viewer, [result.message]);
      if (result.conversation) moveConversationToTop(queryClient, viewer, result.conversation);
    },
    // SPEC.md 8: logged, no visible text (the text stays in the box).
    onError: (error) => console.error('Mesaj gönderilemedi', error),
  });
}
