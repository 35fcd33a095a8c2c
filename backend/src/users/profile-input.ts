import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, type ProfileUpdateRequest, WEBSITE_MAX_LENGTH } from '@gundem/contract';
import { cleanDisplayName } from './account-input';
import {
  PROFILE_BIO_TOO_LONG,
  PROFILE_DISPLAY_NAME_REQUIRED,
  PROFILE_DISPLAY_NAME_TOO_LONG,
  PROFILE_LOCATION_TOO_LONG,
  PROFILE_UPDATE_EMPTY,
  PROFILE_WEBSITE_CREDENTIALS,
  PROFILE_WEBSITE_INVALID,
  PROFILE_WEBSITE_SCHEME,
  PROFILE_WEBSITE_TOO_LONG,
} from './users.texts';

/**
 * The rules of the profile editor's fields (PATCH /api/users/me), in one pure module so the unit
 * test can walk every case: each field trimmed, counted in characters (code points, as the
 * varchar columns count them), the display name required, the website an http(s) address in
 * one stored form. A refusal is the Turkish sentence naming the field.
 */

/** The profile's editable columns, cleaned: only the keys the request named. */
export type ProfileChanges = Partial<Record<'displayName' | 'bio' | 'location' | 'website', string>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const length = (text: string) => [...text].length;

/** Line breaks and tabs in a one-line field (a name, a place) become single spaces. */
const oneLine = (text: string) => text.replace(/\s+/gu, ' ');

/** A scheme at the start (`javascript:`, `https:`), not a host's port (`ornek.com:8080`). */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
/** Whitespace or a control character anywhere inside: never part of an address someone typed. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/u;
/** A host's last label: letters (or an IDN's punycode), or the host is an IPv4 address. */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The website as stored and linked: `https://` added to a bare domain (`ornek.com/sayfa`), the
 * host lower-cased (an IDN in punycode, what the browser goes to), a lone `/` path dropped. Empty
 * clears it. Refused: any scheme but http and https (`javascript:`, `data:`, `ftp:`…), a user
 * name or password (`https://kullanici:sifre@ornek.com`: the link would show one host and may
 * go to another), a host without a dot and a top label (`localhost`, `https://ornek`), and more
 * than WEBSITE_MAX_LENGTH characters once normalised.
 */
export function normaliseWebsite(raw: string): Checked<string> {
  const text = raw.trim();
  if (!text) return { ok: true, value: '' };
  if (BLANK_OR_CONTROL.test(text)) return { ok: false, message: PROFILE_WEBSITE_INVALID };
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return { ok: false, message: PROFILE_WEBSITE_SCHEME };
  let url: URL;
  try {
    url = new URL(scheme ? text : `https://${text.replace(/^\/+/, '')}`);
  } catch {
    return { ok: false, message: PROFILE_WEBSITE_INVALID };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: PROFILE_WEBSITE_SCHEME };
  if (url.username || url.password) return { ok: false, message: PROFILE_WEBSITE_CREDENTIALS };
  const labels = url.hostname.split('.');
  if (!IPV4.test(url.hostname) && (labels.length < 2 || labels.some((label) => !label) || !TOP_LABEL.test(labels[labels.length - 1]))) {
    return { ok: false, message: PROFILE_WEBSITE_INVALID };
  }
  const rest = url.pathname === '/' && !url.search && !url.hash ? '' : `${url.pathname}${url.search}${url.hash}`;
  const value = `${url.protocol}//${url.host}${rest}`;
  if (length(value) > WEBSITE_MAX_LENGTH) return { ok: false, message: PROFILE_WEBSITE_TOO_LONG };
  return { ok: true, value };
}

/**
 * The request's fields cleaned, or the first refusal (in the order displayName, bio, location,
 * website). Types were checked by the DTO; a body naming none of the four is refused too.
 */
export function cleanProfileInput(input: ProfileUpdateRequest): Checked<ProfileChanges> {
  const changes: ProfileChanges = {};
  if (input.displayName === undefined && input.bio === undefined && input.location === undefined && input.website === undefined) {
    return { ok: false, message: PROFILE_UPDATE_EMPTY };
  }
  if (input.displayName !== undefined) {
    // Invisible controls stripped as at registration (account-input.ts), on one line.
    const name = oneLine(cleanDisplayName(input.displayName)).trim();
    if (!name) return { ok: false, message: PROFILE_DISPLAY_NAME_REQUIRED };
    if (length(name) > DISPLAY_NAME_MAX_LENGTH) return { ok: false, message: PROFILE_DISPLAY_NAME_TOO_LONG };
    changes.displayName = name;
  }
  if (input.bio !== undefined) {
    // Line breaks stay, as in a post's text.
    const bio = input.bio.trim();
    if (length(bio) > BIO_MAX_LENGTH) return { ok: false, message: PROFILE_BIO_TOO_LONG };
    changes.bio = bio;
  }
  if (input.location !== undefined) {
    const location = oneLine(cleanDisplayName(input.location)).trim();
    if (length(location) > LOCATION_MAX_LENGTH) return { ok: false, message: PROFILE_LOCATION_TOO_LONG };
    changes.location = location;
  }
  if (input.website !== undefined) {
    const website = normaliseWebsite(input.website);
    if (!website.ok) return website;
    changes.website = website.value;
  }
  return { ok: true, value: changes };
}
