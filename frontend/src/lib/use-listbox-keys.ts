import { useEffect, useState, type KeyboardEvent } from 'react';

export interface ListboxKeysOptions<T> {
  /** The listbox element's id; the options' ids are made from it. */
  listboxId: string;
  /** The options shown now; none means the list is closed and no key is the list's. */
  options: readonly T[];
  /** What the list answers (the query): when it changes the highlight goes back to the first option. */
  resetKey: unknown;
  /** Enter (and Tab with `tabPicks`) on the highlighted option, or a click on one. */
  onPick: (option: T) => void;
  /** Escape: the list closes (the caller hides it). Without it Escape is not the list's (a dialog around it closes). */
  onDismiss?: () => void;
  /** Tab picks as Enter does (the @mention list, as in most editors); else Tab moves the focus on. */
  tabPicks?: boolean;
  /**
   * When the pointer picks: on `click` (default), or already on `mousedown` (the @mention list,
   * whose text field must not see the click). Either way mousedown keeps the focus in the field.
   */
  pickOn?: 'click' | 'mousedown';
}

export interface ListboxOptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  onMouseEnter: () => void;
  /** Keeps the focus in the text field (and picks, with `pickOn: 'mousedown'`). */
  onMouseDown: (event: { preventDefault: () => void }) => void;
  onClick: () => void;
}

/**
 * The keyboard of a listbox driven from a text field (the WAI-ARIA combobox pattern, the focus
 * staying in the field): ↑/↓ move the highlight through the options, wrapping; Enter (Tab too with
 * `tabPicks`, neither with Shift, Ctrl or Cmd) picks the highlighted one; Escape dismisses the list
 * when the caller can. A key the list used is not the field's nor the page's: its default is
 * prevented and it goes no further (Escape closes the list, not the dialog around it). The
 * highlight goes back to the first option when `resetKey` changes and stays within the list as
 * it shrinks. One hook for the @mention suggestions and the new-message people picker.
 */
export function useListboxKeys<T>({ listboxId, options, resetKey, onPick, onDismiss, tabPicks = false, pickOn = 'click' }: ListboxKeysOptions<T>) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [resetKey]);
  const count = options.length;
  const current = Math.min(active, Math.max(0, count - 1));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  /** Handles a key of the text field; true when it was the list's (the field then ignores it). */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (count === 0) return false;
    const modified = event.shiftKey || event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowDown':
        setActive((current + 1) % count);
        break;
      case 'ArrowUp':
        setActive((current - 1 + count) % count);
        break;
      case 'Tab':
        if (!tabPicks || modified) return false;
        onPick(options[current]);
        break;
      case 'Enter':
        if (modified) return false;
        onPick(options[current]);
        break;
      case 'Escape':
        if (!onDismiss) return false;
        onDismiss();
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const optionProps = (index: number): ListboxOptionProps => ({
    id: optionId(index),
    role: 'option',
    'aria-selected': index === current,
    onMouseEnter: () => setActive(index),
    onMouseDown: (event) => {
      event.preventDefault();
      if (pickOn === 'mousedown') onPick(options[index]);
    },
    onClick: () => {
      if (pickOn === 'click') onPick(options[index]);
    },
  });

  return {
    /** The highlighted option's index. */
    current,
    /** The highlighted option's element id, for the field's aria-activedescendant; undefined while the list is closed. */
    activeId: count > 0 ? optionId(current) : undefined,
    onKeyDown,
    /** The props of option `index`'s element: id, role, aria-selected, the pointer's highlight and pick. */
    optionProps,
  };
}
