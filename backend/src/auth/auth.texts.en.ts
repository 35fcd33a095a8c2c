// English twins of auth.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './auth.texts';

export default {
  REGISTER_SUCCESS: 'Signed up! Please check your e-mail and verify your account.',
  REGISTER_WELCOME: 'Signed up! Welcome.',
  REGISTER_PENDING: 'Your sign-up request was received. You can log in once an admin approves it.',
  ACCOUNT_PENDING: 'Your account is awaiting approval by an admin.',
  ACCOUNT_REJECTED: 'Your sign-up request was not approved.',
  FORGOT_PASSWORD_SENT: 'If this e-mail address is registered, a password reset link was sent.',
  INVALID_CREDENTIALS: 'Wrong e-mail/username or password.',
  ACCOUNT_DISABLED: 'Your account has been deactivated.',
  INVALID_RESET_LINK: 'The password reset link is invalid or has expired.',
  PASSWORD_RESET_DONE: 'Your password was reset!',
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address first.',
  EMAIL_VERIFIED: 'Your e-mail address was verified.',
  INVALID_VERIFY_LINK: 'The verification link is invalid or has expired.',
  FOREIGN_ORIGIN: "This request was refused because it was sent from another site. Please try from gündem's own page.",
} satisfies EnglishTexts<typeof Tr>;
