import { useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ArrowLeftIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useViewerKey } from '../../../lib/auth';
import { displayNameOf, formatFullDate, usernameOf } from '../../../lib/format';
import { messagesPath, profilePath } from '../../../lib/paths';
import type { MessageRefusal } from '@gundem/contract';
import type { Message, PostAuthor } from '../../../lib/types';
import { ReportDialog } from '../../../components/report-dialog';
import { trMessages } from '../../../locales/tr-messages';
import { trReport } from '../../../locales/tr-report';
import { useConversation } from '../api/get-conversation';
import { markConversationRead, seenOf } from '../api/message-cache';
import type { Outbox, QueuedMessage } from '../api/outbox';
import { MESSAGE_MAX_LENGTH } from '../api/send-message';
import { useOutbox } from '../hooks/use-outbox';
import { useIsTyping, useTypingNotifier } from '../hooks/use-typing';
import { formatMessageTime } from '../message-time';
import { paneState } from './pane-state';

export interface ChatPaneProps {
  /** The other member's id (the conversation's id). */
  userId: string;
  user: PostAuthor;
  now: number;
}

/** Closer than this to the bottom counts as "reading the latest": new messages scroll into view. */
const STICK_TO_BOTTOM_PX = 80;
const COMPOSER_MAX_HEIGHT = 140;

