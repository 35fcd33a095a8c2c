// English for locales/tr-notifications.ts.
import type * as Tr from '../tr-notifications';
import type { EnglishOf } from './types';

export default {
  trNotifications: {
    title: 'Notifications',
    tabsLabel: 'Notification tabs',
    tabAll: 'All',
    tabMentions: 'Mentions',
    tabVerified: 'Verified',
    markAllRead: 'Mark all as read',
    listLabel: 'Notification list',
    unread: 'Unread',
    unreadCount: (count: number) => `${count} unread ${count === 1 ? 'notification' : 'notifications'}`,
    empty: 'No notifications yet',
    emptyText: 'Likes, replies, mentions and new followers will show up here.',
    emptyMentions: 'No one has mentioned you yet',
    emptyMentionsText: 'When someone mentions you or replies to you, it will show up here.',
    emptyVerified: 'No notifications from verified accounts',
    emptyVerifiedText: "Verified accounts' interactions will show up here.",
    loadFailed: 'Notifications could not be loaded',
    retry: 'Try again',
    loadingMore: 'Loading more notifications…',
    and: ' and ',
    andOthers: (count: string) => ` and ${count} ${count === '1' ? 'other' : 'others'}`,
    actions: {
      like: 'liked your post',
      repost: 'reposted your post',
      reply: 'replied to your post',
      follow: 'started following you',
      mention: 'mentioned you in a post',
      report_resolved: 'Your report was reviewed and our team took action. Thank you!',
      moderation: 'There is a new moderation notice about your account',
      edit: 'edited a post you reposted or quoted',
      quote: 'quoted your post',
    },
    actorsLabel: 'Recent interactions',
  },
} satisfies EnglishOf<typeof Tr>;
