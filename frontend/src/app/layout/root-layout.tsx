import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ConnectionBanner } from '../../components/connection-banner';
import { Spinner } from '../../components/spinner';
import { AuthModal } from '../../features/auth/components/auth-modal';
import { useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';

/**
 * Above every route: waits for the stored session to be checked, hosts the auth modal, and shows
 * the connection banner (also over the splash, when the check itself gets no answer).
 */
export function RootLayout() {
  const { status } = useAuth();
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
      <Outlet />
      <AuthModal />
      <ScrollRestoration />
    </>
  );
}
