import { NavLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';
import { navItemsFor } from './nav-items';

/** Replaces the left sidebar under 700 px: the same entries, icons only. */
export function BottomNav() {
  const { isAuthenticated } = useAuth();
  return (
    <nav className="bottom-nav" aria-label={tr.nav.label}>
      {navItemsFor(isAuthenticated).map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className="bottom-nav__link"
          aria-label={label}
          title={label}
        >
          <Icon size={26} />
        </NavLink>
      ))}
    </nav>
  );
}
