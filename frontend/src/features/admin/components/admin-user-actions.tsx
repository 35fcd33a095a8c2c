import { ACCOUNT_ACTION_REASON_MAX, type AccountAction, type AccountActionKind, SUSPENSION_DAYS } from '@gundem/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../lib/toast';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatDateTime } from '../admin-format';
import { useAccountActions, useCreateAccountAction, useUndoAccountAction } from '../api/account-actions';
import { RuleSelect } from './rule-select';

/** The account actions staff choose (the desk's resolution offers the same). */
export const KINDS: { kind: AccountActionKind; label: string; variant: 'secondary' | 'danger' }[] = [
  { kind: 'warn', label: trAdmin.warnAction, variant: 'secondary' },
  { kind: 'sensitive_media', label: trAdmin.sensitiveMediaAction, variant: 'secondary' },
  { kind: 'limit', label: trAdmin.limitAction, variant: 'secondary' },
  { kind: 'suspend', label: trAdmin.suspendAction, variant: 'danger' },
];

/**
 * The account actions dialog of one member (docs/product.md#admin-panel): a required reason, the
 * suspension's length, `Uyar` / `Medyayı hassas işaretle` / `Sınırla` / `Askıya al`, and the account's history
 * with `Geri al` on each action that still holds. The server decides who may (a moderator cannot
 * act on staff); its refusal is shown in its own words.
 */
export function AdminUserActions({ userId, username, onClose }: { userId: string; username: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>('7');
  const [ruleId, setRuleId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAccountAction(userId);
  const history = useAccountActions(userId);

  const submit = (kind: AccountActionKind) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (!reason.trim()) {
      setError(trAdmin.actionReasonRequired);
      return;
    }
    setError(null);
    try {
      const answer = await create.mutateAsync({
        kind,
        reason,
        ...(ruleId && { ruleId }),
        ...(kind === 'suspend' && { days: days === 'none' ? null : Number(days) }),
      });
      showToast(answer.message);
      setReason('');
    } catch (caught) {
      setError(failureText(caught));
    }
  };

  return (
    <Modal title={trAdmin.accountActionsOf(username)} onClose={onClose} size="md">
      <form className="admin-actions-form" onSubmit={submit('warn')} noValidate aria-busy={create.isPending}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <label className="field__label" htmlFor={`${id}-reason`}>
          {trAdmin.actionReason}
        </label>
        <textarea
          id={`${id}-reason`}
          className="field__input admin-actions-form__reason"
          rows={3}
          maxLength={ACCOUNT_ACTION_REASON_MAX}
          value={reason}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <RuleSelect id={`${id}-rule`} value={ruleId} onChange={setRuleId} />
        <label className="field__label" htmlFor={`${id}-days`}>
          {trAdmin.suspensionLength}
        </label>
        <select id={`${id}-days`} className="admin-select" value={days} onChange={(event) => setDays(event.target.value)}>
          {SUSPENSION_DAYS.map((n) => (
            <option key={n} value={String(n)}>
              {trAdmin.days(n)}
            </option>
          ))}
          <option value="none">{trAdmin.indefinite}</option>
        </select>
        <div className="admin-row-actions">
          {KINDS.map(({ kind, label, variant }) => (
            <Button key={kind} size="sm" variant={variant} disabled={create.isPending} onClick={() => void submit(kind)()}>
              {label}
            </Button>
          ))}
          {create.isPending ? <Spinner size="sm" label={trAdmin.updating} /> : null}
        </div>
      </form>
      <h2 className="admin-actions__title">{trAdmin.actionHistory}</h2>
      <ActionHistory userId={userId} query={history} />
    </Modal>
  );
}

function ActionHistory({ userId, query }: { userId: string; query: ReturnType<typeof useAccountActions> }) {
  const undo = useUndoAccountAction(userId);
  if (query.isPending) return <Spinner label={trAdmin.actionHistoryLoading} />;
  if (query.isError) {
    return (
      <Alert tone="error">
        {failureText(query.error)}{' '}
        <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
          {trAdmin.retry}
        </Button>
      </Alert>
    );
  }
  const actions = query.data.actions;
  if (!actions.length) return <p className="admin-muted">{trAdmin.actionHistoryEmpty}</p>;
  const run = async (action: AccountAction) => {
    try {
      showToast((await undo.mutateAsync(action)).message);
    } catch (caught) {
      showToast(failureText(caught), 'error');
    }
  };
  return (
    <ul className="admin-actions" data-testid="admin-action-history">
      {actions.map((action) => (
        <li key={action.id} className="admin-actions__item" data-testid="admin-action">
          <p>
            <strong>{trAdmin.actionKinds[action.kind] ?? action.kind}</strong> · <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
            {action.kind === 'suspend' ? ` · ${action.endsAt ? trAdmin.actionUntil(formatDateTime(action.endsAt)) : trAdmin.indefinite}` : ''}
            {action.actor ? ` · ${trAdmin.actionBy(action.actor.username)}` : ''}
            {action.lifted ? ` · ${trAdmin.actionLifted}` : ''}
            {action.postRestored ? ` · ${trAdmin.actionPostRestored}` : ''}
          </p>
          {action.removedPost ? <blockquote className="admin-actions__reason">{action.removedPost.content}</blockquote> : null}
          {action.rule ? <p className="admin-actions__reason">{trAdmin.ruleCited(action.rule.number, action.rule.text)}</p> : null}
          <p className="admin-actions__reason">{action.reason}</p>
          {action.lifted ? null : (
            <Button size="sm" variant="ghost" disabled={undo.isPending} onClick={() => void run(action)}>
              {trAdmin.undoAction}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
