// The scroll position of each history entry, kept by app/layout/scroll-restoration.tsx and read by
// a page that opens elsewhere than its top (the post page at its post, below its thread).
import { NavigationType, type Location } from 'react-router-dom';

export const STORAGE_KEY = 'gundem_scroll_positions';
/** How many history entries keep their position across a reload. */
export const STORED_ENTRIES = 50;

function readStored(): Array<[string, number]> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as Array<[string, number]>) : [];
  } catch {
    return [];
  }
}

/** Scroll position per history entry (location.key), this tab only. */
export const positions = new Map<string, number>(readStored());

/**
 * The key a history entry's position is kept under: its location.key, except for the first entry
 * of a page load, which React Router calls `default` in every load of the tab (a link from
 * elsewhere, a typed address): that one goes by its address, or one page's position would be
 * restored on another.
 */
export function entryKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}

/**
 * Whether this entry's position is being restored (back, forward, a reload): a page that opens
 * elsewhere than its top (the post page at its post) then leaves the scrolling to ScrollRestoration.
 */
export function restoresPosition(key: string, navigationType: NavigationType): boolean {
  return navigationType === NavigationType.Pop && positions.has(key);
}

/** A page's element to open at instead of its top (under the sticky header: its scroll-margin). */
export const SCROLL_START_ATTRIBUTE = 'data-scroll-start';
