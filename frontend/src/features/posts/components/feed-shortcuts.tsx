import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useMatch, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { FOCUS_SEARCH_STATE, SEARCH_SHORTCUT_SELECTOR } from '../../../lib/search-shortcut';
import { useOpenCompose } from './compose-launcher';

// The list of shortcuts comes on the first `?`: few visits ask for it, and a guest's `/` has its
// bytes counted (issue 13).
const ShortcutHelp = lazy(async () => ({ default: (await import('./shortcut-help')).ShortcutHelp }));

/** The feed cards j and k move between (the post page's replies are feed cards too). */
const CARDS = 'article.post-card--feed';

/** Typing in a field, a modifier key, or a dialog being open: not a shortcut. */
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

/** Focuses the page's search box (its own before the right column's); false when it has none. */
function focusSearch(): boolean {
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>(SEARCH_SHORTCUT_SELECTOR));
  const box = boxes.find((input) => input.closest('main')) ?? boxes[0];
  if (!box) return false;
  box.focus();
  return true;
}

/**
 * Back to where the member came from; a post page opened from outside the app (a shared link, a
 * new tab) has no page of the app before it, and goes to the home feed instead of leaving the site.
 */
function goBack(navigate: NavigateFunction, location: Location) {
  // The browser's router numbers its entries (`idx`); the initial location's key is 'default'.
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  const hasPrevious = location.key !== 'default' && (typeof index !== 'number' || index > 0);
  if (hasPrevious) void navigate(-1);
  else void navigate('/');
}

/**
 * The app's keyboard shortcuts (as on X and Mastodon), mounted once by the app shell: `j`/`k` to
 * the next/previous post, `n` for the compose dialog (a member's), `/` to the search box, `Esc` on
 * a post page back to the page before (a dialog's Esc only closes the dialog), `?` for their list.
 * None of them acts while typing in a field or with Ctrl, Alt or Cmd.
 */
export function FeedShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const { isAuthenticated } = useAuth();
  const openCompose = useOpenCompose();
  const navigate = useNavigate();
  const location = useLocation();
  const onPostPage = useMatch('/post/:id') !== null;
  // The listener reads the current values without being added again on every navigation.
  const current = useRef({ isAuthenticated, openCompose, navigate, location, onPostPage });
  useEffect(() => {
    current.current = { isAuthenticated, openCompose, navigate, location, onPostPage };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      const now = current.current;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        moveFocus(event.key === 'j' ? 1 : -1);
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.key === 'n' && now.isAuthenticated) {
        event.preventDefault();
        now.openCompose();
      } else if (event.key === '/') {
        event.preventDefault();
        if (!focusSearch()) void now.navigate('/explore', { state: FOCUS_SEARCH_STATE });
      } else if (event.key === 'Escape' && now.onPostPage) {
        event.preventDefault();
        goBack(now.navigate, now.location);
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
