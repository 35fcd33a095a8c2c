import type { ComponentType } from 'react';
import {
  BellIcon,
  HashIcon,
  HomeIcon,
  MailIcon,
  SettingsIcon,
  UserIcon,
  type IconProps,
} from '../../components/icons';
import { MessagesBadge } from '../../features/messages/components/messages-badge';
import { NotificationsBadge } from '../../features/notifications/components/notifications-badge';
import { tr } from '../../locales/tr';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Active only on an exact match (home); the others by path prefix. */
  end: boolean;
  membersOnly: boolean;
  /** A member's unread badge on the icon (components/nav-badge.tsx); guests see none. */
  badge?: ComponentType;
}

/** The navigation entries of docs/product.md#app-shell, shared by the sidebar and the bottom bar. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: tr.nav.home, icon: HomeIcon, end: true, membersOnly: false },
  { to: '/explore', label: tr.nav.explore, icon: HashIcon, end: false, membersOnly: false },
  {
    to: '/notifications',
    label: tr.nav.notifications,
    icon: BellIcon,
    end: false,
    membersOnly: false,
    badge: NotificationsBadge,
  },
  {
    to: '/messages',
    label: tr.nav.messages,
    icon: MailIcon,
    end: false,
    membersOnly: false,
    badge: MessagesBadge,
  },
  { to: '/profile', label: tr.nav.profile, icon: UserIcon, end: false, membersOnly: true },
  { to: '/settings', label: tr.nav.settings, icon: SettingsIcon, end: false, membersOnly: true },
];

export function navItemsFor(signedIn: boolean): readonly NavItem[] {
  return signedIn ? NAV_ITEMS : NAV_ITEMS.filter((item) => !item.membersOnly);
}
