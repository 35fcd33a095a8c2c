// The local preference object of docs/product.md#entities: never sent to the server. Kept in this browser under
// `gundem_preferences`; the display part (theme, font size) is applied to the page at start and
// on every change.

import { browserLanguage } from '../locales/language';

export type ThemePreference = 'light' | 'dark' | 'auto';
export type LanguagePreference = 'tr' | 'en';
export type FontSizePreference = 'small' | 'medium' | 'large';

export interface Preferences {
  notifications: {
    email: boolean;
    push: boolean;
    mentions: boolean;
    likes: boolean;
    follows: boolean;
    messages: boolean;
  };
  privacy: {
    publicProfile: boolean;
    protectedTweets: boolean;
    discoverable: boolean;
    allowMessages: boolean;
  };
  display: {
    theme: ThemePreference;
    language: LanguagePreference;
    fontSize: FontSizePreference;
  };
}

export const PREFERENCES_KEY = 'gundem_preferences';

/** The defaults: every notification on, a public and findable profile, the system's theme. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: {
    email: true,
    push: true,
    mentions: true,
    likes: true,
    follows: true,
    messages: true,
  },
  privacy: {
    publicProfile: true,
    protectedTweets: false,
    discoverable: true,
    allowMessages: true,
  },
  display: {
    theme: 'auto',
    language: 'tr',
    fontSize: 'medium',
  },
};

const THEMES: readonly ThemePreference[] = ['light', 'dark', 'auto'];
const LANGUAGES: readonly LanguagePreference[] = ['tr', 'en'];
const FONT_SIZES: readonly FontSizePreference[] = ['small', 'medium', 'large'];

function pick<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function booleans<T extends Record<string, boolean>>(defaults: T, stored: unknown): T {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = source[key as string];
    if (typeof value === 'boolean') result[key] = value as T[keyof T];
  }
  return result;
}

/** The stored preferences over the defaults; anything missing or malformed is the default. */
export function loadPreferences(): Preferences {
  let stored: Partial<Record<keyof Preferences, unknown>> = {};
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') stored = parsed as typeof stored;
  } catch {
    // Unreadable storage or JSON: the defaults.
  }
  const display = (stored.display ?? {}) as Record<string, unknown>;
  return {
    notifications: booleans(DEFAULT_PREFERENCES.notifications, stored.notifications),
    privacy: booleans(DEFAULT_PREFERENCES.privacy, stored.privacy),
    display: {
      theme: pick(THEMES, display.theme, DEFAULT_PREFERENCES.display.theme),
      language: pick(LANGUAGES, display.language, browserLanguage()),
      fontSize: pick(FONT_SIZES, display.fontSize, DEFAULT_PREFERENCES.display.fontSize),
    },
  };
}

export function savePreferences(preferences: Preferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Storage unavailable: the change lasts for this page only.
  }
}

/** The language the page started in (its first call, main.tsx). */
let startLanguage: LanguagePreference | undefined;

/**
 * Theme and font size on <html>: `data-theme` (absent for "auto": the system decides, see
 * global.css) and `data-font-size` (absent for "medium"). The language's texts are loaded before
 * the first render (locales/language.ts): another language than the page started in reloads it,
 * and it starts again in the stored one.
 */
export function applyDisplayPreferences(
  display: Preferences['display'],
  root: HTMLElement = document.documentElement,
): void {
  if (display.theme === 'auto') delete root.dataset.theme;
  else root.dataset.theme = display.theme;
  if (display.fontSize === 'medium') delete root.dataset.fontSize;
  else root.dataset.fontSize = display.fontSize;
  startLanguage ??= display.language;
  if (display.language !== startLanguage) location.reload();
}
