import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The app under a given router: BrowserRouter in the browser, a StaticRouter when the server
 * renders a guest's `/` (entry-server.tsx). One tree for both, so hydration meets the same
 * components (and the same useId ids) the server rendered.
 */
export function AppWithRouter({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <AppProviders>
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}

export function App() {
  return <AppWithRouter Router={BrowserRouter} />;
}
