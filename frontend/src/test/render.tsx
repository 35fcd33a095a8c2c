// Renders a component the way the app does: query cache, session, router and the auth dialog.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthModal } from '../features/auth/components/auth-modal';
import { AuthProvider, useAuth } from '../lib/auth';
import { SocketProvider } from '../lib/realtime/hooks';
import type { SocketFactory } from '../lib/realtime/socket-client';
import type { User } from '../lib/types';
import { mockFetch, type MockRoutes } from './fetch-mock';

export const member: User = {
  _id: 'u-ayse',
  id: 'u-ayse',
  username: 'ayse',
  displayName: 'Ayşe Yılmaz',
  bio: '',
  location: '',
  website: '',
  createdAt: '2026-01-05T10:00:00.000Z',
  isVerified: false,
  isActive: true,
  role: 'user',
  followingCount: 0,
  followersCount: 0,
  postsCount: 0,
  coverImage: null,
  profileImage: null,
  protected: false,
};

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Shows where the router is, so tests can check navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Holds the screen back while a stored token is checked, as RootLayout does. */
function SessionReady({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  return status === 'loading' ? null : <>{children}</>;
}

export interface RenderOptions {
  path?: string;
  /** Route pattern the element is mounted at (default: every path). */
  route?: string;
  /** Signs in as this user (a stored token and GET /api/auth/me). */
  user?: User;
  fetch?: MockRoutes;
  queryClient?: QueryClient;
  /** Mounts a <SocketProvider> with this socket factory (see test/fake-socket.ts). */
  socket?: SocketFactory;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', route = '*', user, queryClient = createTestQueryClient() } = options;
  const routes: MockRoutes = { ...options.fetch };
  if (user) {
    localStorage.setItem('gundem_token', 'tok-test');
    routes['GET /api/auth/me'] = { body: { user } };
  }
  // The home feed reads the ranked one (issue 26), a member's and a guest's: a test that gives
  // only the timeline's answer gets it there too (home-timeline.test.tsx gives both, told apart).
  if (routes['GET /api/posts/timeline'] && !routes['GET /api/posts/timeline/ranked']) routes['GET /api/posts/timeline/ranked'] = routes['GET /api/posts/timeline'];
  const fetchState = mockFetch(routes);
  const screenTree = (
    <MemoryRouter initialEntries={[path]}>
      <SessionReady>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>other-page</p>} />
        </Routes>
        <LocationProbe />
        <AuthModal />
      </SessionReady>
    </MemoryRouter>
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {options.socket ? (
          <SocketProvider createSocket={options.socket}>{screenTree}</SocketProvider>
        ) : (
          screenTree
        )}
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, ...fetchState, queryClient };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** A promise the test settles by hand, to look at a pending state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
