// The display part of the settings object (docs/product.md#settings), applied to the page before
// the first paint from this browser's copy under `gundem_preferences`: a guest's own choices, a
// member's a cache of the account's (kept current by lib/preferences-cache.tsx, loaded only for a
// member). Only this small part is in every visitor's first page; the whole object's reading and
// writing is lib/preferences-cache.tsx, loaded with the screens that need it.
import type { DisplayPreferences } from '@gundem/contract';

/** The stored display choices (unknown values are ignored when applied). */
export function cachedDisplay(): Partial<DisplayPreferences> {
  try {
    const display: unknown = JSON.parse(localStorage.getItem('gundem_preferences') ?? 'null')?.display;
    return display && typeof display === 'object' ? display : {};
  } catch {
    return {};
  }
}

/**
 * Theme and font size on <html>: `data-theme` (absent for "auto": the system decides, see
 * global.css) and `data-font-size` (absent for "medium"); anything else reads as the default.
 */
export function applyDisplayPreferences(
  { theme, fontSize }: Partial<DisplayPreferences>,
  root: HTMLElement = document.documentElement,
): void {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
  if (fontSize === 'small' || fontSize === 'large') root.dataset.fontSize = fontSize;
  else delete root.dataset.fontSize;
}
