import { useSyncExternalStore } from 'react';

/**
 * The shell's breakpoints, the same widths as the `@media` rules of styles/global.css: below
 * 1000 px there is no right column, below 700 px a bottom bar replaces the left sidebar.
 */
export const LAYOUT_QUERIES = {
  rightSidebar: '(min-width: 1000px)',
  leftSidebar: '(min-width: 700px)',
  phone: '(max-width: 699px)',
} as const;

/**
 * Whether `query` matches now, kept current as the window changes. Where there is no
 * `matchMedia` (jsdom) it answers `fallback`, so a test sees every part of the shell.
 *
 * The shell renders a column only where it shows: CSS alone hid the sidebars on a phone, yet the
 * phone still built their DOM, ran their queries (trends, who to follow) and fetched them beside
 * its first feed page on a slow connection (issue 13's blocking time and LCP).
 */
/**
 * Whether `query` matches at this moment (`fallback` without `matchMedia`), read outside React's
 * snapshot, for a choice that changes no markup. A server-rendered page's hydrating render takes
 * useMediaQuery's server snapshot (every column shown) on any width, and the columns a phone does
 * not show are rendered for that one render: their widgets ask with this whether to fetch.
 */
export function matchesNow(query: string, fallback = true): boolean {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? fallback : window.matchMedia(query).matches;
}

export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    // The server's render (entry-server.tsx) knows no width: it renders every part and the CSS
    // shows those of the width. The browser's hydrating render reads this too, so it meets the
    // same markup, and renders again with the real answer right after.
    () => fallback,
  );
}
