// English twins of mail.texts.ts: the mails of a member who chose English, or of a request that prefers it (issue 26).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './mail.texts';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export default {
  MAIL_LINK_FALLBACK: 'If the button does not work, paste this address into your browser:',
  MAIL_SIGNATURE: '— the gündem team',

  RESET_SUBJECT: 'gündem password reset',
  RESET_TITLE: 'Reset your password',
  RESET_BUTTON: 'Set a new password',
  resetIntro: (name: string) =>
    `Hello ${name}, we received a request to reset the password of your gündem account. The link is valid for one hour and can be used only once. If you did not make this request, you can ignore this e-mail.`,
  resetLinkLine: (link: string) => `To set your new password: ${link}`,

  VERIFY_SUBJECT: 'gündem e-mail verification',
  VERIFY_TITLE: 'Verify your e-mail address',
  VERIFY_BUTTON: 'Verify my account',
  verifyIntro: (name: string) => `Hello ${name}, welcome to gündem! Click the link below to verify your account.`,

  APPROVED_SUBJECT: 'Your gündem sign-up was approved',
  APPROVED_TITLE: 'Your sign-up was approved',
  approvedIntro: (name: string) => `Hello ${name}, your gündem sign-up request was approved. You can log in now.`,

  REJECTED_SUBJECT: 'Your gündem sign-up request',
  REJECTED_TITLE: 'Your sign-up request was not approved',
  rejectedIntro: (name: string) => `Hello ${name}, your gündem sign-up request was not approved. This account cannot log in.`,

  GO_TO_GUNDEM: 'Go to gündem',

  digestSubject: (count: number) => `gündem: ${count} ${plural(count, 'unread notification', 'unread notifications')}`,
  DIGEST_TITLE: 'Your unread notifications',
  DIGEST_BUTTON: 'Go to notifications',
  digestIntro: (name: string, count: number) =>
    `Hello ${name}, you have ${count} ${plural(count, 'unread notification', 'unread notifications')} on gündem.`,
  digestMore: (more: number) => `and ${more} ${plural(more, 'more notification', 'more notifications')}.`,
  digestLinkLine: (link: string) => `Your notifications: ${link}`,
  DIGEST_FOOTER: 'We send this e-mail at most once a day. You can turn it off in Settings › Notifications › E-mail notifications.',
  DIGEST_SOMEONE: 'Someone',
  digestActors: (name: string, others: number) => `${name} and ${others} ${plural(others, 'other', 'others')}`,
  DIGEST_ACTIONS: {
    like: 'liked your post',
    repost: 'reposted your post',
    reply: 'replied to your post',
    follow: 'started following you',
    mention: 'mentioned you in a post',
    edit: 'edited a post you reposted or quoted',
    quote: 'quoted your post',
  },
  DIGEST_OTHER_ACTION: 'did something',
  DIGEST_MODERATION: 'There is a moderation notice about your account.',
  DIGEST_REPORT_RESOLVED: 'Your report was resolved.',
} satisfies EnglishTexts<typeof Tr>;
