import { StrictMode, startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchTimeline } from './features/posts/api/get-timeline';
import { getToken } from './lib/api-client';
import { applyDisplayPreferences, loadPreferences } from './lib/preferences';
import { RenderClock } from './lib/render-clock';
import './styles/global.css';

// The stored theme and font size, before the first paint.
applyDisplayPreferences(loadPreferences().display);

// The home timeline goes out with the session check, not after it (issue 13).
if (window.location.pathname === '/') prefetchTimeline();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** A hydration that had to throw the server's markup away: a bug to see, in every build. */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  console.error('gündem: sunucu çizimi tutmadı', error, info.componentStack ?? '');
}

// A guest's `/` comes rendered by the server (backend/src/common/spa/home-page.ts, data-ssr):
// hydrate exactly the tree entry-server.tsx rendered, at the server's moment (data-now).
const serverNow = Number(container.dataset.now);
if (container.dataset.ssr === 'guest' && !getToken() && Number.isFinite(serverNow)) {
  hydrateRoot(
    container,
    <StrictMode>
      <RenderClock serverNow={serverNow}>
        <App />
      </RenderClock>
    </StrictMode>,
    { onRecoverableError },
  );
} else {
  // A member never sees the guest's markup (a session from before the hint cookie got it once).
  container.replaceChildren();
  const root = createRoot(container, { onRecoverableError });
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
}
