import {
  SUSPENSION_DAYS,
  type AccountActionKind,
  type ReportCaseSummary,
  type ReportResolution,
  type ReportSnapshotPost,
  type ReportSort,
  type ReportStatus,
  type ResolveReportRequest,
} from '@gundem/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ShieldIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { errorText } from '../../../lib/api-client';
import { trAdmin } from '../../../locales/tr-admin';
import { formatDateTime } from '../admin-format';
import { useReportAction, useReportCase, useReportCases } from '../api/reports';
import { KINDS } from './admin-user-actions';
import { RuleSelect } from './rule-select';

const TABS: readonly TabItem<ReportStatus>[] = [
  { id: 'open', label: trAdmin.moderationOpen },
  { id: 'resolved', label: trAdmin.moderationResolved },
];

function caseTitle(item: ReportCaseSummary): string {
  return `${trAdmin.moderationTarget(item.targetType)} · @${item.account.username}`;
}

function snapshotText(item: ReportCaseSummary): string {
  return item.snapshot.post?.content ?? item.snapshot.message?.content ?? item.snapshot.account.bio ?? item.snapshot.account.displayName;
}

function PostList({ posts, empty }: { posts: ReportSnapshotPost[]; empty: string }) {
  if (!posts.length) return <p className="admin-moderation__muted">{empty}</p>;
  return (
    <ul className="admin-moderation__posts">
      {posts.map((post) => (
        <li key={post.id}>
          <p className="admin-moderation__text">{post.content}</p>
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
        </li>
      ))}
    </ul>
  );
}

