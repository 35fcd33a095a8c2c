// `message:new`, `message:read` and reconnects → the conversation list and the open conversation.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useViewerKey } from '../../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';
import { conversationsQueryKey } from '../api/get-conversations';
import {
  addMessages,
  cachedConversation,
  fillConversationGap,
  markConversationRead,
  moveConversationToTop,
  newestMessage,
  setSeen,
} from '../api/message-cache';
import { setOpenConversation } from '../api/unread-count';

/**
 * While the messages screen is open. `openUserId` is the member whose conversation is shown:
 * their messages join the chat at once and are marked read (the gap-filling fetch does that);
 * a message in another conversation moves it to the top with its unread count.
 */
export function useLiveMessages(openUserId: string | null): void {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();

  useEffect(() => {
    setOpenConversation(openUserId);
    return () => setOpenConversation(null);
  }, [openUserId]);

  // Read on one of the viewer's tabs: the conversation's badge clears on every other one. Read
  // by the other member: `Görüldü` under the viewer's last message.
  useSocketEvent('message:read', (event) => {
    const userId = event?.conversationId;
    if (!userId || !event.messageId || !event.readAt) return;
    if (event.byViewer) markConversationRead(queryClient, viewer, userId);
    else setSeen(queryClient, userId, viewer, { messageId: event.messageId, readAt: event.readAt });
  });

  useSocketEvent('message:new', (event) => {
    const { message, conversation } = event ?? {};
    const userId = conversation?.id;
    if (!message || !userId) return;
    const isOpen = userId === openUserId;
    const before = newestMessage(queryClient, userId, viewer);
    addMessages(queryClient, userId, viewer, [message]);

    // The list not there yet, or its fetch under way: that answer may be from before this
    // message and would replace the list it is added to below (a loaded host lost a new
    // conversation so). The fetch under way is cancelled (an invalidation alone would wait for
    // a first load's answer rather than ask again) and the list asked for again, message and all.
    const listKey = conversationsQueryKey(viewer);
    const listState = queryClient.getQueryState(listKey);
    if (!listState?.data || listState.fetchStatus === 'fetching') {
      void queryClient
        .cancelQueries({ queryKey: listKey })
        .then(() => queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'active' }));
    }

    const previous = cachedConversation(queryClient, viewer, userId);
    const unreadCount = isOpen
      ? 0
      : message.isOwn
        ? (conversation.unreadCount ?? previous?.unreadCount ?? 0)
        : // The server counts unread messages; without its count, one more.
          (conversation.unreadCount ?? (previous?.unreadCount ?? 0) + 1);
    moveConversationToTop(queryClient, viewer, {
      ...previous,
      ...conversation,
      user: conversation.user ?? previous?.user ?? {},
      lastMessage: {
        text: message.text,
        timestamp: message.timestamp,
        isRead: isOpen || message.isOwn,
      },
      unreadCount,
    });

    // Reading the open conversation marks it read on the server, and catches anything missed.
    if (isOpen && !message.isOwn) {
      void fillConversationGap(queryClient, userId, viewer, before);
    }
  });

  useSocketResync(() => {
    void queryClient.invalidateQueries({
      queryKey: conversationsQueryKey(viewer),
      refetchType: 'active',
    });
    if (openUserId) {
      void fillConversationGap(queryClient, openUserId, viewer).then(() =>
        markConversationRead(queryClient, viewer, openUserId),
      );
    }
  });
}
