import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { MessageRefusal, ReadReceipt } from '@gundem/contract';
import type { Message } from '../../../lib/types';
import { MESSAGES_ROOT_KEY } from './get-conversations';

export interface MessagesPage {
  /** Newest first. */
  messages: Message[];
  nextCursor: string | null;
  /**
   * The other member has read the viewer's newest message to them (`Görüldü`); null while not.
   * Only the first (newest) page's counts; `message:read` overwrites it live.
   */
  seen: ReadReceipt | null;
  /**
   * Why the viewer may not write to them now (their `allowMessages`, a block; issue 26), or null
   * when they may. Only the first (newest) page's counts: the composer is disabled with it.
   */
  refusal: MessageRefusal | null;
}

export const MESSAGES_PAGE_SIZE = 30;

export const conversationQueryKey = (userId: string, viewer: string) =>
  [...MESSAGES_ROOT_KEY, 'conversation', userId, viewer] as const;

/**
 * GET /api/messages/conversation/:userId — messages newest first; `cursor` pages back in time,
 * `after` keeps only those newer than a message already held. The server marks the
 * conversation read.
 */
export async function getConversation({
  userId,
  cursor,
  after,
  limit = MESSAGES_PAGE_SIZE,
  signal,
}: {
  userId: string;
  cursor?: string;
  after?: string;
  limit?: number;
  signal?: AbortSignal;
}): Promise<MessagesPage> {
  const data = await apiClient.get<Partial<MessagesPage & { canMessage: boolean; messageRefusal: MessageRefusal }>>(
    `/messages/conversation/${encodeURIComponent(userId)}`,
    { query: { limit, cursor, after }, signal },
  );
  const refusal = data?.canMessage === false ? (data.messageRefusal ?? 'unavailable') : null;
  return { messages: data?.messages ?? [], nextCursor: data?.nextCursor ?? null, seen: data?.seen ?? null, refusal };
}

/** Every message newer than `afterId`, newest first (a few pages at most: it fills a gap). */
export async function getMessagesAfter(userId: string, afterId: string): Promise<Message[]> {
  const messages: Message[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i += 1) {
    const page = await getConversation({ userId, after: afterId, cursor, limit: 100 });
    messages.push(...page.messages);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return messages;
}

export function useConversation(userId: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: conversationQueryKey(userId, viewer),
    queryFn: ({ pageParam, signal }) => getConversation({ userId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: userId.length > 0,
    // Opening a conversation reads it again (and marks it read).
    staleTime: 0,
  });
}
