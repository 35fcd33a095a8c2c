import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { AuthProvider, useAuth } from '../lib/auth';
import { LoginRefusalContext } from '../lib/login-refusal';
import { installWriteRetries } from '../lib/idempotent-write';
import { SocketProvider } from '../lib/realtime/hooks';
import { tr } from '../locales/tr';

function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
  // Posts and messages (with their Idempotency-Key), likes, reposts and follows (PUT/DELETE)
  // retry after a network failure or a 503; no other mutation does.
  return installWriteRetries(client);
}

/**
 * A suspended member's notices under the login form's refusal: rare, so its code (the notices
 * list, the appeal form, their texts) loads only when a refusal shows it, not with every
 * visitor's first page (the guest `/` JS budget of test/e2e/bundle-budget.test.ts).
 */
const LazySuspensionNotices = lazy(() =>
  import('../features/moderation/components/suspension-notices').then((module) => ({ default: module.SuspensionNotices })),
);

function SuspensionNotices({ token }: { token: string }) {
  return (
    <Suspense fallback={<p role="status">{tr.app.loading}</p>}>
      <LazySuspensionNotices token={token} />
    </Suspense>
  );
}

/**
 * A member's preferences follow the account (lib/preferences-cache.tsx): read and applied at
 * sign-in and start, kept current live. Its code loads for a member only (the guest `/` budget).
 */
const PreferencesSync = lazy(() => import('../lib/preferences-cache'));

function MemberPreferences() {
  return useAuth().isAuthenticated ? (
    <Suspense fallback={null}>
      <PreferencesSync />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SocketProvider>
          <MemberPreferences />
          <LoginRefusalContext.Provider value={SuspensionNotices}>{children}</LoginRefusalContext.Provider>
        </SocketProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
