import { RULES_LIMITS, type ServerRule } from '@gundem/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { ApiError, errorText } from '../../../lib/api-client';
import { useServerRules } from '../../../lib/server-rules';
import { trAdmin } from '../../../locales/tr-admin';
import { AdminFormFooter, type SaveResult } from './admin-form-footer';
import { useSaveServerRules } from '../api/admin-rules';

/** The saved message leaves after this long, as the settings' does. */
const SAVED_MESSAGE_MS = 3000;

interface DraftRule {
  /** React's key: the rule's id, or a local one for a rule not saved yet. */
  key: string;
  id: string | null;
  text: string;
  hint: string;
}

let localKeys = 0;
const toDraft = (rules: ServerRule[]): DraftRule[] => rules.map((rule) => ({ key: rule.id, id: rule.id, text: rule.text, hint: rule.hint ?? '' }));
const comparable = (rules: DraftRule[]) => JSON.stringify(rules.map(({ id, text, hint }) => [id, text.trim(), hint.trim()]));

function RuleFields({
  rule,
  index,
  count,
  showError,
  onChange,
  onMove,
  onRemove,
}: {
  rule: DraftRule;
  index: number;
  count: number;
  showError: boolean;
  onChange: (change: Partial<DraftRule>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  const error = showError && !rule.text.trim() ? trAdmin.ruleTextRequired : null;
  return (
    <li className="admin-rule" data-testid="admin-rule">
      <fieldset className="admin-rule__fieldset">
        <legend className="admin-rule__number">{trAdmin.ruleNumber(n)}</legend>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-text`}>
            {trAdmin.ruleText}
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input admin-rule__text"
            rows={2}
            maxLength={RULES_LIMITS.textMaxLength}
            value={rule.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-text-note`}
            onChange={(event) => onChange({ text: event.target.value })}
          />
          <p id={`${id}-text-note`} className={error ? 'field__error' : 'field__hint'}>
            {error ?? trAdmin.ruleTextHint(RULES_LIMITS.textMaxLength)}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-hint`}>
            {trAdmin.ruleHint}
          </label>
          <input
            id={`${id}-hint`}
            className="field__input"
            maxLength={RULES_LIMITS.hintMaxLength}
            value={rule.hint}
            onChange={(event) => onChange({ hint: event.target.value })}
          />
        </div>
        <div className="admin-rule__actions">
          <Button variant="secondary" size="sm" disabled={index === 0} aria-label={trAdmin.ruleMoveUp(n)} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button variant="secondary" size="sm" disabled={index === count - 1} aria-label={trAdmin.ruleMoveDown(n)} onClick={() => onMove(1)}>
            ↓
          </Button>
          <Button variant="danger" size="sm" aria-label={trAdmin.ruleRemove(n)} onClick={onRemove}>
            {trAdmin.deletePost}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

function RulesForm({ rules }: { rules: ServerRule[] }) {
  const save = useSaveServerRules();
  const [draft, setDraft] = useState<DraftRule[]>(() => toDraft(rules));
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<SaveResult>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusLast = useRef(false);
  const dirty = comparable(draft) !== comparable(toDraft(rules));
  const invalid = draft.some((rule) => !rule.text.trim());
  const full = draft.length >= RULES_LIMITS.maxRules;

  useEffect(() => {
    if (result?.tone !== 'success') return;
    const timer = setTimeout(() => setResult(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);
  // A new rule's text field takes the focus, so the keyboard goes on where the eye does.
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    listRef.current?.querySelector<HTMLTextAreaElement>('li:last-child textarea')?.focus();
  }, [draft.length]);

  const change = (index: number, patch: Partial<DraftRule>) => setDraft((current) => current.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  const move = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    if (invalid) return;
    try {
      const saved = await save.mutateAsync(draft.map((rule) => ({ ...(rule.id ? { id: rule.id } : {}), text: rule.text.trim(), hint: rule.hint.trim() || null })));
      setDraft(toDraft(saved));
      setSubmitted(false);
      setResult({ tone: 'success', text: trAdmin.rulesSaved });
    } catch (error) {
      setResult({ tone: 'error', text: error instanceof ApiError && error.serverMessage ? trAdmin.errorPrefix(error.serverMessage) : trAdmin.saveFailed });
    }
  };

  return (
    <form className="admin-settings" noValidate onSubmit={(event) => void onSubmit(event)}>
      {draft.length === 0 ? <p className="admin-settings__note">{trAdmin.rulesEmpty}</p> : null}
      <ol ref={listRef} className="admin-rules" aria-label={trAdmin.rulesList}>
        {draft.map((rule, index) => (
          <RuleFields
            key={rule.key}
            rule={rule}
            index={index}
            count={draft.length}
            showError={submitted}
            onChange={(patch) => change(index, patch)}
            onMove={(by) => move(index, by)}
            onRemove={() => setDraft((current) => current.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <div className="admin-rules__add">
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => {
            focusLast.current = true;
            setDraft((current) => [...current, { key: `yeni-${(localKeys += 1)}`, id: null, text: '', hint: '' }]);
          }}
        >
          {trAdmin.ruleAdd}
        </Button>
        {full ? <span className="field__hint">{trAdmin.rulesMax(RULES_LIMITS.maxRules)}</span> : null}
        <a href="/kurallar" target="_blank" rel="noopener" className="text-link">
          {trAdmin.rulesPublicLink}
        </a>
      </div>
      <AdminFormFooter
        result={result}
        dirty={dirty}
        pending={save.isPending}
        onReset={() => {
          setDraft(toDraft(rules));
          setSubmitted(false);
        }}
      />
    </form>
  );
}

/** The server rules' editor (docs/product.md#sunucu-kuralları): admins only, the whole list saved at once. */
export function AdminRules() {
  const { data, isPending, isError, error, isFetching, refetch } = useServerRules();
  let body;
  if (isPending) body = <LoadingBlock label={trAdmin.rulesLoading} />;
  else if (isError || !data)
    body = (
      <LoadError
        title={trAdmin.rulesLoadFailed}
        message={errorText(error, trAdmin.rulesLoadFailed, trAdmin.networkError)}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else body = <RulesForm rules={data} />;
  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.rulesTitle} intro={trAdmin.rulesIntro} />
      {body}
    </section>
  );
}
