import { lazy, Suspense, useState } from 'react';
import { PenIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';

// The dialog comes on the first tap: a guest never has the button, and a guest's `/` has its
// bytes counted (issue 13).
const ComposeDialog = lazy(async () => ({ default: (await import('./compose-dialog')).ComposeDialog }));

/**
 * The phone layout's floating post button (as on X and Bluesky): the sidebar's post button is
 * hidden under 700 px, so a member could only post from the top of the home feed. It opens the
 * compose box in a dialog; CSS shows it on phones only.
 */
export function ComposeFab() {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) return null;
  return (
    <>
      <button
        type="button"
        className="compose-fab"
        aria-label={tr.posts.composeTitle}
        title={tr.posts.composeTitle}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PenIcon size={24} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ComposeDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
