import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchTimeline } from './features/posts/api/get-timeline';
import { applyDisplayPreferences, loadPreferences } from './lib/preferences';
import './styles/global.css';

// The stored theme and font size, before the first paint.
applyDisplayPreferences(loadPreferences().display);

// The home timeline goes out with the session check, not after it (issue 13).
if (window.location.pathname === '/') prefetchTimeline();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container);
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task of the whole tree and its first feed page (a
// phone's main thread stays responsive; issue 13's total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