/** The open conversation: its messages (own on the right) and the composer. */
export function ChatPane({ userId, user, now }: ChatPaneProps) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const query = useConversation(userId);
  const name = displayNameOf(user);
  const username = usernameOf(user);
  const [reporting, setReporting] = useState<string | null>(null);
  const { outbox, queued } = useOutbox(userId);
  const typing = useIsTyping(userId);
  // Messages on their way ("Gönderiliyor…") come after the stored ones; refused ones go back
  // to the box.
  const pending = useMemo(() => queued.filter((item) => !item.failed), [queued]);

  // Oldest first on screen; the cache holds newest first.
  const messages = useMemo(() => {
    const seen = new Set<string>();
    const list: Message[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const message of page.messages) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        list.push(message);
      }
    }
    return list.reverse();
  }, [query.data]);

  // `Görüldü` goes under the viewer's last stored message once the receipt reaches it (a
  // receipt for an older message says nothing about a newer one).
  const seen = seenOf(query.data);
  const seenIndex = seen ? messages.findIndex((message) => message.id === seen.messageId) : -1;
  let lastOwnIndex = messages.length - 1;
  while (lastOwnIndex >= 0 && !messages[lastOwnIndex].isOwn) lastOwnIndex -= 1;
  const seenMessageId = seenIndex >= 0 && lastOwnIndex >= 0 && seenIndex >= lastOwnIndex ? messages[lastOwnIndex].id : null;

  // Reading the conversation marked it read on the server; the list follows.
  const { dataUpdatedAt, isSuccess } = query;
  useEffect(() => {
    if (isSuccess) markConversationRead(queryClient, viewer, userId);
  }, [dataUpdatedAt, isSuccess, queryClient, viewer, userId]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const lastPending = pending.at(-1);
  const newest = lastPending ? { id: lastPending.key, isOwn: true } : messages.at(-1);
  const oldestId = messages[0]?.id;
  const lastSeen = useRef<{ newest?: string; oldest?: string }>({});

  // Keeps the view where the reader is: at the bottom for a new message (when they were there
  // or sent it), at the same message when older ones are added above.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const previous = lastSeen.current;
    lastSeen.current = { newest: newest?.id, oldest: oldestId };
    if (previous.newest === undefined || newest?.id !== previous.newest) {
      const nearBottom = fromBottom.current === null || fromBottom.current < STICK_TO_BOTTOM_PX;
      if (previous.newest === undefined || nearBottom || newest?.isOwn) {
        element.scrollTop = element.scrollHeight;
      }
    } else if (oldestId !== previous.oldest && fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - element.clientHeight - fromBottom.current;
    }
    fromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
  }, [newest?.id, newest?.isOwn, oldestId]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (element) {
      fromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
    }
  };

  let body = paneState({
    query,
    failedTitle: trMessages.chatLoadFailed,
    isEmpty: messages.length === 0 && pending.length === 0,
    emptyText: trMessages.chatEmptyText(name),
  });
  if (!body) {
    body = (
      <>
        {query.hasNextPage ? (
          <div className="chat__older">
            {query.isFetchingNextPage ? (
              <Spinner size="sm" />
            ) : (
              <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()}>
                {trMessages.olderMessages}
              </Button>
            )}
          </div>
        ) : null}
        <ol className="chat__messages" aria-label={trMessages.chatLabel(name)}>
          {messages.map((message) => (
            <li
              key={message.id}
              className={message.isOwn ? 'bubble-row bubble-row--own' : 'bubble-row'}
              data-testid="message"
              data-own={message.isOwn}
            >
              <div className="bubble">
                {message.isOwn ? <span className="visually-hidden">{trMessages.own}: </span> : null}
                <p className="bubble__text">{message.text}</p>
              </div>
              <time
                className="bubble__time"
                dateTime={message.timestamp}
                title={formatFullDate(message.timestamp)}
              >
                {formatMessageTime(message.timestamp, now)}
              </time>
              {message.isOwn ? null : (
                <button
                  type="button"
                  className="bubble__report"
                  aria-label={trReport.reportMessage}
                  title={trReport.reportMessage}
                  onClick={() => setReporting(message.id)}
                >
                  {trReport.menuItem}
                </button>
              )}
              {message.id === seenMessageId ? (
                <span className="bubble__seen" data-testid="seen">
                  {trMessages.seen}
                </span>
              ) : null}
            </li>
          ))}
          {pending.map((item) => (
            <PendingMessage key={item.key} item={item} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div className="chat">
      <header className="chat__header">
        <Link to={messagesPath()} className="icon-button chat__back" aria-label={trMessages.back}>
          <ArrowLeftIcon size={20} />
        </Link>
        <Link to={profilePath(username)} className="chat__person">
          <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="sm" />
          <span className="chat__names">
            <span className="chat__name">
              <span>{name}</span>
              {user.isVerified ? <VerifiedBadge size={16} /> : null}
            </span>
            {/* The handle gives way to `yazıyor…` while they type; read out politely. */}
            <span className="chat__handle" role="status">
              {typing ? <span className="chat__typing">{trMessages.typing}</span> : `@${username}`}
            </span>
          </span>
        </Link>
      </header>
      <div className="chat__scroll" ref={scrollRef} onScroll={onScroll}>
        {body}
      </div>
      <MessageComposer
        receiverId={userId}
        disabled={!query.data}
        refusal={query.data?.pages[0]?.refusal ?? null}
        outbox={outbox}
        queued={queued}
      />
      {reporting ? (
        <ReportDialog targetType="message" targetId={reporting} account={{ username }} onClose={() => setReporting(null)} />
      ) : null}
    </div>
  );
}

/** A message of the queue, shown as the viewer's own with "Gönderiliyor…" for its time. */
function PendingMessage({ item }: { item: QueuedMessage }) {
  return (
    <li
      className="bubble-row bubble-row--own bubble-row--pending"
      data-testid="message"
      data-own="true"
      data-pending="true"
    >
      <div className="bubble">
        <span className="visually-hidden">{trMessages.own}: </span>
        <p className="bubble__text">{item.content}</p>
      </div>
      <span className="bubble__time">{trMessages.sending}</span>
    </li>
  );
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line. A sent text leaves the box at once
 * for the queue (see ../api/outbox.ts); a refused one comes back into the box, with the server's
 * reason when it was about the message (a 4xx).
 */
export function MessageComposer({
  receiverId,
  disabled,
  refusal = null,
  outbox,
  queued,
}: {
  receiverId: string;
  disabled?: boolean;
  /** Why the viewer may not write to them (issue 26): the box is disabled and says so before they type. */
  refusal?: MessageRefusal | null;
  outbox: Outbox;
  queued: QueuedMessage[];
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notifier = useTypingNotifier(receiverId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  const canSend = !disabled && !refusal && content.length > 0;
  const describedBy = [refusal ? `message-refusal-${receiverId}` : null, error ? `message-error-${receiverId}` : null].filter(Boolean).join(' ') || undefined;

  const refused = queued.find((item) => item.failed);
  useEffect(() => {
    if (!refused?.failed) return;
    outbox.remove(refused.key);
    setText((current) => (current.trim() ? `${refused.content}\n${current}` : refused.content));
    const { status, message } = refused.failed;
    const aboutTheMessage = status !== null && status >= 400 && status < 500;
    const reason = message ? trMessages.sendFailed(message) : trMessages.sendFailedUnknown;
    setError(aboutTheMessage ? reason : null);
  }, [refused, outbox]);

  // Grows with the text up to a few lines.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, COMPOSER_MAX_HEIGHT)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    outbox.enqueue(receiverId, content);
    notifier.sent();
    setText('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="chat__composer" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={`message-${receiverId}`}>
        {trMessages.inputLabel}
      </label>
      <textarea
        id={`message-${receiverId}`}
        ref={inputRef}
        className="chat__input"
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={trMessages.inputPlaceholder}
        title={trMessages.inputHint}
        value={text}
        disabled={refusal !== null}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) notifier.typed();
        }}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" size="sm" disabled={!canSend}>
        {trMessages.send}
      </Button>
      {refusal ? (
        <p className="chat__refusal" id={`message-refusal-${receiverId}`} data-testid="message-refusal">
          {trMessages.refusal[refusal]}
        </p>
      ) : null}
      {error ? (
        <p className="chat__error" role="alert" id={`message-error-${receiverId}`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
