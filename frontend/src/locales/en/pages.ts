// English for locales/tr-pages.ts.
import type * as Tr from '../tr-pages';
import type { EnglishOf } from './types';

export default {
  trPages: {
    termsTitle: 'Terms of Service',
    terms: 'The terms of service will be published here soon.',
    privacyTitle: 'Privacy Policy',
    privacy: 'The privacy policy will be published here soon.',
    helpTitle: 'Help',
    help: 'The help centre is coming here soon.',
    notFoundTitle: 'Page not found',
    notFound: 'The page you are looking for may have moved or never existed.',
    rulesTitle: 'Server rules',
    rulesIntro: 'The rules to follow on gündem. When reporting a post or an account, you can name the rule broken by its number.',
    rulesListLabel: 'Rules',
    rulesLoading: 'Loading rules…',
    rulesLoadFailed: 'Rules could not be loaded.',
    rulesRetry: 'Try again',
    rulesEmptyTitle: 'No rules yet',
    rulesEmpty: 'Rules will be listed here once the admins add them.',
  },
} satisfies EnglishOf<typeof Tr>;
