import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyDisplayPreferences, loadPreferences } from './lib/preferences';
import './styles/global.css';

// The stored theme and font size, before the first paint.
applyDisplayPreferences(loadPreferences().display);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
