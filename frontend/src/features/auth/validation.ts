// Client-side checks of the auth forms (docs/product.md#validation). The server allows usernames of
// 3-30 characters from [A-Za-z0-9_] only, so Turkish letters are refused here as well.
import { tr } from '../../locales/tr';
import { trAuth } from '../../locales/tr-auth';
import { trResetPassword } from '../../locales/tr-password';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's rule: at least one character that is not a space or zero-width (never trimmed). */
const VISIBLE_CHARACTER = /[^\s\u200B-\u200D\u2060\uFEFF]/u;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function requiredError(value: string): string | undefined {
  return value.trim() ? undefined : tr.common.required;
}

export function usernameError(value: string): string | undefined {
  const username = value.trim();
  if (!username) return tr.common.required;
  if (!USERNAME_PATTERN.test(username)) return trAuth.usernameChars;
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) {
    return trAuth.usernameLength;
  }
  return undefined;
}

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return tr.common.required;
  return EMAIL_PATTERN.test(email) ? undefined : trAuth.emailInvalid;
}

export function passwordError(value: string): string | undefined {
  if (!value) return tr.common.required;
  if (value.length < PASSWORD_MIN) return trAuth.passwordMin;
  return VISIBLE_CHARACTER.test(value) ? undefined : trAuth.passwordBlank;
}

export interface LoginValues {
  login: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    login: requiredError(values.login),
    password: values.password ? undefined : tr.common.required,
  };
}

export interface RegisterValues {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return {
    displayName: requiredError(values.displayName),
    username: usernameError(values.username),
    email: emailError(values.email),
    password: passwordError(values.password),
  };
}

export interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  let confirmPassword: string | undefined;
  if (!values.confirmPassword) confirmPassword = tr.common.required;
  else if (values.confirmPassword !== values.newPassword)
    confirmPassword = trResetPassword.mismatch;
  return { newPassword: passwordError(values.newPassword), confirmPassword };
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
