// English twins of settings.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './settings.texts';

export default {
  SETTINGS_SAVED: 'Settings saved!',
  SITE_NAME_READ_ONLY: 'The site name cannot be changed.',
  REGISTRATION_CLOSED: 'New sign-ups are closed right now.',
  MAINTENANCE_MESSAGE: 'The site is under maintenance. Please try again later.',
  BLOCKED_DOMAIN_INVALID: (entry: string) =>
    `The blocked e-mail domains contain an invalid value: “${Array.from(entry).slice(0, 60).join('')}”. Example: example.com`,
  EMAIL_DOMAIN_BLOCKED: 'You cannot sign up with this e-mail domain. Please use another e-mail address.',
} satisfies EnglishTexts<typeof Tr>;
