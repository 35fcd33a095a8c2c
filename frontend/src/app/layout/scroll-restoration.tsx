import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'gundem_scroll_positions';
/** How many history entries keep their position across a reload. */
const STORED_ENTRIES = 50;

function readStored(): Array<[string, number]> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as Array<[string, number]>) : [];
  } catch {
    return [];
  }
}

/** Scroll position per history entry (location.key), this tab only. */
const positions = new Map<string, number>(readStored());

/**
 * React Router's <ScrollRestoration> belongs to its data router, which the app does not load
 * (see router.tsx): the same behaviour here. A new page starts at the top (or at its #hash);
 * back and forward return to where that entry was left, also after a reload.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
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

  useEffect(() => {
    const onScroll = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only a move to another history entry scrolls; the entry's other changes do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
