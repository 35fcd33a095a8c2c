import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth';
import { preloadComposeBox } from './home-compose';

// The dialog comes on the first opening: a guest never opens it, and a guest's `/` has its bytes
// counted (issue 13).
const ComposeDialog = lazy(async () => ({ default: (await import('./compose-dialog')).ComposeDialog }));

const OpenComposeContext = createContext<(() => void) | null>(null);

/**
 * The one compose dialog of the app shell, and the way to open it: the desktop sidebar's
 * `Gönderi` button, the phone's floating button and the `n` shortcut all open this same dialog
 * (issue 23: the sidebar's button led to `/` instead). Only a signed-in member sees it.
 */
export function ComposeLauncher({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  // A session that ends with the dialog open does not bring it back at the next login.
  if (open && !isAuthenticated) setOpen(false);
  const openCompose = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  // A login (or a session the page did not carry): the compose box's chunk is asked for now, not
  // when the home screen or this dialog first shows it.
  useEffect(() => {
    if (isAuthenticated) void preloadComposeBox().catch(() => undefined);
  }, [isAuthenticated]);
  return (
    <OpenComposeContext.Provider value={openCompose}>
      {children}
      {open && isAuthenticated ? (
        <Suspense fallback={null}>
          <ComposeDialog onClose={close} />
        </Suspense>
      ) : null}
    </OpenComposeContext.Provider>
  );
}

/** Opens the compose dialog of the ComposeLauncher around the caller. */
export function useOpenCompose(): () => void {
  const openCompose = useContext(OpenComposeContext);
  if (!openCompose) throw new Error('useOpenCompose: no ComposeLauncher around this component');
  return openCompose;
}
