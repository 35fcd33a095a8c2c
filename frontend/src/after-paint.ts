// What a guest's server-rendered `/` loads in place of the app's entry (issue 13;
// backend/src/common/spa/home-page.ts swaps the script and names the entry in #root's
// data-entry). The page paints from its HTML and stylesheet alone; the app only hydrates it, so
// its ~100 KB are asked for once the page's first contentful paint has happened, not beside the
// stylesheet, where on a slow connection they would share its bandwidth.

/** Where the paint is never reported (a tab opened in the background, no Paint Timing): load anyway. */
const FALLBACK_MS = 3_000;

const entry = document.getElementById('root')?.dataset.entry;
if (entry && entry.startsWith('/assets/')) {
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entry);
  };
  setTimeout(load, FALLBACK_MS);
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load);
    }).observe({ type: 'paint', buffered: true });
  } else {
    // requestAnimationFrame runs before a frame's paint, a task queued from it after the paint.
    requestAnimationFrame(() => setTimeout(load));
  }
}
