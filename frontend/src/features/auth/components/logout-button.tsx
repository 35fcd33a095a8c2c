import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';

// Loaded on the first click: the button is in every member's sidebar, the question rarely asked,
// and the entry chunk a guest's `/` loads has its bytes counted (issue 13).
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/confirm-dialog')).ConfirmDialog }));

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
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </>
  );
}
