import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth';
import type * as ProfileKey from '../../../lib/profile-key';
import { useSocketEvent } from '../../../lib/realtime/hooks';
import { entityId, type User } from '../../../lib/types';

// lib/profile-key.ts's root, typed by it: importing the value would make that module a chunk of
// its own shared with the profile screen, whose name a guest's `/` would carry (its JS budget).
const PROFILE_QUERY_ROOT: typeof ProfileKey.PROFILE_QUERY_ROOT = 'profile';

/** The fields a profile change touches: the editor's four and the pictures of media/. */
const PROFILE_KEYS = ['displayName', 'bio', 'location', 'website', 'profileImage', 'coverImage'] as const;
type ProfileFields = Pick<User, (typeof PROFILE_KEYS)[number]>;

const fieldsOf = (user: User): ProfileFields => Object.fromEntries(PROFILE_KEYS.map((key) => [key, user[key]])) as ProfileFields;
const differs = (a: User, b: User) => PROFILE_KEYS.some((key) => a[key] !== b[key]);

/**
 * Puts the changed profile into the tab's cached copies of it (each viewer's profile query of that
 * username, however the address spelled it), and refetches the lists that show the member's name
 * or picture (their posts, people lists) when one of those changed: the bio, place and site show
 * only on the profile.
 */
export function applyProfileChange(queryClient: QueryClient, previous: User, user: User): void {
  const fields = fieldsOf(user);
  const name = user.username.toLowerCase();
  queryClient.setQueriesData<User>(
    { predicate: (query) => query.queryKey[0] === PROFILE_QUERY_ROOT && String(query.queryKey[1]).toLowerCase() === name },
    (cached) => (cached ? { ...cached, ...fields } : cached),
  );
  if (previous.displayName !== user.displayName || previous.profileImage !== user.profileImage) {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_ROOT });
  }
}

/**
 * Mounted once for a signed-in member, after hydration (app/layout/after-hydration.tsx), so it
 * costs a guest's first page nothing. On `profile:updated` (the member saved their profile or
 * changed a picture in another tab or on another device) the session's copy takes the new fields:
 * the sidebar, the compose box and the own profile show them. Whatever changed the session's
 * profile fields (that event, this tab's own save in `Profili düzenle`), the cached profile and
 * lists follow it here.
 */
export function LiveProfile() {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const seen = useRef(user);

  useSocketEvent('profile:updated', (event) => {
    const next = event?.user;
    if (next && user && entityId(next) === entityId(user) && differs(user, next)) updateUser(fieldsOf(next));
  });

  useEffect(() => {
    const previous = seen.current;
    seen.current = user;
    if (previous && user && entityId(previous) === entityId(user) && differs(previous, user)) applyProfileChange(queryClient, previous, user);
  }, [user, queryClient]);
  return null;
}
