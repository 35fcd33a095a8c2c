import type { ReactNode } from 'react';
import { PersonRow } from '../../../components/account-row';
import { LoadingBlock } from '../../../components/spinner';
import { entityId } from '../../../lib/types';
import { trExplore } from '../../../locales/tr-explore';
import { useSuggestedAccounts } from '../api/get-suggested-accounts';

/**
 * Explore's Kişiler tab: the who-to-follow ranking (GET /api/trending/users) with working follow
 * buttons. `fallback` (the SPEC's hard-coded accounts) shows only when the call fails.
 */
export function SuggestedAccounts({ fallback }: { fallback: ReactNode }) {
  const { data: users, isPending, isError } = useSuggestedAccounts();
  if (isPending) return <LoadingBlock label={trExplore.usersLoading} />;
  if (isError) return <>{fallback}</>;
  return (
    <section aria-label={trExplore.tabUsers} data-testid="suggested-accounts">
      {users.length === 0 ? (
        <p className="widget__empty">{trExplore.usersEmpty}</p>
      ) : (
        <ul className="account-list">
          {users.map((user) => (
            <PersonRow key={entityId(user)} user={user} showBio />
          ))}
        </ul>
      )}
    </section>
  );
}
