// The `/` shortcut (features/posts/components/feed-shortcuts.tsx) and the search boxes it focuses.

/**
 * Marks a search box `/` focuses: Explore's, and the right column's. The page's own (inside
 * `main`) comes first; a page without one sends `/` to Explore with FOCUS_SEARCH_STATE.
 */
export const SEARCH_SHORTCUT = { 'data-search-shortcut': '' } as const;
export const SEARCH_SHORTCUT_SELECTOR = 'input[data-search-shortcut]';

/** The navigation state with which `/` opens Explore: its search box takes the focus on arrival. */
export const FOCUS_SEARCH_STATE = { focusSearch: true } as const;

export function wantsSearchFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusSearch?: unknown }).focusSearch === true;
}
