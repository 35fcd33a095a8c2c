// The display part of the settings object (docs/product.md#settings), applied to the page before
// the first paint from this browser's copy under `gundem_preferences`: a guest's own choices, a
// member's a cache of the account's (kept current by lib/preferences-cache.tsx, loaded only for a
// member). Only this small part is in every visitor's first page; the whole object's reading and
// writing is lib/preferences-cache.tsx, loaded with the screens that need it. The <head>'s
// display script (display-boot.ts) does the theme and size part even earlier, before the paint.
import type { DisplayPreferences, LanguagePreference } from '@gundem/contract';
import { browserLanguage } from '../locales/language';

/** The stored display choices (unknown values are ignored when applied). */
export function cachedDisplay(): Partial<DisplayPreferences> {
  try {
    const display: unknown = JSON.parse(localStorage.getItem('gundem_preferences') ?? 'null')?.display;
    return display && typeof display === 'object' ? display : {};
  } catch {
    return {};
  }
}

/** The page's language: the stored choice, else the browser's (English when it is English, Turkish otherwise). */
export function displayLanguage(display: Partial<DisplayPreferences> = cachedDisplay()): LanguagePreference {
  return display.language === 'tr' || display.language === 'en' ? display.language : browserLanguage();
}

/** The language the page started in (its first call, main.tsx). */
let startLanguage: LanguagePreference | undefined;

/** The settings screen's unsaved theme and size, shown on the page until saved or put back. */
let preview: Pick<Partial<DisplayPreferences>, 'theme' | 'fontSize'> | null = null;

/**
 * Shows an unsaved theme and size on the page (the settings screen's draft), or ends that (null)
 * without changing the page: the caller then applies the saved copy. While it lasts, the saved
 * copy arriving (at start, from another tab or device: lib/preferences-cache.tsx) does not
 * replace what the member is trying out.
 */
export function previewDisplay(display: Pick<Partial<DisplayPreferences>, 'theme' | 'fontSize'> | null, root: HTMLElement = document.documentElement): void {
  preview = display;
  if (display) applyDisplayPreferences(display, root);
}

/**
 * Theme and font size on <html>: `data-theme` (absent for "auto": the system decides, see
 * global.css) and `data-font-size` (absent for "medium"); anything else reads as the default.
 * The language's texts are loaded before the first render (locales/language.ts): another
 * language than the page started in reloads it, and it starts again in the stored one.
 */
export function applyDisplayPreferences(
  { theme, fontSize, language }: Partial<DisplayPreferences>,
  root: HTMLElement = document.documentElement,
): void {
  if (preview) ({ theme, fontSize } = preview);
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
  if (fontSize === 'small' || fontSize === 'large') root.dataset.fontSize = fontSize;
  else delete root.dataset.fontSize;
  if (language !== 'tr' && language !== 'en') return;
  startLanguage ??= language;
  if (language !== startLanguage) location.reload();
}
