import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { LoginRefusalContext } from '../lib/login-refusal';
import { SuspensionNotices } from '../features/moderation/components/suspension-notices';
import { installWriteRetries } from '../lib/idempotent-write';
import { SocketProvider } from '../lib/realtime/hooks';

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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SocketProvider>
          <LoginRefusalContext.Provider value={SuspensionNotices}>{children}</LoginRefusalContext.Provider>
        </SocketProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
