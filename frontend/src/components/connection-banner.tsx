import { useAuth } from '../lib/auth';
import { tr } from '../locales/tr';
import { AlertCircleIcon } from './icons';

/**
 * Shown while the server cannot be reached (or says its database is away). A polite status, not
 * an alert: nothing is wrong with what the user did, the session is kept, and the banner goes
 * away by itself once the server answers again.
 */
export function ConnectionBanner() {
  const { connection } = useAuth();
  if (connection === 'online') return null;
  return (
    <div role="status" className="connection-banner">
      <AlertCircleIcon size={18} className="connection-banner__icon" />
      <span>{tr.app.offline}</span>
    </div>
  );
}
