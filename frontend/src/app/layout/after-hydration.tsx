import { FeedShortcuts } from '../../features/posts/components/feed-shortcuts';
import { LiveProfile } from '../../features/profile/components/live-profile';
import { useAuth } from '../../lib/auth';

/**
 * What the shell mounts from a chunk of its own once the page has hydrated (app-layout.tsx): the
 * keyboard shortcuts, and for a member the listener that keeps their own profile current from
 * their other tabs (`profile:updated`, issue 26). Neither draws anything a first paint needs, so
 * a guest's `/` does not carry them (the JS budget of test/e2e/bundle-budget.test.ts).
 */
export function AfterHydration() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <FeedShortcuts />
      {isAuthenticated ? <LiveProfile /> : null}
    </>
  );
}
