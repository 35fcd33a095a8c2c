// The profile editor's fields as the server checks them (PATCH /api/users/me,
// backend/src/users/profile-input.ts), so a refusal shows beside its field before anything is
// sent; the server stays the judge. And the website as the profile shows it: a link only when it
// is an http(s) address.
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  WEBSITE_MAX_LENGTH,
  type ProfileUpdateRequest,
} from '@gundem/contract';
import { trProfile } from '../../locales/tr-profile';

export type ProfileField = keyof Required<ProfileUpdateRequest>;
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const PROFILE_FIELDS: readonly ProfileField[] = ['displayName', 'bio', 'location', 'website'];

/** Characters as the server counts them (code points): an emoji is one. */
export const characterCount = (text: string) => [...text].length;

const oneLine = (text: string) => text.replace(/\s+/gu, ' ').trim();
// Bidi controls and zero-width characters, as the server strips them from a name (account-input.ts).
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C\u2060\uFEFF]/g;

/** The value the server would store for each field (trimmed; names and places on one line). */
export function cleanProfileValues(values: ProfileValues): ProfileValues {
  return {
    displayName: oneLine(values.displayName.replace(INVISIBLE, '')),
    bio: values.bio.trim(),
    location: oneLine(values.location.replace(INVISIBLE, '')),
    website: values.website.trim(),
  };
}

const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/u;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The website's refusal, or null: the server's rules (a bare domain gets https://). */
export function websiteProblem(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (BLANK_OR_CONTROL.test(text)) return trProfile.websiteInvalid;
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return trProfile.websiteScheme;
  let url: URL;
  try {
    url = new URL(scheme ? text : `https://${text.replace(/^\/+/, '')}`);
  } catch {
    return trProfile.websiteInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return trProfile.websiteScheme;
  if (url.username || url.password) return trProfile.websiteCredentials;
  const labels = url.hostname.split('.');
  if (!IPV4.test(url.hostname) && (labels.length < 2 || labels.some((label) => !label) || !TOP_LABEL.test(labels[labels.length - 1]))) {
    return trProfile.websiteInvalid;
  }
  const rest = url.pathname === '/' && !url.search && !url.hash ? '' : `${url.pathname}${url.search}${url.hash}`;
  if (characterCount(`${url.protocol}//${url.host}${rest}`) > WEBSITE_MAX_LENGTH) return trProfile.websiteTooLong(WEBSITE_MAX_LENGTH);
  return null;
}

/** Each field's refusal (already cleaned values), as the server would answer it. */
export function profileErrors(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.displayName) errors.displayName = trProfile.displayNameRequired;
  else if (characterCount(values.displayName) > DISPLAY_NAME_MAX_LENGTH) errors.displayName = trProfile.displayNameTooLong(DISPLAY_NAME_MAX_LENGTH);
  if (characterCount(values.bio) > BIO_MAX_LENGTH) errors.bio = trProfile.bioTooLong(BIO_MAX_LENGTH);
  if (characterCount(values.location) > LOCATION_MAX_LENGTH) errors.location = trProfile.locationTooLong(LOCATION_MAX_LENGTH);
  const website = websiteProblem(values.website);
  if (website) errors.website = website;
  return errors;
}

/** Which field a server refusal names (its sentence starts with the field's label), if any. */
export function fieldOfMessage(message: string): ProfileField | null {
  const labels: Record<ProfileField, string> = {
    displayName: trProfile.displayNameLabel,
    bio: trProfile.bioLabel,
    location: trProfile.location,
    website: trProfile.website,
  };
  return PROFILE_FIELDS.find((field) => message.startsWith(labels[field])) ?? null;
}

/**
 * The website as a link: only an http(s) address without credentials, shown without its scheme,
 * a leading `www.` and a trailing `/`. Anything else (an older value in another form) is no link.
 */
export function websiteLink(website: string): { href: string; label: string } | null {
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  return { href: url.href, label: website.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '') };
}
