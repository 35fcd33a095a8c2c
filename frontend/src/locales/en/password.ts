// English for locales/tr-password.ts.
import type * as Tr from '../tr-password';
import type { EnglishOf } from './types';

export default {
  trForgotPassword: {
    title: 'Forgot password',
    intro: 'Enter the e-mail address of your account; we will send you a password reset link.',
    emailLabel: 'E-mail',
    submit: 'Send reset link',
    success: 'A password reset link was sent to your e-mail address',
    failure: 'Something went wrong. Please try again.',
  },
  trResetPassword: {
    title: 'Reset password',
    intro: 'Choose a new password for your account.',
    invalidLink: 'Invalid password reset link.',
    requestNewLink: 'Ask for a new link',
    newPasswordLabel: 'New password',
    confirmLabel: 'New password (again)',
    submit: 'Reset password',
    mismatch: 'The passwords do not match.',
    success: 'Your password was reset!',
    redirecting: 'Taking you to Home…',
    failure: 'The password could not be reset.',
  },
} satisfies EnglishOf<typeof Tr>;