/** A case's detail: the snapshot, reporters' comments, history, notes, assign and the resolution. */
function CaseDetail({ id }: { id: string }) {
  const query = useReportCase(id);
  const act = useReportAction(id);
  const [note, setNote] = useState('');
  const [resolveNote, setResolveNote] = useState('');
  const [ruleId, setRuleId] = useState('');
  const [actionKind, setActionKind] = useState<AccountActionKind>('warn');
  const [days, setDays] = useState('7');
  const [reasonMissing, setReasonMissing] = useState(false);
  const noteId = useId();
  const resolveId = useId();

  if (query.isPending) return <LoadingBlock label={trAdmin.moderationDetailLoading} />;
  if (query.isError) {
    return (
      <LoadError
        title={trAdmin.moderationDetailFailed}
        message={errorText(query.error, trAdmin.moderationDetailFailed, trAdmin.networkError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { case: item, reports, notes, recentPosts, earlierCases, actions } = query.data;
  const open = item.status === 'open';
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    act.mutate({ kind: 'note', body: note.trim() }, { onSuccess: () => setNote('') });
  };
  const resolve = (action: ReportResolution) => {
    const trimmed = resolveNote.trim();
    const request: ResolveReportRequest = { action, ...(trimmed && { note: trimmed }), ...(ruleId && { ruleId }) };
    if (action === 'account_action') {
      // The member's notice shows the reason: required (the server says so too).
      if (!trimmed) {
        setReasonMissing(true);
        return;
      }
      request.kind = actionKind;
      if (actionKind === 'suspend') request.days = days === 'none' ? null : Number(days);
    }
    setReasonMissing(false);
    act.mutate({ kind: 'resolve', request });
  };
  const choices: [ReportResolution, string, 'secondary' | 'danger'][] = [
    ['dismiss', trAdmin.moderationDismiss, 'secondary'],
    ...(item.targetType === 'post'
      ? ([
          ['mark_sensitive', trAdmin.moderationMarkSensitive, 'secondary'],
          ['delete_post', trAdmin.moderationDeletePost, 'danger'],
        ] as [ReportResolution, string, 'secondary' | 'danger'][])
      : []),
    ['deactivate_account', trAdmin.moderationDeactivate, 'danger'],
  ];

  return (
    <div className="admin-moderation__detail" data-testid="moderation-detail">
      <h3>{caseTitle(item)}</h3>
      <p className="admin-moderation__muted">
        {item.categories.map(trAdmin.moderationCategory).join(', ')} · {trAdmin.moderationCount(item.reportCount)}
      </p>
      <h4>{trAdmin.moderationSnapshot}</h4>
      <blockquote className="admin-moderation__snapshot" data-testid="moderation-snapshot">
        {snapshotText(item)}
      </blockquote>
      <h4>{trAdmin.moderationReports}</h4>
      <ul className="admin-moderation__reports">
        {reports.map((report) => (
          <li key={report.id}>
            <strong>@{report.reporter.username}</strong> · {trAdmin.moderationCategory(report.category)} ·{' '}
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            {report.rule ? <p className="admin-moderation__muted">{trAdmin.moderationReportRule(trAdmin.ruleCited(report.rule.number, report.rule.text))}</p> : null}
            <p className="admin-moderation__text">{report.comment ?? trAdmin.moderationNoComment}</p>
            {report.snapshot.attachedPosts.length ? (
              <>
                <span className="admin-moderation__muted">{trAdmin.moderationAttached}</span>
                <PostList posts={report.snapshot.attachedPosts} empty="" />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <h4>{trAdmin.moderationRecentPosts}</h4>
      <PostList posts={recentPosts} empty={trAdmin.moderationNoPosts} />
      <h4>{trAdmin.moderationEarlier}</h4>
      {earlierCases.length || actions.length ? (
        <ul className="admin-moderation__history">
          {earlierCases.map((earlier) => (
            <li key={earlier.id}>
              {caseTitle(earlier)} · {trAdmin.moderationCount(earlier.reportCount)} ·{' '}
              {earlier.resolution ? trAdmin.moderationResolution(earlier.resolution) : trAdmin.moderationOpen}
            </li>
          ))}
          {actions.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`}>
              {trAdmin.auditAction(entry.action)} · @{entry.actor.username} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.reason ? ` · ${entry.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-moderation__muted">{trAdmin.moderationNoHistory}</p>
      )}
      <h4>{trAdmin.moderationNotes}</h4>
      {notes.length ? (
        <ul className="admin-moderation__notes">
          {notes.map((n) => (
            <li key={n.id}>
              <strong>@{n.author.username}</strong> · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              <p className="admin-moderation__text">{n.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-moderation__muted">{trAdmin.moderationNoNotes}</p>
      )}
      {act.isError ? <Alert tone="error">{errorText(act.error, trAdmin.moderationActionFailed, trAdmin.networkError)}</Alert> : null}
      {open ? (
        <>
          <form className="admin-moderation__note-form" onSubmit={addNote}>
            <label htmlFor={noteId} className="field__label">
              {trAdmin.moderationNoteLabel}
            </label>
            <textarea id={noteId} className="field__input" rows={2} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
            <Button type="submit" variant="secondary" size="sm" disabled={!note.trim() || act.isPending}>
              {trAdmin.moderationAddNote}
            </Button>
          </form>
          <div className="admin-moderation__assign">
            <span>{trAdmin.moderationAssignee(item.assignee?.username ?? null)}</span>
            <Button variant="secondary" size="sm" onClick={() => act.mutate({ kind: 'assign' })} disabled={act.isPending}>
              {trAdmin.moderationAssign}
            </Button>
          </div>
          <fieldset className="admin-moderation__resolve">
            <legend>{trAdmin.moderationActions}</legend>
            <label htmlFor={resolveId} className="field__label">
              {trAdmin.moderationResolveNote}
            </label>
            <textarea
              id={resolveId}
              className="field__input"
              rows={2}
              value={resolveNote}
              maxLength={1000}
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonMissing ? `${resolveId}-missing` : undefined}
              onChange={(e) => setResolveNote(e.target.value)}
            />
            {reasonMissing ? (
              <p className="field__error" id={`${resolveId}-missing`}>
                {trAdmin.moderationReasonRequired}
              </p>
            ) : null}
            <RuleSelect id={`${resolveId}-rule`} value={ruleId} onChange={setRuleId} />
            <div className="admin-moderation__buttons">
              {choices.map(([action, label, variant]) => (
                <Button key={action} variant={variant} size="sm" onClick={() => resolve(action)} disabled={act.isPending} aria-busy={act.isPending || undefined}>
                  {label}
                </Button>
              ))}
            </div>
            <div className="admin-moderation__account-action" role="group" aria-labelledby={`${resolveId}-account`}>
              <span className="field__label" id={`${resolveId}-account`}>
                {trAdmin.moderationAccountAction}
              </span>
              <label className="field__label" htmlFor={`${resolveId}-kind`}>
                {trAdmin.moderationActionKind}
              </label>
              <select id={`${resolveId}-kind`} className="admin-select" value={actionKind} onChange={(e) => setActionKind(e.target.value as AccountActionKind)}>
                {KINDS.map(({ kind, label }) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
              {actionKind === 'suspend' ? (
                <>
                  <label className="field__label" htmlFor={`${resolveId}-days`}>
                    {trAdmin.suspensionLength}
                  </label>
                  <select id={`${resolveId}-days`} className="admin-select" value={days} onChange={(e) => setDays(e.target.value)}>
                    {SUSPENSION_DAYS.map((n) => (
                      <option key={n} value={String(n)}>
                        {trAdmin.days(n)}
                      </option>
                    ))}
                    <option value="none">{trAdmin.indefinite}</option>
                  </select>
                </>
              ) : null}
              <Button variant="danger" size="sm" onClick={() => resolve('account_action')} disabled={act.isPending} aria-busy={act.isPending || undefined}>
                {trAdmin.moderationApplyAction}
              </Button>
            </div>
          </fieldset>
        </>
      ) : (
        <p className="admin-moderation__muted" data-testid="moderation-resolved">
          {item.resolution ? trAdmin.moderationResolution(item.resolution) : ''}
          {item.actionKind ? ` (${trAdmin.actionKinds[item.actionKind] ?? item.actionKind})` : ''} · {trAdmin.moderationResolvedBy(item.resolvedBy?.username ?? null)}
        </p>
      )}
    </div>
  );
}

/**
 * The moderation desk (/admin/moderation, docs/product.md#admin-panel): reports grouped by what
 * they report, open or resolved, newest or most-reported first; a case opens its detail beside
 * the list (below it on a phone).
 */
export function AdminModeration() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [sort, setSort] = useState<ReportSort>('newest');
  const [selected, setSelected] = useState<string | null>(null);
  const query = useReportCases(status, sort);
  const sortId = useId();
  const cases = query.data?.pages.flatMap((page) => page.cases) ?? [];

  let list;
  if (query.isPending) {
    list = <LoadingBlock label={trAdmin.moderationLoading} />;
  } else if (query.isError && !cases.length) {
    list = (
      <LoadError
        title={trAdmin.moderationLoadFailed}
        message={errorText(query.error, trAdmin.moderationLoadFailed, trAdmin.networkError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!cases.length) {
    list = (
      <EmptyState
        icon={<ShieldIcon size={32} />}
        title={status === 'open' ? trAdmin.moderationEmptyOpen : trAdmin.moderationEmptyResolved}
        description={status === 'open' ? trAdmin.moderationEmptyOpenText : trAdmin.moderationEmptyResolvedText}
      />
    );
  } else {
    list = (
      <>
        <ul className="admin-moderation__list" aria-label={trAdmin.moderationListLabel}>
          {cases.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="admin-moderation__case"
                aria-pressed={selected === item.id}
                data-testid="moderation-case"
                onClick={() => setSelected(item.id)}
              >
                <span className="admin-moderation__case-title">{caseTitle(item)}</span>
                <span className="admin-moderation__text admin-moderation__case-text">{snapshotText(item)}</span>
                <span className="admin-moderation__muted">
                  {trAdmin.moderationCount(item.reportCount)} · {item.categories.map(trAdmin.moderationCategory).join(', ')} ·{' '}
                  {formatDateTime(item.latestReportAt)}
                  {item.resolution ? ` · ${trAdmin.moderationResolution(item.resolution)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {query.isError ? <p role="alert">{trAdmin.moderationLoadFailed}</p> : null}
        {query.hasNextPage ? (
          <div className="admin-audit__more">
            <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? trAdmin.auditLoadingMore : trAdmin.moderationMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="admin-section admin-moderation">
      <SectionHead title={trAdmin.moderation} intro={trAdmin.moderationIntro}>
        <label htmlFor={sortId} className="admin-audit__filter">
          <span>{trAdmin.moderationSort}</span>
          <select id={sortId} className="admin-select" value={sort} onChange={(e) => setSort(e.target.value as ReportSort)}>
            <option value="newest">{trAdmin.moderationSortNewest}</option>
            <option value="most">{trAdmin.moderationSortMost}</option>
          </select>
        </label>
      </SectionHead>
      <Tabs
        items={TABS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setSelected(null);
        }}
        label={trAdmin.moderationTabs}
        idPrefix="moderation"
      />
      <div role="tabpanel" id={`moderation-panel-${status}`} aria-labelledby={`moderation-tab-${status}`} className="admin-moderation__panes">
        <div className="admin-moderation__queue">{list}</div>
        <div className="admin-moderation__side" aria-label={trAdmin.moderationDetail} role="region">
          {selected ? <CaseDetail key={selected} id={selected} /> : <p className="admin-moderation__muted">{trAdmin.moderationSelect}</p>}
        </div>
      </div>
    </section>
  );
}
