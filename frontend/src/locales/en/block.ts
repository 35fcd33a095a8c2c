// English for locales/tr-block.ts.
import type * as Tr from '../tr-block';
import type { EnglishOf } from './types';

export default {
  trBlock: {
    block: (username: string) => `Block @${username}`,
    unblock: (username: string) => `Unblock @${username}`,
    confirmTitle: (username: string) => `Block @${username}?`,
    confirmText:
      'You both stop following each other. This account cannot see your posts, reply to you, follow you or message you, and you will not see its posts. It is not told that it was blocked.',
    unblockTitle: (username: string) => `Unblock @${username}?`,
    unblockText: 'This account can see your posts and follow you again. Follows do not come back.',
    confirm: 'Block',
    confirmUnblock: 'Unblock',
    cancel: 'Cancel',
    blocking: 'Blocking…',
    unblocking: 'Unblocking…',
    failed: 'That did not work. Please try again.',
    networkError: 'Connection error. Please try again.',
    blocked: (username: string) => `@${username} blocked`,
    unblocked: (username: string) => `@${username} unblocked`,
    profileMenu: 'Account actions',
    profileMenuLabel: 'Account actions menu',
    youBlocked: 'You blocked this account.',
    section: 'Blocked accounts',
    sectionText: 'Accounts you blocked. Once unblocked, they can see your posts again.',
    listLabel: 'Blocked accounts',
    empty: 'You have not blocked anyone.',
    emptyText: "You can block an account from the ⋯ menu on its profile or on one of its posts.",
    loadFailed: 'Blocked accounts could not be loaded',
    loadFailedNetwork: 'Connection error. Please try again.',
    retry: 'Try again',
    more: 'More',
    loadingMore: 'Loading more…',
    moreFailed: 'The rest could not be loaded.',
    unblockButton: 'Unblock',
    unblockButtonLabel: (name: string) => `Unblock: ${name}`,
  },
} satisfies EnglishOf<typeof Tr>;
