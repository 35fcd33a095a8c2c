import { NavLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';
import { navItemsFor } from './nav-items';

/** Replaces the left sidebar under 700 px: the same entries, icons only. */
export function BottomNav() {
  const { isAuthenticated } = useAuth();
  return (
    <nav className="bottom-nav" aria-label={tr.nav.label}>
      {navItemsFor(isAuthenticated).map(({ to, label, icon: Icon, end, badge: Badge }) => (
        // Named by a hidden text, not aria-label, so a badge's ", 3 okunmamış bildirim" is heard too.
        <NavLink
          key={to}
          to={to}
          end={end}
          className="bottom-nav__link nav-badge-anchor"
          title={label}
        >
          <Icon size={26} />
          <span className="visually-hidden">{label}</span>
          {Badge && isAuthenticated ? <Badge /> : null}
        </NavLink>
      ))}
    </nav>
  );
}
