import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

/** What a card's arrow keys move between: its links and buttons. */
const ITEMS = 'a[href], button:not([disabled])';

function itemsOf(card: HTMLElement): HTMLElement[] {
  return Array.from(card.querySelectorAll<HTMLElement>(ITEMS));
}

/**
 * A feed card as one Tab stop (the WAI-ARIA feed pattern; X and Mastodon do the same): the
 * card takes the focus, its links and buttons leave the Tab order, and the arrow keys move
 * between them (Home/End to the ends, Escape back to the card). Enter on the card opens it.
 * Twenty posts cost twenty Tab presses instead of ~120.
 */
export function useCardKeys<T extends HTMLElement>(enabled: boolean, onOpen: () => void) {
  const ref = useRef<T | null>(null);

  // After every render: a count or a link may have come or gone.
  useLayoutEffect(() => {
    const card = ref.current;
    if (!card || !enabled) return;
    for (const item of itemsOf(card)) item.tabIndex = -1;
  });

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const card = ref.current;
    // Keys typed in a dialog the card opened (portaled elsewhere) bubble here through React.
    if (!enabled || !card || !card.contains(event.target as Node)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const items = itemsOf(card);
    const onCard = event.target === card;
    const index = items.indexOf(event.target as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'Enter':
        if (!onCard) return;
        event.preventDefault();
        onOpen();
        return;
      case 'Escape':
        if (onCard) return;
        next = card;
        break;
      case 'ArrowRight':
        next = onCard ? items[0] : items[(index + 1) % items.length];
        break;
      case 'ArrowLeft':
        next = onCard ? items[items.length - 1] : items[(index - 1 + items.length) % items.length];
        break;
      case 'Home':
        next = onCard ? undefined : items[0];
        break;
      case 'End':
        next = onCard ? undefined : items[items.length - 1];
        break;
      default:
        return;
    }
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    next.focus();
  };

  return { ref, onKeyDown };
}
