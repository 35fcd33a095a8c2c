import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { Conversation } from '../../../lib/types';

export interface ConversationsPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

export const MESSAGES_ROOT_KEY = ['messages'] as const;

export const conversationsQueryKey = (viewer: string) =>
  [...MESSAGES_ROOT_KEY, 'conversations', viewer] as const;

/** GET /api/messages/conversations — newest last message first, with unread counts. */
export async function getConversations({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<ConversationsPage> {
  const data = await apiClient.get<Partial<ConversationsPage>>('/messages/conversations', {
    query: { limit: 30, cursor },
    signal,
  });
  return { conversations: data?.conversations ?? [], nextCursor: data?.nextCursor ?? null };
}

export function useConversations() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: conversationsQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getConversations({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The socket keeps it current while the screen is open; coming back asks again.
    staleTime: 0,
  });
}
