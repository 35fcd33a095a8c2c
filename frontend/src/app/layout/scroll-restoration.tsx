import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import {
  entryKey,
  positions,
  restoresPosition,
  SCROLL_START_ATTRIBUTE,
  STORAGE_KEY,
  STORED_ENTRIES,
} from '../../lib/scroll-positions';

/**
 * React Router's <ScrollRestoration> belongs to its data router, which the app does not load
 * (see router.tsx): the same behaviour here. A new page starts at the top (or at its #hash, or at
 * its `data-scroll-start` element: the post page's post, below its thread); back and forward
 * return to where that entry was left, also after a reload.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const { hash } = location;
  const key = entryKey(location);
  const navigationType = useNavigationType();

  // The browser would restore before the screen has drawn its content: the app does it.
  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      const entries = [...positions].slice(-STORED_ENTRIES);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Storage full or blocked: positions are kept for this page only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // The entry the page's scrolling belongs to, switched in the same commit as the screen: a scroll
  // event after it (the new screen's scrollTo, or the old one's height going) is the new entry's.
  // A listener swapped in a passive effect ran after that event at times, and wrote the new
  // screen's 0 over the entry one left (back then came to the top).
  const current = useRef(key);
  useEffect(() => {
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = restoresPosition(key, navigationType) ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash
      ? document.getElementById(decodeURIComponent(hash.slice(1)))
      : document.querySelector(`[${SCROLL_START_ATTRIBUTE}]`);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only a move to another history entry scrolls; the entry's other changes do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
