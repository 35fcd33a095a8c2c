import { Button } from './button';
import { AlertCircleIcon } from './icons';
import { trAdmin } from '../locales/tr-admin';

/** A failed load: what went wrong and a retry button, in place of the content. */
export function LoadError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message?: string | null;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="admin-load-error">
      <AlertCircleIcon size={22} className="admin-load-error__icon" />
      <div className="admin-load-error__text">
        <strong>{title}</strong>
        {message && message !== title ? <span>{message}</span> : null}
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
        {trAdmin.retry}
      </Button>
    </div>
  );
}
