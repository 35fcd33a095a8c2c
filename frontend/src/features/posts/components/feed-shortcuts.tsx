import { lazy, Suspense, useEffect, useState } from 'react';

// The list of shortcuts comes on the first `?`: few visits ask for it, and a guest's `/` has its
// bytes counted (issue 13).
const ShortcutHelp = lazy(async () => ({ default: (await import('./shortcut-help')).ShortcutHelp }));

/** The feed cards j and k move between (the post page's replies are feed cards too). */
const CARDS = 'article.post-card--feed';

/** Typing in a field, or a dialog being open, is not a shortcut. */
function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
    return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** The card to move from: the one holding the focus, else none (j then starts at the first). */
function moveFocus(step: 1 | -1) {
  const cards = Array.from(document.querySelectorAll<HTMLElement>(CARDS));
  if (cards.length === 0) return;
  const current = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(CARDS);
  const index = current ? cards.indexOf(current) : -1;
  const next = index < 0 ? (step === 1 ? 0 : cards.length - 1) : index + step;
  cards[Math.max(0, Math.min(cards.length - 1, next))].focus();
}

/**
 * Keyboard shortcuts of the feeds: `j`/`k` to the next/previous post, `?` for their list (as on
 * X and Mastodon). Mounted once by the app shell.
 */
export function FeedShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        moveFocus(event.key === 'j' ? 1 : -1);
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!helpOpen) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutHelp onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
