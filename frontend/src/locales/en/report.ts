// English for locales/tr-report.ts.
import type { ReportTargetType } from '@gundem/contract';
import type * as Tr from '../tr-report';
import type { EnglishOf } from './types';

export default {
  trReport: {
    menuItem: 'Report',
    reportAccount: (username: string) => `Report @${username}`,
    reportMessage: 'Report message',
    title: (target: ReportTargetType): string =>
      ({ post: 'Report post', account: 'Report account', message: 'Report message' })[target],
    categoryLegend: 'Why are you reporting this?',
    categories: {
      spam: 'Unwanted content (spam)',
      harassment: 'Harassment or hate speech',
      violence: 'Violence',
      illegal: 'Illegal content',
      other: 'Other',
    },
    ruleLegend: 'Which server rule does it break? (optional)',
    noRule: 'I am not choosing a particular rule',
    rule: (number: number, text: string) => `Rule ${number}: ${text}`,
    rulesLoading: 'Loading rules…',
    rulesFailed: 'Rules could not be loaded; you can send the report without choosing a rule.',
    alsoBlock: (username: string) => `Also block @${username}`,
    blockedText: (username: string) => `@${username} blocked: you will no longer see each other's posts.`,
    postsLegend: (username: string) => `Add posts by @${username} (at most 5)`,
    postsLoading: 'Loading posts…',
    postsEmpty: 'No other posts to add.',
    postsFailed: 'Posts could not be loaded; you can still send the report.',
    commentLabel: 'Comment (optional)',
    commentHint: (left: number) => `${left} ${left === 1 ? 'character' : 'characters'} left`,
    submit: 'Report',
    sending: 'Sending…',
    cancel: 'Cancel',
    failed: 'The report could not be sent. Please try again.',
    networkError: 'Connection error. Please try again.',
    thanksTitle: 'Thank you',
    thanksText: 'Your report reached our team. We will let you know when action is taken; who reported is never shared.',
    close: 'Close',
  },
} satisfies EnglishOf<typeof Tr>;
