// English for locales/tr-moderation.ts.
import type * as Tr from '../tr-moderation';
import type { EnglishOf } from './types';

export default {
  trModeration: {
    noticesTitle: 'Moderation notices',
    noticesIntro: 'Actions the team took on your account, and your appeals.',
    kinds: {
      warn: 'Warning',
      sensitive_media: 'Your media was marked as sensitive',
      suspend: 'Account suspended',
      limit: 'Your account was limited: your posts reach only your followers',
      post_removed: 'Your post was removed',
    },
    reason: 'Reason',
    rule: (number: number, text: string) => `Rule ${number}: ${text}`,
    ruleLabel: 'Rule broken',
    removedPost: 'Removed post',
    removalAccepted: 'Your appeal was accepted; your post was restored.',
    removalAcceptedNotRestored:
      'Your appeal was accepted; the removal was undone. The post could not be restored because no copy of it was kept.',
    removalUndone: 'The removal was undone; your post was restored.',
    until: (date: string) => `Ends: ${date}`,
    indefinite: 'Indefinite',
    lifted: 'No longer in effect',
    appealButton: 'Appeal',
    appealLabel: 'Your appeal',
    appealHint: 'At most 1,000 characters. You can appeal each action once.',
    appealSend: 'Send appeal',
    appealSending: 'Sending…',
    appealCancel: 'Cancel',
    appealEmpty: 'Please write your appeal.',
    appealSent: 'Your appeal was received. You will be told the outcome.',
    appealFailed: 'The appeal could not be sent. Please try again.',
    appealStatus: {
      pending: 'Your appeal is being reviewed',
      accepted: 'Your appeal was accepted; the action was undone',
      rejected: 'Your appeal was rejected',
    },
    yourAppeal: 'Your appeal',
    staffReply: "The team's reply",
    empty: 'No notices',
    emptyText: 'No action has been taken on your account.',
    loadFailed: 'Notices could not be loaded',
    retry: 'Try again',
    networkError: 'The server could not be reached. Check your connection.',
    notificationLine: 'There is a new moderation notice about your account',
    suspendedNotices: 'Notice about your suspension',
  },
} satisfies EnglishOf<typeof Tr>;
