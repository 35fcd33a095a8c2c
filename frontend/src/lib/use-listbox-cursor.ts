import { useEffect, useState } from 'react';

/**
 * The highlighted option of a listbox driven from a text field (the WAI-ARIA combobox pattern,
 * focus staying in the field): ↑/↓ move through `count` options, wrapping; the highlight goes back
 * to the first option whenever `resetKey` (what the list answers) changes, and is clamped to the
 * list as it shrinks. Used by the people picker and the @mention suggestions.
 */
export function useListboxCursor(count: number, resetKey: unknown) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [resetKey]);
  const current = Math.min(active, Math.max(0, count - 1));

  /** Handles ArrowDown/ArrowUp; false for any other key (or an empty list), for the caller. */
  const moveByKey = (key: string): boolean => {
    if (count === 0) return false;
    if (key === 'ArrowDown') setActive((current + 1) % count);
    else if (key === 'ArrowUp') setActive((current - 1 + count) % count);
    else return false;
    return true;
  };

  return { current, setActive, moveByKey };
}
