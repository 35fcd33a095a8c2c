import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { ArrowLeftIcon, SettingsIcon, ShieldIcon } from '../../../components/icons';
import { ActivityIcon, CheckCircleIcon, FileTextIcon, GridIcon, TrendingIcon, UsersIcon } from '../../../components/icons-more';
import { displayNameOf, usernameOf } from '../../../lib/format';
import type { User } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trAdmin } from '../../../locales/tr-admin';
import { NavBadge } from '../../../components/nav-badge';
import { useOpenReportsCount } from '../api/reports';
import '../admin.css';

function roleLabel(user: User): string {
  return user.role === 'admin' ? trAdmin.roleAdmin : trAdmin.roleModerator;
}

/** Frame of the back office: header with the user and role, side navigation, content. */
export function AdminLayout({ user }: { user: User }) {
  const { pathname } = useLocation();
  const openReports = useOpenReportsCount();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu is a tab bar that scrolls sideways: the current tab is brought into view
  // by the least scroll (the first tabs stay whole when they fit), measured on screen rather than
  // by offsetLeft, whose reference box depends on the positioned ancestors.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.admin__nav-link.active');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const bar = nav.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    const margin = 12;
    // Horizontal only: scrollIntoView would also move the page.
    if (tab.left < bar.left + margin) nav.scrollLeft -= bar.left + margin - tab.left;
    else if (tab.right > bar.right - margin) nav.scrollLeft += tab.right - (bar.right - margin);
  }, [pathname]);
  const links = [
    { to: '/admin', label: trAdmin.dashboard, icon: GridIcon, end: true },
    { to: '/admin/users', label: trAdmin.users, icon: UsersIcon, end: false },
    { to: '/admin/posts', label: trAdmin.posts, icon: FileTextIcon, end: false },
    { to: '/admin/moderation', label: trAdmin.moderation, icon: ShieldIcon, end: false, badge: true },
    { to: '/admin/registrations', label: trAdmin.registrations, icon: CheckCircleIcon, end: false },
    { to: '/admin/trends', label: trAdmin.trends, icon: TrendingIcon, end: false },
    { to: '/admin/appeals', label: trAdmin.appeals, icon: ActivityIcon, end: false },
    ...(user.role === 'admin'
      ? [
          { to: '/admin/settings', label: trAdmin.settings, icon: SettingsIcon, end: false },
          { to: '/admin/rules', label: trAdmin.rules, icon: ShieldIcon, end: false },
          // Admins only: the log shows what every moderator did.
          { to: '/admin/audit', label: trAdmin.audit, icon: ActivityIcon, end: false },
        ]
      : []),
  ];
  return (
    <div className="admin">
      <header className="admin__header">
        <Link to="/" className="brand brand--small">
          <span className="brand__mark" aria-hidden="true">
            g
          </span>
          <span className="brand__word">{tr.app.brand}</span>
        </Link>
        <span className="admin__title">{trAdmin.title}</span>
        <div className="admin__user">
          <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="sm" />
          <div className="admin__user-text">
            <span className="admin__user-name">{displayNameOf(user)}</span>
            <span className="admin__user-handle">@{usernameOf(user)}</span>
          </div>
          <span className={`role-badge role-badge--${user.role ?? 'user'}`}>{roleLabel(user)}</span>
        </div>
      </header>
      <div className="admin__body">
        <nav ref={navRef} className="admin__nav" aria-label={trAdmin.nav}>
          {links.map(({ to, label, icon: Icon, end, badge }) => (
            <NavLink key={to} to={to} end={end} className={badge ? 'admin__nav-link nav-badge-anchor' : 'admin__nav-link'}>
              <Icon size={20} />
              <span>{label}</span>
              {badge ? <NavBadge count={openReports} label={trAdmin.moderationBadge} cap={1000} /> : null}
            </NavLink>
          ))}
          <Link to="/" className="admin__nav-link admin__nav-link--back">
            <ArrowLeftIcon size={20} />
            <span>{trAdmin.backToSite}</span>
          </Link>
        </nav>
        <main className="admin__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
