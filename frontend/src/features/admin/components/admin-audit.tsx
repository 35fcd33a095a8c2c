import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ActivityIcon } from '../../../components/icons-more';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import type { AuditAction } from '@gundem/contract';
import { AUDIT_ACTION_LABELS, trAdmin } from '../../../locales/tr-admin';
import { formatDateTime } from '../admin-format';
import { type AuditFilters, useAdminAudit } from '../api/get-admin-audit';
import type { AuditEntry } from '../types';

/** A field's value as the log shows it: yes/no for flags, the role's name, the rules numbered, anything else as JSON. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? trAdmin.auditYes : trAdmin.auditNo;
  if (field === 'role' && typeof value === 'string') return trAdmin.auditRole(value);
  if (field === 'registrationMode' && typeof value === 'string') return trAdmin.auditRegistrationMode(value);
  if (field === 'approval' && typeof value === 'string') return trAdmin.auditApproval(value);
  // The server rules' list: "1. text; 2. text" (an empty list: none).
  if (field === 'rules' && Array.isArray(value)) {
    return value.length ? value.map((rule: { text?: unknown }, i) => `${i + 1}. ${String(rule?.text ?? '')}`).join('; ') : '—';
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields, one line each: `field: before → after` (a deletion: the removed text). */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (entry.action === 'post.delete') return <span>{trAdmin.auditDeletedText(valueText('content', entry.before?.content))}</span>;
  if (!fields.length) return <span className="admin-audit__field">{trAdmin.auditNoChange}</span>;
  return (
    <ul className="admin-audit__changes">
      {fields.map((field) => (
        <li key={field}>
          <span className="admin-audit__field">{trAdmin.auditField(field)}:</span> {valueText(field, entry.before?.[field])}{' '}
          <span aria-label={trAdmin.auditTo}>→</span> {valueText(field, entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="admin-row" data-testid="admin-audit-row">
      <td className="admin-cell admin-cell--primary">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </td>
      <td className="admin-cell" data-label={trAdmin.auditColActor}>
        <span className="admin-ellipsis">@{entry.actor.username}</span>
      </td>
      <td className="admin-cell" data-label={trAdmin.auditColAction}>
        <span>{trAdmin.auditAction(entry.action)}</span>
      </td>
      <td className="admin-cell" data-label={trAdmin.auditColTarget}>
        <span className="admin-ellipsis" title={entry.target.label}>
          {entry.target.label}
        </span>
      </td>
      <td className="admin-cell" data-label={trAdmin.auditColChanges}>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

/**
 * The staff audit log (admins only, docs/product.md#admin-panel): newest first, filtered by staff
 * member and action, continued page by page with "Daha fazla". The staff choices are the members
 * seen in the log so far (no other list of staff exists for this screen).
 */
export function AdminAudit() {
  const [filters, setFilters] = useState<AuditFilters>({ actorId: '', action: '' });
  const [actors, setActors] = useState<Map<string, string>>(new Map());
  const query = useAdminAudit(filters);
  const actorSelect = useId();
  const actionSelect = useId();
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  // Remembered across filters, so choosing one staff member keeps the others in the list.
  const unseen = entries.filter((e) => actors.get(e.actor.id) !== e.actor.username);
  if (unseen.length) {
    const next = new Map(actors);
    for (const e of unseen) next.set(e.actor.id, e.actor.username);
    setActors(next);
  }

  let body;
  if (query.isPending) {
    body = <LoadingBlock label={trAdmin.auditLoading} />;
  } else if (query.isError && !entries.length) {
    body = (
      <LoadError
        title={trAdmin.auditLoadFailed}
        message={errorText(query.error, trAdmin.auditLoadFailed, trAdmin.networkError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!entries.length) {
    body = (
      <EmptyState
        icon={<ActivityIcon size={32} />}
        title={trAdmin.auditEmpty}
        description={filters.actorId || filters.action ? trAdmin.auditEmptyFiltered : trAdmin.auditEmptyText}
      />
    );
  } else {
    body = (
      <>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--audit">
            <caption className="visually-hidden">{trAdmin.audit}</caption>
            <thead>
              <tr>
                <th scope="col">{trAdmin.auditColTime}</th>
                <th scope="col">{trAdmin.auditColActor}</th>
                <th scope="col">{trAdmin.auditColAction}</th>
                <th scope="col">{trAdmin.auditColTarget}</th>
                <th scope="col">{trAdmin.auditColChanges}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
        {query.isError ? <p role="alert" className="admin-audit__error">{trAdmin.auditMoreFailed}</p> : null}
        {query.hasNextPage ? (
          <div className="admin-audit__more">
            <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? trAdmin.auditLoadingMore : trAdmin.auditMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.audit} intro={trAdmin.auditIntro}>
        <div className="admin-audit__filters">
          <label htmlFor={actorSelect} className="admin-audit__filter">
            <span>{trAdmin.auditFilterActor}</span>
            <select
              id={actorSelect}
              className="admin-select"
              value={filters.actorId}
              onChange={(event) => setFilters((f) => ({ ...f, actorId: event.target.value }))}
            >
              <option value="">{trAdmin.auditAllStaff}</option>
              {[...actors].map(([id, username]) => (
                <option key={id} value={id}>
                  @{username}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={actionSelect} className="admin-audit__filter">
            <span>{trAdmin.auditFilterAction}</span>
            <select
              id={actionSelect}
              className="admin-select"
              value={filters.action}
              onChange={(event) => setFilters((f) => ({ ...f, action: event.target.value }))}
            >
              <option value="">{trAdmin.auditAllActions}</option>
              {(Object.keys(AUDIT_ACTION_LABELS) as AuditAction[]).map((action) => (
                <option key={action} value={action}>
                  {trAdmin.auditAction(action)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </SectionHead>
      {body}
    </section>
  );
}
