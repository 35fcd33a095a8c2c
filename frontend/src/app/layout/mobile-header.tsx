import { Link } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { LogOutIcon } from '../../components/icons';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useAuth } from '../../lib/auth';
import { displayNameOf } from '../../lib/format';
import { tr } from '../../locales/tr';

/** Top bar under 700 px: the brand, and the account actions the hidden sidebar carried. */
export function MobileHeader() {
  const { user, isAuthenticated, openAuthModal } = useAuth();
  return (
    <header className="mobile-header">
      {isAuthenticated && user ? (
        <Link to="/profile" className="mobile-header__avatar" aria-label={displayNameOf(user)}>
          <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="sm" />
        </Link>
      ) : (
        <span className="mobile-header__slot" />
      )}
      <Link to="/" className="brand brand--small" aria-label={tr.app.brand}>
        <span className="brand__word" aria-hidden="true">
          {tr.app.brand}
        </span>
      </Link>
      {isAuthenticated ? (
        <LogoutButton className="icon-button" aria-label={tr.nav.logout}>
          <LogOutIcon size={20} />
        </LogoutButton>
      ) : (
        <Button size="sm" onClick={() => openAuthModal('login')}>
          {tr.nav.login}
        </Button>
      )}
    </header>
  );
}
