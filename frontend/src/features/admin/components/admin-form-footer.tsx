import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { trAdmin } from '../../../locales/tr-admin';

/** What the last save said: shown beside the buttons. */
export type SaveResult = { tone: 'success' | 'error'; text: string } | null;

/**
 * The foot of an admin form that is saved as a whole (settings, rules): the last save's result,
 * `Değişiklikleri geri al` (enabled while the draft differs) and the submit button.
 */
export function AdminFormFooter({ result, dirty, pending, onReset }: { result: SaveResult; dirty: boolean; pending: boolean; onReset: () => void }) {
  return (
    <div className="admin-settings__footer">
      <div className="admin-settings__result">{result ? <Alert tone={result.tone}>{result.text}</Alert> : null}</div>
      <div className="admin-settings__buttons">
        <Button variant="secondary" disabled={!dirty || pending} onClick={onReset}>
          {trAdmin.resetChanges}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? trAdmin.saving : trAdmin.save}
        </Button>
      </div>
    </div>
  );
}
