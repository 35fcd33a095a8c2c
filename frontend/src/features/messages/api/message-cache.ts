// The conversation list and the open conversation live in the query cache; the send answer and
// `message:new` events are written into them directly, without a refetch.
import type { ReadReceipt } from '@gundem/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../lib/types';
import { conversationQueryKey, getMessagesAfter, type MessagesPage } from './get-conversation';
import { conversationsQueryKey, type ConversationsPage } from './get-conversations';

type CachedConversations = InfiniteData<ConversationsPage>;
type CachedMessages = InfiniteData<MessagesPage>;

/** Adds messages (newest first) at the newest end of a cached conversation, each once. */
export function addMessages(
  queryClient: QueryClient,
  userId: string,
  viewer: string,
  messages: Message[],
): void {
  if (messages.length === 0) return;
  queryClient.setQueryData<CachedMessages>(conversationQueryKey(userId, viewer), (data) => {
    if (!data || data.pages.length === 0) return data;
    const held = new Set(data.pages.flatMap((page) => page.messages.map((message) => message.id)));
    const fresh = messages.filter((message) => !held.has(message.id));
    if (fresh.length === 0) return data;
    const [first, ...rest] = data.pages;
    const merged = [...fresh, ...first.messages].sort(
      (a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime(),
    );
    return { ...data, pages: [{ ...first, messages: merged }, ...rest] };
  });
}

/** The newest message held for a conversation, if any. */
export function newestMessage(
  queryClient: QueryClient,
  userId: string,
  viewer: string,
): Message | undefined {
  const data = queryClient.getQueryData<CachedMessages>(conversationQueryKey(userId, viewer));
  return data?.pages[0]?.messages[0];
}

/**
 * Fetches what a cached conversation is missing since its newest message (`after=`), which
 * also marks it read. Without a message to start from, the conversation is read again.
 */
export async function fillConversationGap(
  queryClient: QueryClient,
  userId: string,
  viewer: string,
  since: Message | undefined = newestMessage(queryClient, userId, viewer),
): Promise<void> {
  const key = conversationQueryKey(userId, viewer);
  if (!queryClient.getQueryData(key)) return;
  if (!since) {
    await queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  try {
    addMessages(queryClient, userId, viewer, await getMessagesAfter(userId, since.id));
  } catch (error) {
    console.error('Eksik mesajlar alınamadı', error);
    await queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * Puts `conversation` first in the cached list (a new message moved it), replacing its old
 * entry wherever it was.
 */
export function moveConversationToTop(
  queryClient: QueryClient,
  viewer: string,
  conversation: Conversation,
): void {
  queryClient.setQueryData<CachedConversations>(conversationsQueryKey(viewer), (data) => {
    if (!data || data.pages.length === 0) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((item) => item.id !== conversation.id),
    }));
    pages[0] = { ...pages[0], conversations: [conversation, ...pages[0].conversations] };
    return { ...data, pages };
  });
}

/** The conversation as it stands in the cached list, if it is there. */
export function cachedConversation(
  queryClient: QueryClient,
  viewer: string,
  userId: string,
): Conversation | undefined {
  const data = queryClient.getQueryData<CachedConversations>(conversationsQueryKey(viewer));
  for (const page of data?.pages ?? []) {
    const found = page.conversations.find((item) => item.id === userId);
    if (found) return found;
  }
  return undefined;
}

/** The open conversation has been read: no unread badge, its last message read. */
export function markConversationRead(
  queryClient: QueryClient,
  viewer: string,
  userId: string,
): void {
  queryClient.setQueryData<CachedConversations>(conversationsQueryKey(viewer), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((item) => {
        if (item.id !== userId || (item.unreadCount === 0 && item.lastMessage?.isRead !== false)) {
          return item;
        }
        changed = true;
        return {
          ...item,
          unreadCount: 0,
          lastMessage: item.lastMessage ? { ...item.lastMessage, isRead: true } : item.lastMessage,
        };
      }),
    }));
    return changed ? { ...data, pages } : data;
  });
}

/** The other member read the viewer's messages up to `receipt.messageId` (`message:read`). */
export function setSeen(
  queryClient: QueryClient,
  userId: string,
  viewer: string,
  receipt: ReadReceipt,
): void {
  queryClient.setQueryData<CachedMessages>(conversationQueryKey(userId, viewer), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    // An older receipt arriving late does not take back a newer one.
    if (first.seen && first.seen.readAt > receipt.readAt) return data;
    return { ...data, pages: [{ ...first, seen: receipt }, ...rest] };
  });
}

/** The receipt of a cached conversation (see MessagesPage.seen). */
export function seenOf(data: CachedMessages | undefined): ReadReceipt | null {
  return data?.pages[0]?.seen ?? null;
}
