import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';
import { isNavItemActive, navItemsFor } from './nav-items';

/** Replaces the left sidebar under 700 px: the same entries, icons only. */
export function BottomNav() {
  const { user, isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const viewer = isAuthenticated ? user : null;
  return (
    <nav className="bottom-nav" aria-label={tr.nav.label}>
      {navItemsFor(viewer).map((item) => {
        const { to, label, icon: Icon, badge: Badge } = item;
        const active = isNavItemActive(item, pathname, viewer);
        // Named by a hidden text, not aria-label, so a badge's ", 3 okunmamış bildirim" is heard too.
        return (
          <Link
            key={to}
            to={to}
            className={`bottom-nav__link nav-badge-anchor${active ? ' active' : ''}`}
            aria-current={active ? 'page' : undefined}
            title={label}
          >
            <Icon size={26} />
            <span className="visually-hidden">{label}</span>
            {Badge && isAuthenticated ? <Badge /> : null}
          </Link>
        );
      })}
    </nav>
  );
}
