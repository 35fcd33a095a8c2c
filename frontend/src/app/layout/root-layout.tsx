import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Outlet } from 'react-router-dom';
import { ConnectionBanner } from '../../components/connection-banner';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth';
import { useRealtime } from '../../lib/realtime/hooks';
import { useToasterWanted } from '../../lib/toast';
import { tr } from '../../locales/tr';
import { ScrollRestoration } from './scroll-restoration';

// The login and register forms come on the first open: most visits never open them.
const AuthModal = lazy(async () => ({
  default: (await import('../../features/auth/components/auth-modal')).AuthModal,
}));

// The live connection's pill (components/socket-indicator.tsx) is fetched once the socket has
// connected: a first page does not pay for it, and it is there before the connection can drop.
// A failed download (offline at that very moment) leaves the pill out rather than the page.
const SocketIndicator = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('../../components/socket-indicator').then(
      (module) => ({ default: module.SocketIndicator }),
      () => ({ default: () => null }),
    ),
);

// The toaster (sonner) comes with the first toast (lib/toast.ts).
const Toaster = lazy(async () => ({ default: (await import('../../components/toaster')).Toaster }));

function ToasterSlot() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function SocketIndicatorSlot() {
  const client = useRealtime();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!client || wanted) return;
    if (client.status === 'connected') setWanted(true);
    else return client.onStatus((status) => status === 'connected' && setWanted(true));
  }, [client, wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <SocketIndicator />
    </Suspense>
  ) : null;
}

/**
 * Above every route: waits for the stored session to be checked, hosts the auth modal, and shows
 * the connection banner (also over the splash, when the check itself gets no answer).
 */
export function RootLayout() {
  const { status, authModal } = useAuth();
  // Once opened, the dialog stays mounted (it renders nothing while closed), as before the split.
  const [authModalWanted, setAuthModalWanted] = useState(false);
  if (authModal && !authModalWanted) setAuthModalWanted(true);
  if (status === 'loading') {
    // Checking a stored token: show a splash rather than flashing the guest interface.
    return (
      <div className="splash">
        <span className="brand__mark brand__mark--large" aria-hidden="true">
          g
        </span>
        <Spinner label={tr.auth.sessionChecking} />
        <ConnectionBanner />
      </div>
    );
  }
  return (
    <>
      <ConnectionBanner />
      <SocketIndicatorSlot />
      <Outlet />
      {authModalWanted ? (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      ) : null}
      <ScrollRestoration />
      <ToasterSlot />
    </>
  );
}
