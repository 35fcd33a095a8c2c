import type { AppealQueueItem } from '@gundem/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SectionHead } from '../../../components/section-head';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatDateTime } from '../admin-format';
import { useAppealQueue, useDecideAppeal } from '../api/account-actions';

/**
 * `/admin/appeals` (docs/product.md#admin-panel): members' pending appeals, oldest first, each with
 * the action, the staff's reason and the appeal's text, an optional reply, `Kabul et` (undoes the
 * action) and `Reddet`. Loading, empty and error states.
 */
export function AdminAppeals() {
  const query = useAppealQueue();
  let body;
  if (query.isPending) body = <LoadingBlock label={trAdmin.appealsLoading} />;
  else if (query.isError) {
    body = (
      <LoadFailed
        title={trAdmin.appealsFailed}
        description={errorText(query.error, trAdmin.genericError, trAdmin.networkError)}
        retryLabel={trAdmin.retry}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data.appeals.length) body = <EmptyState title={trAdmin.appealsEmpty} description={trAdmin.appealsEmptyText} />;
  else {
    body = (
      <ul className="admin-appeals" data-testid="admin-appeals">
        {query.data.appeals.map((appeal) => (
          <AppealItem key={appeal.id} appeal={appeal} />
        ))}
      </ul>
    );
  }
  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.appeals} intro={trAdmin.appealsIntro} />
      {body}
    </section>
  );
}

function AppealItem({ appeal }: { appeal: AppealQueueItem }) {
  const id = useId();
  const [reply, setReply] = useState('');
  const decide = useDecideAppeal();
  const run = async (accept: boolean) => {
    try {
      showToast((await decide.mutateAsync({ id: appeal.id, accept, reply })).message);
    } catch (caught) {
      showToast(failureText(caught), 'error');
    }
  };
  return (
    <li className="admin-appeals__item" data-testid="admin-appeal" aria-labelledby={`${id}-title`}>
      <h2 className="admin-appeals__title" id={`${id}-title`}>
        @{appeal.member.username} · {trAdmin.appealAction(trAdmin.actionKinds[appeal.action.kind] ?? appeal.action.kind)}
      </h2>
      <p className="admin-muted">
        <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
        {appeal.action.actor ? ` · ${trAdmin.actionBy(appeal.action.actor.username)}` : ''}
      </p>
      <p>
        <strong>{trAdmin.actionReason}:</strong> {appeal.action.reason}
      </p>
      <p>
        <strong>{trAdmin.appealText}:</strong> {appeal.text}
      </p>
      <label className="field__label" htmlFor={`${id}-reply`}>
        {trAdmin.appealReply}
      </label>
      <textarea id={`${id}-reply`} className="field__input admin-appeals__reply" rows={2} maxLength={1000} value={reply} onChange={(event) => setReply(event.target.value)} />
      <div className="admin-row-actions">
        <Button size="sm" disabled={decide.isPending} onClick={() => void run(true)}>
          {trAdmin.acceptAppeal}
        </Button>
        <Button size="sm" variant="danger" disabled={decide.isPending} onClick={() => void run(false)}>
          {trAdmin.rejectAppeal}
        </Button>
      </div>
    </li>
  );
}
