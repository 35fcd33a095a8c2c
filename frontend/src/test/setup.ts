// Vitest setup: a clean DOM, storage, globals and clock for every test.
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// jsdom has no scrolling; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
