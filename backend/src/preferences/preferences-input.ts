import {
  ALLOW_MESSAGES_CHOICES,
  DEFAULT_PREFERENCES,
  FONT_SIZE_PREFERENCES,
  LANGUAGE_PREFERENCES,
  type LanguagePreference,
  type PreferencesAnswer,
  type PreferencesPatch,
  THEME_PREFERENCES,
} from '@gundem/contract';
import { BadRequestException } from '@nestjs/common';
import {
  PREFERENCES_BODY_INVALID,
  preferencesBooleanInvalid,
  preferencesChoiceInvalid,
  preferencesSectionInvalid,
  preferencesUnknownField,
} from './preferences.texts';

/** The allowed values of every non-boolean field; every other field of the defaults is a boolean. */
const CHOICES: Record<string, readonly string[]> = {
  'privacy.allowMessages': ALLOW_MESSAGES_CHOICES,
  'display.theme': THEME_PREFERENCES,
  'display.language': LANGUAGE_PREFERENCES,
  'display.fontSize': FONT_SIZE_PREFERENCES,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body of `PUT /api/users/me/preferences`, checked strictly against the settings object's
 * shape (contract/src/preferences.ts): any part of it, but an unknown key at any level, a section
 * that is not an object, a wrong type or a value outside a choice's list is a 400 naming the
 * field in Turkish. Nothing is stripped silently: a client that misspells a key learns it.
 */
export function parsePreferencesPatch(body: unknown): PreferencesPatch {
  if (!isObject(body)) throw new BadRequestException(PREFERENCES_BODY_INVALID);
  const patch: Record<string, Record<string, unknown>> = {};
  for (const [section, part] of Object.entries(body)) {
    const defaults = (DEFAULT_PREFERENCES as unknown as Record<string, Record<string, unknown>>)[section];
    if (!Object.hasOwn(DEFAULT_PREFERENCES, section) || !defaults) throw new BadRequestException(preferencesUnknownField(section));
    if (!isObject(part)) throw new BadRequestException(preferencesSectionInvalid(section));
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(part)) {
      const field = `${section}.${key}`;
      if (!Object.hasOwn(defaults, key)) throw new BadRequestException(preferencesUnknownField(field));
      const allowed = CHOICES[field];
      if (allowed) {
        if (typeof value !== 'string' || !allowed.includes(value)) throw new BadRequestException(preferencesChoiceInvalid(field, allowed.join(', ')));
      } else if (typeof value !== 'boolean') {
        throw new BadRequestException(preferencesBooleanInvalid(field));
      }
      out[key] = value;
    }
    patch[section] = out;
  }
  return patch as PreferencesPatch;
}

/**
 * The stored jsonb's part of one section over its defaults, keeping only known keys of the
 * right type (a row written before a key existed, or by hand, reads as the default).
 */
function section<T extends object>(defaults: T, stored: unknown, prefix: string): T {
  const result = { ...defaults } as Record<string, unknown>;
  if (!isObject(stored)) return result as T;
  for (const key of Object.keys(defaults)) {
    const value = stored[key];
    const allowed = CHOICES[`${prefix}.${key}`];
    if (allowed ? typeof value === 'string' && allowed.includes(value) : typeof value === 'boolean') result[key] = value;
  }
  return result as T;
}

/** The row's columns and jsonb as the whole settings object. */
export interface PreferencesRow {
  preferences: unknown;
  protected: boolean;
  allow_messages: string;
  discoverable: boolean;
  public_profile: boolean;
}

/** The language the member chose, or null before they choose one (their devices then use their browsers'). */
export function chosenLanguage(stored: unknown): LanguagePreference | null {
  const display = isObject(stored) && isObject(stored.display) ? stored.display : {};
  return (LANGUAGE_PREFERENCES as readonly unknown[]).includes(display.language) ? (display.language as LanguagePreference) : null;
}

/** The settings object as answered: `display.language` only once chosen (contract PreferencesAnswer). */
export function toPreferences(row: PreferencesRow): PreferencesAnswer {
  const stored = isObject(row.preferences) ? row.preferences : {};
  const { language: _default, ...display } = section(DEFAULT_PREFERENCES.display, stored.display, 'display');
  const language = chosenLanguage(stored);
  return {
    notifications: section(DEFAULT_PREFERENCES.notifications, stored.notifications, 'notifications'),
    privacy: {
      publicProfile: row.public_profile,
      protectedTweets: row.protected,
      discoverable: row.discoverable,
      allowMessages: (ALLOW_MESSAGES_CHOICES as readonly string[]).includes(row.allow_messages)
        ? (row.allow_messages as PreferencesAnswer['privacy']['allowMessages'])
        : DEFAULT_PREFERENCES.privacy.allowMessages,
    },
    display: language ? { ...display, language } : display,
  };
}
