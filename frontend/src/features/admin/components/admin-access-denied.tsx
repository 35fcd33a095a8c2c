import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ShieldIcon } from '../../../components/icons';
import { LockIcon } from '../../../components/icons-more';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { trAdmin } from '../../../locales/tr-admin';

/**
 * The two access-denied screens of the admin area (docs/product.md#admin-panel): guest and non-staff.
 * `description` replaces the non-staff text for staff refused one admins-only screen.
 */
export function AdminAccessDenied({ reason, description }: { reason: 'guest' | 'forbidden'; description?: string }) {
  const { openAuthModal } = useAuth();
  const guest = reason === 'guest';
  return (
    <div className="admin-denied">
      <EmptyState
        icon={guest ? <LockIcon size={32} /> : <ShieldIcon size={32} />}
        title={guest ? trAdmin.deniedGuestTitle : trAdmin.deniedStaffTitle}
        description={guest ? trAdmin.deniedGuest : (description ?? trAdmin.deniedStaff)}
        action={
          <div className="button-row">
            {guest ? <Button onClick={() => openAuthModal('login')}>{tr.nav.login}</Button> : null}
            <Link to="/" className={buttonClass({ variant: guest ? 'secondary' : 'primary' })}>
              {tr.common.backHome}
            </Link>
          </div>
        }
      />
    </div>
  );
}
