import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LockIcon } from '../../../components/icons-more';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { trAuth } from '../../../locales/tr-auth';

/** Placeholder of a screen that needs a session; its button opens the login dialog. */
export function LoginRequired({ message = tr.common.loginRequired }: { message?: string }) {
  const { openAuthModal } = useAuth();
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title={tr.common.loginRequiredTitle}
      description={message}
      action={
        <div className="button-row">
          <Button onClick={() => openAuthModal('login')}>{tr.nav.login}</Button>
          <Button variant="secondary" onClick={() => openAuthModal('register')}>
            {trAuth.registerSubmit}
          </Button>
        </div>
      }
    />
  );
}
