import type { ReactNode } from 'react';
import { PersonRow } from '../../../components/account-row';
import { LoadingBlock } from '../../../components/spinner';
import { entityId } from '../../../lib/types';
import { trExplore } from '../../../locales/tr-explore';
import { SUGGESTED_ACCOUNTS_LIMIT, useSuggestedAccounts } from '../api/get-suggested-accounts';

export interface SuggestedAccountsProps {
  /** The SPEC's hard-coded accounts, shown only when the call fails. */
  fallback: ReactNode;
  /** How many to ask for: 20 on the Kişiler tab, 3 under the Gündem tab's trends. */
  limit?: number;
  /** A heading above the list (the Gündem tab's `Önerilen hesaplar`); without, the tab's name labels it. */
  title?: string;
}

/**
 * Explore's suggestions: the who-to-follow ranking (GET /api/trending/users) with working follow
 * buttons, on the Kişiler tab (with bios) and under the Gündem tab's trends (issue 26).
 */
export function SuggestedAccounts({ fallback, limit = SUGGESTED_ACCOUNTS_LIMIT, title }: SuggestedAccountsProps) {
  const { data: users, isPending, isError } = useSuggestedAccounts(limit);
  if (isPending) return <LoadingBlock label={trExplore.usersLoading} />;
  if (isError) return <>{fallback}</>;
  const list =
    users.length === 0 ? (
      <p className="widget__empty">{trExplore.usersEmpty}</p>
    ) : (
      <ul className="account-list">
        {users.map((user) => (
          <PersonRow key={entityId(user)} user={user} showBio={!title} />
        ))}
      </ul>
    );
  return title ? (
    <section className="explore__section" aria-labelledby="explore-suggested-title" data-testid="suggested-accounts">
      <h2 className="explore__section-title" id="explore-suggested-title">
        {title}
      </h2>
      {list}
    </section>
  ) : (
    <section aria-label={trExplore.tabUsers} data-testid="suggested-accounts">
      {list}
    </section>
  );
}
