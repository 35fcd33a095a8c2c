import { useServerRules } from '../../../lib/server-rules';
import { trAdmin } from '../../../locales/tr-admin';

/**
 * The server rule a staff action cites (docs/product.md#admin-panel): a select of `Kural N: …`,
 * with "no rule" first. While the rules load or when they cannot be read, only "no rule" is
 * offered and a line says so; the action can still be taken.
 */
export function RuleSelect({ id, value, onChange }: { id: string; value: string; onChange: (ruleId: string) => void }) {
  const rules = useServerRules();
  return (
    <>
      <label className="field__label" htmlFor={id}>
        {trAdmin.actionRule}
      </label>
      <select id={id} className="admin-select" value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={rules.isError ? `${id}-failed` : undefined}>
        <option value="">{rules.isPending ? trAdmin.actionRulesLoading : trAdmin.actionNoRule}</option>
        {(rules.data ?? []).map((rule) => (
          <option key={rule.id} value={rule.id}>
            {trAdmin.ruleCited(rule.position, rule.text)}
          </option>
        ))}
      </select>
      {rules.isError ? (
        <p className="field__hint" id={`${id}-failed`}>
          {trAdmin.actionRulesFailed}
        </p>
      ) : null}
    </>
  );
}
