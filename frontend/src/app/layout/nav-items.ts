import type { ComponentType } from 'react';
import {
  BellIcon,
  BookmarkIcon,
  HashIcon,
  HomeIcon,
  MailIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
  type IconProps,
} from '../../components/icons';
import { isStaff, type User } from '../../lib/types';
import { tr } from '../../locales/tr';
import { FollowRequestsNavBadge, MessagesNavBadge, NotificationsNavBadge } from './lazy-nav-badges';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Active only on an exact match (home); the others by path prefix. */
  end: boolean;
  membersOnly: boolean;
  /** Shown to moderators and admins only (the back office). */
  staffOnly?: boolean;
  /** Active on the signed-in member's own profile only, not on another member's. */
  ownProfile?: boolean;
  /** Shown to a protected account only (issue 26: its `Takip istekleri`). */
  locked?: boolean;
  /** A member's unread badge on the icon (components/nav-badge.tsx); guests see none. */
  badge?: ComponentType;
}

/**
 * The navigation entries of docs/product.md#app-shell, shared by the sidebar and the bottom bar.
 * Each label is read when shown, not when this module loads: an English page writes its texts
 * over the Turkish ones after that (main.tsx, locales/en).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', get label() {
      return tr.nav.home;
    }, icon: HomeIcon, end: true, membersOnly: false },
  { to: '/explore', get label() {
      return tr.nav.explore;
    }, icon: HashIcon, end: false, membersOnly: false },
  {
    to: '/notifications',
    get label() {
      return tr.nav.notifications;
    },
    icon: BellIcon,
    end: false,
    membersOnly: false,
    badge: NotificationsNavBadge,
  },
  {
    to: '/messages',
    get label() {
      return tr.nav.messages;
    },
    icon: MailIcon,
    end: false,
    membersOnly: false,
    badge: MessagesNavBadge,
  },
  {
    to: '/bookmarks',
    get label() {
      return tr.nav.bookmarks;
    },
    icon: BookmarkIcon,
    end: false,
    membersOnly: true,
  },
  {
    to: '/profile',
    get label() {
      return tr.nav.profile;
    },
    icon: UserIcon,
    end: false,
    membersOnly: true,
    ownProfile: true,
  },
  {
    to: '/follow-requests',
    get label() {
      return tr.nav.requests;
    },
    icon: UserIcon,
    end: false,
    membersOnly: true,
    locked: true,
    badge: FollowRequestsNavBadge,
  },
  { to: '/settings', get label() {
      return tr.nav.settings;
    }, icon: SettingsIcon, end: false, membersOnly: true },
  {
    to: '/admin',
    get label() {
      return tr.nav.admin;
    },
    icon: ShieldIcon,
    end: false,
    membersOnly: true,
    staffOnly: true,
  },
];

/** The entries for this viewer: `null` for a guest. */
export function navItemsFor(user: User | null): readonly NavItem[] {
  return NAV_ITEMS.filter(
    (item) => (!item.membersOnly || user !== null) && (!item.staffOnly || isStaff(user)) && (!item.locked || user?.protected),
  );
}

/**
 * Whether the entry is the current page: home on an exact match, the others by path prefix,
 * except `Profil`, which is active on the viewer's own profile (`/profile`, or
 * `/profile/{their username}`) and not on another member's.
 */
export function isNavItemActive(item: NavItem, pathname: string, user: User | null): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.end) return path === item.to;
  if (item.ownProfile) {
    if (path === item.to) return true;
    const match = /^\/profile\/([^/]+)$/.exec(path);
    if (!match || !user?.username) return false;
    let name = match[1];
    try {
      name = decodeURIComponent(name);
    } catch {
      return false;
    }
    return name.toLowerCase() === user.username.toLowerCase();
  }
  return path === item.to || path.startsWith(`${item.to}/`);
}
