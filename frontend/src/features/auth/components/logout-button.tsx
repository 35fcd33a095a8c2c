import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';

export interface LogoutButtonProps {
  className?: string;
  /** The name when the button shows only an icon. */
  'aria-label'?: string;
  children: ReactNode;
}

/** Logout behind a confirmation, so a stray tap on a phone does not end the session. */
export function LogoutButton({ className, children, 'aria-label': ariaLabel }: LogoutButtonProps) {
  const { logout } = useAuth();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={ariaLabel}
        title={tr.nav.logout}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
      {asking ? (
        <ConfirmDialog
          title={tr.logout.title}
          description={tr.logout.text}
          confirmLabel={tr.nav.logout}
          cancelLabel={tr.logout.cancel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            logout();
          }}
        />
      ) : null}
    </>
  );
}
