// English for locales/tr-follow-requests.ts.
import type * as Tr from '../tr-follow-requests';
import type { EnglishOf } from './types';

export default {
  trFollowRequests: {
    title: 'Follow requests',
    intro: 'Your account is protected: approve or decline the people who want to follow you here.',
    listLabel: 'Pending follow requests',
    empty: 'No pending follow requests',
    emptyText: 'When someone wants to follow you, it shows up here.',
    loadFailed: 'Follow requests could not be loaded',
    loadFailedNetwork: 'Check your connection and try again.',
    retry: 'Try again',
    more: 'More',
    loadingMore: 'Loading more requests',
    moreFailed: 'The other requests could not be loaded.',
    approve: 'Approve',
    decline: 'Decline',
    approveLabel: (name: string) => `Approve the follow request from ${name}`,
    declineLabel: (name: string) => `Decline the follow request from ${name}`,
    approved: (username: string) => `@${username} now follows you`,
    declined: (username: string) => `Declined the request from @${username}`,
    failed: 'That did not work. Please try again.',
    networkError: 'Could not connect. Please try again.',
    badge: (count: string) => `${count} pending follow ${count === '1' ? 'request' : 'requests'}`,
    requestedAt: (when: string) => `Requested ${when}`,
  },
} satisfies EnglishOf<typeof Tr>;
