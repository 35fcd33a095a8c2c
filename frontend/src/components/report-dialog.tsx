import {
  REPORT_CATEGORIES,
  REPORT_COMMENT_MAX_LENGTH,
  REPORT_MAX_ATTACHED_POSTS,
  type CreateReportRequest,
  type CreateReportResponse,
  type PostPage,
  type ReportCategory,
  type ReportTargetType,
} from '@gundem/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiClient, errorText } from '../lib/api-client';
import { useServerRules } from '../lib/server-rules';
import { trReport } from '../locales/tr-report';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import { Spinner } from './spinner';
import './report-dialog.css';

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The reported account: its recent posts can be attached. */
  account: { username: string };
  onClose: () => void;
}

/** How many of the account's newest posts the dialog offers to attach. */
const POSTS_OFFERED = 10;

/**
 * `Bildir` (docs/product.md#reports): a category, the server rule broken (optional), up to 5 of
 * the account's recent posts to attach, a comment, and a box to block the account in the same
 * step; then a thank-you step (saying so when it blocked). Sends POST /api/reports; the server's
 * Turkish refusal is shown in the dialog.
 */
export function ReportDialog({ targetType, targetId, account, onClose }: ReportDialogProps) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [postIds, setPostIds] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [ruleId, setRuleId] = useState('');
  const [block, setBlock] = useState(false);
  const formId = useId();
  const queryClient = useQueryClient();
  const rules = useServerRules();
  const posts = useQuery({
    queryKey: ['report-posts', account.username],
    queryFn: ({ signal }) => apiClient.get<PostPage>(`/posts/user/${encodeURIComponent(account.username)}`, { query: { limit: POSTS_OFFERED }, signal }),
    staleTime: 30_000,
  });
  const send = useMutation({
    mutationFn: (body: CreateReportRequest) => apiClient.post<CreateReportResponse>('/reports', body),
    // A block changes what nearly every list shows (as useSetBlock): every query is read again.
    onSuccess: (result) => {
      if (result.blocked) void queryClient.invalidateQueries();
    },
  });
  const offered = (posts.data?.posts ?? []).filter((post) => (post.id ?? post._id) !== targetId);
  const left = REPORT_COMMENT_MAX_LENGTH - Array.from(comment).length;

  if (send.isSuccess) {
    return (
      <Modal title={trReport.thanksTitle} onClose={onClose}>
        <div className="report-dialog" data-testid="report-thanks">
          <p>{trReport.thanksText}</p>
          {send.data.blocked ? <p data-testid="report-blocked">{trReport.blockedText(account.username)}</p> : null}
          <div className="report-dialog__actions">
            <Button autoFocus onClick={onClose}>
              {trReport.close}
            </Button>
          </div>
        </div>
      </Modal>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category || left < 0) return;
    const trimmed = comment.trim();
    send.mutate({
      targetType,
      targetId,
      category,
      ...(ruleId ? { ruleId } : {}),
      ...(trimmed ? { comment: trimmed } : {}),
      ...(postIds.length ? { postIds } : {}),
      ...(block ? { block: true } : {}),
    });
  };

  const toggle = (id: string) =>
    setPostIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < REPORT_MAX_ATTACHED_POSTS ? [...ids, id] : ids));

  return (
    <Modal title={trReport.title(targetType)} onClose={onClose} size="md">
      <form id={formId} className="report-dialog" onSubmit={submit}>
        <fieldset className="report-dialog__group">
          <legend>{trReport.categoryLegend}</legend>
          {REPORT_CATEGORIES.map((value) => (
            <label key={value} className="report-dialog__option">
              <input type="radio" name={`${formId}-category`} value={value} checked={category === value} onChange={() => setCategory(value)} />
              {trReport.categories[value]}
            </label>
          ))}
        </fieldset>
        <fieldset className="report-dialog__group">
          <legend>{trReport.ruleLegend}</legend>
          {rules.isPending ? (
            <Spinner label={trReport.rulesLoading} size="sm" />
          ) : rules.isError ? (
            <p className="report-dialog__note">{trReport.rulesFailed}</p>
          ) : (
            <>
              <label className="report-dialog__option">
                <input type="radio" name={`${formId}-rule`} value="" checked={ruleId === ''} onChange={() => setRuleId('')} />
                {trReport.noRule}
              </label>
              {rules.data.map((rule) => (
                <label key={rule.id} className="report-dialog__option">
                  <input type="radio" name={`${formId}-rule`} value={rule.id} checked={ruleId === rule.id} onChange={() => setRuleId(rule.id)} />
                  {trReport.rule(rule.position, rule.text)}
                </label>
              ))}
            </>
          )}
        </fieldset>
        <fieldset className="report-dialog__group">
          <legend>{trReport.postsLegend(account.username)}</legend>
          {posts.isPending ? (
            <Spinner label={trReport.postsLoading} size="sm" />
          ) : posts.isError ? (
            <p className="report-dialog__note">{trReport.postsFailed}</p>
          ) : offered.length === 0 ? (
            <p className="report-dialog__note">{trReport.postsEmpty}</p>
          ) : (
            offered.map((post) => {
              const id = post.id ?? post._id;
              const checked = postIds.includes(id);
              return (
                <label key={id} className="report-dialog__option report-dialog__post">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && postIds.length >= REPORT_MAX_ATTACHED_POSTS}
                    onChange={() => toggle(id)}
                  />
                  <span>{post.content}</span>
                </label>
              );
            })
          )}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-comment`}>
            {trReport.commentLabel}
          </label>
          <textarea
            id={`${formId}-comment`}
            className="field__input report-dialog__comment"
            rows={3}
            value={comment}
            aria-describedby={`${formId}-left`}
            aria-invalid={left < 0 ? true : undefined}
            onChange={(event) => setComment(event.target.value)}
          />
          <p id={`${formId}-left`} className={left < 0 ? 'field__error' : 'field__hint'}>
            {trReport.commentHint(left)}
          </p>
        </div>
        <label className="report-dialog__option">
          <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
          {trReport.alsoBlock(account.username)}
        </label>
        {send.isError ? <Alert tone="error">{errorText(send.error, trReport.failed, trReport.networkError)}</Alert> : null}
        <div className="report-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {trReport.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!category || left < 0 || send.isPending} aria-busy={send.isPending || undefined}>
            {send.isPending ? trReport.sending : trReport.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
