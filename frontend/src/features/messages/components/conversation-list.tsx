import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { PenIcon } from '../../../components/icons';
import { SearchBox } from '../../../components/search-box';
import { Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { displayNameOf, formatFullDate, usernameOf } from '../../../lib/format';
import { messagesPath } from '../../../lib/paths';
import { searchKey } from '../../../lib/people-search';
import type { Conversation } from '../../../lib/types';
import { trMessages } from '../../../locales/tr-messages';
import type { ConversationsPage } from '../api/get-conversations';
import { formatMessageTime } from '../message-time';
import { paneState } from './pane-state';

// Not on the screen's first paint: loaded when the new-message button is first pressed.
const NewMessageDialog = lazy(async () => ({
  default: (await import('./new-message-dialog')).NewMessageDialog,
}));

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
 * The conversations whose member's display name or username (or last message) contains `typed`,
 * with Turkish case rules and letters folded (`ism` and `İSM` find İsmail); all for an empty box.
 */
export function filterConversations(conversations: Conversation[], typed: string): Conversation[] {
  const key = searchKey(typed.trim().replace(/^@/, ''));
  if (!key) return conversations;
  return conversations.filter((conversation) =>
    [conversation.user?.displayName, conversation.user?.username, conversation.lastMessage?.text].some(
      (field) => typeof field === 'string' && searchKey(field).includes(key),
    ),
  );
}

/**
 * The conversation list (docs/product.md#messages): a search box that filters the loaded
 * conversations as one types, a new-message button opening a people picker, and per
 * conversation the member, the last message, its time and the unread count.
 */
export function ConversationList({ query, activeId, now }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState(false);
  const all = useMemo(() => conversationsOf(query.data), [query.data]);
  const conversations = useMemo(() => filterConversations(all, search), [all, search]);

  let body = paneState({
    query,
    failedTitle: trMessages.listLoadFailed,
    isEmpty: all.length === 0,
    emptyText: trMessages.emptyText,
  });
  if (!body && conversations.length === 0) {
    body = (
      <p className="conversations__no-match" role="status">
        {trMessages.searchNoMatch(search.trim())}
      </p>
    );
  }
  if (!body) {
    body = (
      <>
        <ul className="conversations" aria-label={trMessages.listLabel}>
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
                {trMessages.loadMore}
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
        <SearchBox
          boxClassName="messages__search"
          aria-label={trMessages.searchLabel}
          placeholder={trMessages.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={trMessages.newMessage}
          title={trMessages.newMessage}
          aria-haspopup="dialog"
          onClick={() => setPicking(true)}
        >
          <PenIcon size={20} />
        </button>
      </div>
      {body}
      {picking ? (
        <Suspense fallback={null}>
          <NewMessageDialog onClose={() => setPicking(false)} />
        </Suspense>
      ) : null}
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
        <Avatar displayName={user?.displayName} seed={user?.username} src={user?.profileImage} />
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
                <span className="visually-hidden">{trMessages.unread(unread)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
