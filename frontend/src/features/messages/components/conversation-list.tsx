import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { PenIcon } from '../../../components/icons';
import { SearchBox } from '../../../components/search-box';
import { Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { displayNameOf, formatFullDate, usernameOf } from '../../../lib/format';
import { messagesPath } from '../../../lib/paths';
import type { Conversation } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import type { ConversationsPage } from '../api/get-conversations';
import { formatMessageTime } from '../message-time';
import { paneState } from './pane-state';

export interface ConversationListProps {
  query: UseInfiniteQueryResult<InfiniteData<ConversationsPage>>;
  /** The member whose conversation is open (it counts as read). */
  activeId: string | null;
  now: number;
}

/** Each conversation once, in the server's order (newest message first). */
export function conversationsOf(data: InfiniteData<ConversationsPage> | undefined): Conversation[] {
  const seen = new Set<string>();
  const list: Conversation[] = [];
  for (const page of data?.pages ?? []) {
    for (const conversation of page.conversations) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      list.push(conversation);
    }
  }
  return list;
}

/**
 * The conversation list (docs/product.md#messages): a search box that filters nothing, an inert new-message
 * button, and per conversation the member, the last message, its time and the unread count.
 */
export function ConversationList({ query, activeId, now }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const conversations = useMemo(() => conversationsOf(query.data), [query.data]);

  let body = paneState({
    query,
    failedTitle: tr.messages.listLoadFailed,
    isEmpty: conversations.length === 0,
    emptyText: tr.messages.emptyText,
  });
  if (!body) {
    body = (
      <>
        <ul className="conversations" aria-label={tr.messages.listLabel}>
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              now={now}
            />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="conversations__more">
            {query.isFetchingNextPage ? (
              <Spinner size="sm" />
            ) : (
              <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()}>
                {tr.messages.loadMore}
              </Button>
            )}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="messages__list">
      <div className="messages__list-head">
        {/* docs/product.md#messages: the search box has no filtering effect. */}
        <SearchBox
          boxClassName="messages__search"
          aria-label={tr.messages.searchLabel}
          placeholder={tr.messages.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {/* docs/product.md#messages: the new-message button is inert. */}
        <button
          type="button"
          className="icon-button"
          aria-label={tr.messages.newMessage}
          title={tr.messages.newMessage}
        >
          <PenIcon size={20} />
        </button>
      </div>
      {body}
    </section>
  );
}

function ConversationItem({
  conversation,
  active,
  now,
}: {
  conversation: Conversation;
  active: boolean;
  now: number;
}) {
  const { user, lastMessage } = conversation;
  const name = displayNameOf(user);
  const username = usernameOf(user);
  // The open conversation is being read: no badge even before the server has said so.
  const unread = active ? 0 : Math.max(0, conversation.unreadCount ?? 0);
  const className = [
    'conversation',
    active ? 'conversation--active' : '',
    unread > 0 ? 'conversation--unread' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li data-testid="conversation" data-conversation-id={conversation.id}>
      <Link
        to={messagesPath(username)}
        className={className}
        aria-current={active ? 'true' : undefined}
      >
        <Avatar displayName={user?.displayName} seed={user?.username} />
        <span className="conversation__main">
          <span className="conversation__top">
            <span className="conversation__name">{name}</span>
            {user?.isVerified ? <VerifiedBadge size={16} /> : null}
            <span className="conversation__handle">@{username}</span>
            {lastMessage?.timestamp ? (
              <time
                className="conversation__time"
                dateTime={lastMessage.timestamp}
                title={formatFullDate(lastMessage.timestamp)}
              >
                {formatMessageTime(lastMessage.timestamp, now)}
              </time>
            ) : null}
          </span>
          <span className="conversation__bottom">
            <span className="conversation__preview">{lastMessage?.text ?? ''}</span>
            {unread > 0 ? (
              <span className="conversation__badge" data-testid="unread-badge">
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="visually-hidden">{tr.messages.unread(unread)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
