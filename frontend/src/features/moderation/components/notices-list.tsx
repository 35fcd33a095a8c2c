import { APPEAL_TEXT_MAX, type Appeal, type ModerationNotice } from '@gundem/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { formatFullDate } from '../../../lib/format';
import { trModeration } from '../../../locales/tr-moderation';
import '../moderation.css';

export interface NoticesListProps {
  notices: ModerationNotice[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Sends the appeal; the list shows its answer in place. */
  appeal: (actionId: string, text: string) => Promise<Appeal>;
}

/**
 * The member's notices (docs/product.md#moderation-notices): each action with its kind, date,
 * the staff's reason, a suspension's end, and `İtiraz et` while it may be appealed; an appeal's
 * status and staff's reply once sent. Loading, empty and error states.
 */
export function NoticesList({ notices, isPending, error, onRetry, appeal }: NoticesListProps) {
  if (isPending) return <LoadingBlock />;
  if (error || !notices) {
    return (
      <LoadFailed
        title={trModeration.loadFailed}
        description={errorText(error, trModeration.loadFailed, trModeration.networkError)}
        retryLabel={trModeration.retry}
        onRetry={onRetry}
      />
    );
  }
  if (!notices.length) return <EmptyState title={trModeration.empty} description={trModeration.emptyText} />;
  return (
    <ul className="notices" data-testid="moderation-notices">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} appeal={appeal} />
      ))}
    </ul>
  );
}

function NoticeItem({ notice, appeal }: { notice: ModerationNotice; appeal: NoticesListProps['appeal'] }) {
  const [sent, setSent] = useState<Appeal | null>(notice.appeal);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const shown = sent ?? notice.appeal;
  return (
    <li className="notice" aria-labelledby={titleId} data-testid="moderation-notice">
      <h2 className="notice__title" id={titleId}>
        {trModeration.kinds[notice.kind] ?? notice.kind}
      </h2>
      <p className="notice__meta">
        <time dateTime={notice.createdAt}>{formatFullDate(notice.createdAt)}</time>
        {notice.kind === 'suspend' ? (
          <span> · {notice.endsAt ? trModeration.until(formatFullDate(notice.endsAt)) : trModeration.indefinite}</span>
        ) : null}
        {notice.lifted ? <span> · {trModeration.lifted}</span> : null}
      </p>
      {notice.removedPost ? (
        <figure className="notice__post">
          <figcaption>{trModeration.removedPost}</figcaption>
          <blockquote data-testid="removed-post">{notice.removedPost.content}</blockquote>
        </figure>
      ) : null}
      {notice.rule ? (
        <p className="notice__rule" data-testid="notice-rule">
          <strong>{trModeration.ruleLabel}:</strong> {trModeration.rule(notice.rule.number, notice.rule.text)}
        </p>
      ) : null}
      <p className="notice__reason">
        <strong>{trModeration.reason}:</strong> {notice.reason}
      </p>
      {notice.postRestored && shown?.status !== 'accepted' ? (
        <p className="notice__restored" data-testid="post-restored">
          {trModeration.removalUndone}
        </p>
      ) : null}
      {shown ? (
        <div className="notice__appeal" data-testid="appeal-status">
          <p>
            <strong>
              {notice.kind === 'post_removed' && shown.status === 'accepted'
                ? notice.postRestored
                  ? trModeration.removalAccepted
                  : trModeration.removalAcceptedNotRestored
                : trModeration.appealStatus[shown.status]}
            </strong>
          </p>
          <p>
            {trModeration.yourAppeal}: {shown.text}
          </p>
          {shown.reply ? (
            <p>
              {trModeration.staffReply}: {shown.reply}
            </p>
          ) : null}
        </div>
      ) : notice.canAppeal ? (
        open ? (
          <AppealForm actionId={notice.id} appeal={appeal} onSent={setSent} onCancel={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {trModeration.appealButton}
          </Button>
        )
      ) : null}
    </li>
  );
}

function AppealForm({
  actionId,
  appeal,
  onSent,
  onCancel,
}: {
  actionId: string;
  appeal: NoticesListProps['appeal'];
  onSent: (appeal: Appeal) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!text.trim()) {
      setError(trModeration.appealEmpty);
      return;
    }
    setSending(true);
    setError(null);
    try {
      onSent(await appeal(actionId, text));
    } catch (caught) {
      setError(errorText(caught, trModeration.appealFailed, trModeration.networkError));
      setSending(false);
    }
  };
  return (
    <form className="notice__form" onSubmit={submit} aria-busy={sending} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <label className="field__label" htmlFor={id}>
        {trModeration.appealLabel}
      </label>
      <textarea
        id={id}
        className="field__input notice__textarea"
        value={text}
        maxLength={APPEAL_TEXT_MAX}
        rows={4}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <p className="field__hint" id={`${id}-hint`}>
        {trModeration.appealHint}
      </p>
      <div className="notice__actions">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? trModeration.appealSending : trModeration.appealSend}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={sending}>
          {trModeration.appealCancel}
        </Button>
      </div>
    </form>
  );
}
