import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ArrowLeftIcon, MailIcon, SearchIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { messagesPath } from '../../../lib/paths';
import { entityId, type PostAuthor } from '../../../lib/types';
import { useNow } from '../../../lib/use-now';
import { tr } from '../../../locales/tr';
import { trMessages } from '../../../locales/tr-messages';
import { useConversations } from '../api/get-conversations';
import { useMember } from '../api/get-member';
import { useLiveMessages } from '../hooks/use-live-messages';
import { ChatPane } from './chat-pane';
import { ConversationList, conversationsOf } from './conversation-list';
import '../messages.css';

/**
 * The messages screen (docs/product.md#messages) for a signed-in member: the conversation list and the chat
 * pane side by side, or one at a time on a phone. The open conversation is in the address
 * (`/messages?user=<username>`), so a profile's "Mesaj" button can link to it.
 */
export function MessagesView() {
  const [params] = useSearchParams();
  const username = params.get('user')?.trim() ?? '';
  const { user: viewer } = useAuth();
  const now = useNow();
  const conversations = useConversations();
  const list = useMemo(() => conversationsOf(conversations.data), [conversations.data]);

  const own = Boolean(username) && username === viewer?.username;
  const known = username ? list.find((item) => item.user?.username === username) : undefined;
  // Someone without a conversation yet: their profile gives the id and the header.
  const member = useMember(username, !own && !known && !conversations.isPending);

  let partner: { id: string; user: PostAuthor } | null = null;
  if (known) partner = { id: known.id, user: known.user };
  else if (member.data && !own) partner = { id: entityId(member.data), user: member.data };
  const openUserId = partner?.id || null;

  useLiveMessages(openUserId);

  let chat;
  if (!username || own) {
    chat = (
      <EmptyState
        icon={<MailIcon size={32} />}
        title={trMessages.selectTitle}
        description={trMessages.selectText}
      />
    );
  } else if (partner?.id) {
    chat = <ChatPane key={partner.id} userId={partner.id} user={partner.user} now={now} />;
  } else if (member.isError) {
    const error = member.error;
    chat =
      error instanceof ApiError && (error.status === 404 || error.status === 400) ? (
        <EmptyState
          icon={<SearchIcon size={32} />}
          title={trMessages.userNotFound}
          description={trMessages.userNotFoundText}
        />
      ) : (
        <LoadFailed
          title={trMessages.chatLoadFailed}
          description={error instanceof NetworkError ? tr.messages.networkError : undefined}
          retryLabel={trMessages.retry}
          onRetry={() => void member.refetch()}
          buttonSize="sm"
        />
      );
  } else {
    chat = <LoadingBlock label={tr.app.loading} />;
  }

  return (
    <div className={username ? 'messages messages--chat-open' : 'messages'}>
      <ConversationList query={conversations} activeId={openUserId} now={now} />
      <section className="messages__chat">
        {username && !partner?.id ? (
          // The chat pane has its own way back to the list on a phone; these states need one.
          <div className="chat__header chat__header--bare">
            <Link to={messagesPath()} className="icon-button chat__back" aria-label={trMessages.back}>
              <ArrowLeftIcon size={20} />
            </Link>
          </div>
        ) : null}
        {chat}
      </section>
    </div>
  );
}
