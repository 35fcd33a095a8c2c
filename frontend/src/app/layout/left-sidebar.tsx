import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { LogInIcon, LogOutIcon, PenIcon } from '../../components/icons';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useOpenCompose } from '../../features/posts/components/compose-launcher';
import { useAuth } from '../../lib/auth';
import { displayNameOf, truncate, usernameOf } from '../../lib/format';
import { tr } from '../../locales/tr';
import { isNavItemActive, navItemsFor } from './nav-items';
import { SiteFooter } from './site-footer';

/** The sidebar bio is cut at this many characters (docs/product.md#limits-and-timings). */
export const SIDEBAR_BIO_MAX = 60;

export function LeftSidebar() {
  const { user, isAuthenticated, openAuthModal } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  const openCompose = useOpenCompose();
  const { pathname } = useLocation();

  return (
    <aside className="left-sidebar">
      <div className="left-sidebar__inner">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            g
          </span>
          <span className="brand__word">
            {tr.app.brand}
          </span>
        </Link>

        <nav className="main-nav" aria-label={tr.nav.label}>
          <ul>
            {navItemsFor(signedIn ? user : null).map((item) => {
              const { to, label, icon: Icon, badge: Badge } = item;
              const active = isNavItemActive(item, pathname, signedIn ? user : null);
              return (
                <li key={to}>
                  <Link
                    to={to}
                    className={`nav-link nav-badge-anchor${active ? ' active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                    title={label}
                  >
                    <Icon size={26} />
                    <span className="nav-link__label">{label}</span>
                    {/* After the label: the link reads "Bildirimler, 3 okunmamış bildirim". */}
                    {Badge && signedIn ? <Badge /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {signedIn ? (
          // The same compose dialog as the phone's floating button and the `n` shortcut.
          <Button
            size="lg"
            block
            className="sidebar-cta"
            aria-haspopup="dialog"
            onClick={openCompose}
          >
            <PenIcon size={22} className="sidebar-cta__icon" />
            <span className="sidebar-cta__label">{tr.nav.post}</span>
          </Button>
        ) : (
          <Button size="lg" block className="sidebar-cta" onClick={() => openAuthModal('login')}>
            <LogInIcon size={22} className="sidebar-cta__icon" />
            <span className="sidebar-cta__label">{tr.nav.login}</span>
          </Button>
        )}

        <div className="left-sidebar__spacer" />

        {signedIn ? (
          <div className="user-card" data-testid="user-card">
            <Link to="/profile" className="user-card__profile">
              <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} />
              <span className="user-card__text">
                <span className="user-card__name">{displayNameOf(user)}</span>
                <span className="user-card__handle">@{usernameOf(user)}</span>
              </span>
            </Link>
            {user.bio ? (
              <p className="user-card__bio">{truncate(user.bio, SIDEBAR_BIO_MAX)}</p>
            ) : null}
            <LogoutButton className="user-card__logout">
              <LogOutIcon size={18} />
              <span className="user-card__logout-label">{tr.nav.logout}</span>
            </LogoutButton>
          </div>
        ) : null}

        <SiteFooter className="left-sidebar__footer" />
        <p className="app-version">{tr.app.version}</p>
      </div>
    </aside>
  );
}
