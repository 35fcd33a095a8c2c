// The whole settings object (contract/src/preferences.ts) as this browser keeps it: a guest's
// only copy, a member's cache of the server's (GET/PUT /api/users/me/preferences), and the
// member's sync (PreferencesSync below). Not in a guest's first page: the settings screen and,
// for a member, app/providers.tsx load it.
import {
  ALLOW_MESSAGES_CHOICES,
  DEFAULT_PREFERENCES,
  FONT_SIZE_PREFERENCES,
  LANGUAGE_PREFERENCES,
  THEME_PREFERENCES,
  type Preferences,
  type PreferencesAnswer,
  type PreferencesPatch,
} from '@gundem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { browserLanguage } from '../locales/language';
import { apiClient } from './api-client';
import { useViewerKey } from './auth';
import { applyDisplayPreferences } from './preferences';
import { useRealtime } from './realtime/hooks';

export { DEFAULT_PREFERENCES, type Preferences };

/** Where this browser keeps its copy (lib/preferences.ts reads its display part before the first paint). */
export const PREFERENCES_KEY = 'gundem_preferences';

const CHOICES: Record<string, readonly string[]> = {
  'privacy.allowMessages': ALLOW_MESSAGES_CHOICES,
  'display.theme': THEME_PREFERENCES,
  'display.language': LANGUAGE_PREFERENCES,
  'display.fontSize': FONT_SIZE_PREFERENCES,
};

type Section = Record<string, unknown>;

/** `stored` over the defaults, field by field; anything missing or malformed is the default. */
export function withDefaults(stored: unknown): Preferences {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const result = {} as Record<string, Section>;
  for (const [name, defaults] of Object.entries(DEFAULT_PREFERENCES) as [string, Section][]) {
    const part = (source[name] && typeof source[name] === 'object' ? source[name] : {}) as Section;
    const out: Section = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const value = part[key];
      const allowed = CHOICES[`${name}.${key}`];
      if (allowed ? allowed.includes(value as string) : typeof value === 'boolean') out[key] = value;
      // No language chosen: the browser's (English when it is English, Turkish otherwise).
      else if (name === 'display' && key === 'language') out[key] = browserLanguage();
    }
    result[name] = out;
  }
  return result as unknown as Preferences;
}

/** This browser's copy over the defaults. */
export function loadPreferences(): Preferences {
  try {
    return withDefaults(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null'));
  } catch {
    // Unreadable storage or JSON: the defaults.
    return withDefaults(null);
  }
}

export function savePreferences(preferences: Preferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Storage unavailable: the change lasts for this page only.
  }
}

/** The fields of `next` that differ from `saved`, as the PUT's deep partial (empty: nothing changed). */
export function preferencesChanges(saved: Preferences, next: Preferences): PreferencesPatch {
  const patch: Record<string, Section> = {};
  for (const name of Object.keys(next) as (keyof Preferences)[]) {
    const before = saved[name] as unknown as Section;
    const after = next[name] as unknown as Section;
    for (const key of Object.keys(after)) {
      if (after[key] !== before[key]) (patch[name] ??= {})[key] = after[key];
    }
  }
  return patch as PreferencesPatch;
}

/** The member's settings object on the server, by viewer (lib/auth's useViewerKey). */
export const preferencesKey = (viewer: string) => ['preferences', viewer] as const;

/**
 * A member's settings object follows the account (docs/product.md#settings): at sign-in and at
 * every start the server's copy is read, its display part applied and the browser's copy
 * replaced; another tab's or device's save arrives as `preferences:updated`; after a reconnect
 * it is read again. Rendered for a member only (app/providers.tsx, lazily).
 */
export default function PreferencesSync() {
  const viewer = useViewerKey();
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    // The server's object has no language until the member chooses one: withDefaults gives the browser's.
    const apply = (answer: PreferencesAnswer) => {
      if (stopped) return;
      const preferences = withDefaults(answer);
      savePreferences(preferences);
      applyDisplayPreferences(preferences.display);
      queryClient.setQueryData(preferencesKey(viewer), preferences);
    };
    // A failed read keeps the cached copy (applied at start); the next start or reconnect reads again.
    const read = () => void apiClient.get<PreferencesAnswer>('/users/me/preferences').then(apply, () => undefined);
    read();
    const offUpdated = realtime?.on('preferences:updated', apply);
    const offResync = realtime?.onResync(read);
    return () => {
      stopped = true;
      offUpdated?.();
      offResync?.();
    };
  }, [viewer, realtime, queryClient]);
  return null;
}
