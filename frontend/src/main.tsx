import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
