import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { AccountRow } from '../../../components/account-row';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { NetworkError } from '../../../lib/api-client';
import { entityId } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import '../../../components/list-row.css';

/** What a row of such a list needs of an account. */
export interface ListedAccount {
  id?: string;
  _id?: string;
  username: string;
  displayName: string;
  isVerified?: boolean;
  profileImage?: string | null;
}

/** The texts of one such list. */
export interface AccountPagesTexts {
  loadFailed: string;
  loadFailedNetwork?: string;
  retry: string;
  empty: string;
  emptyText: string;
  listLabel: string;
  moreFailed: string;
  loadingMore: string;
  more: string;
}

/**
 * A settings list of accounts read in keyset pages (`Engellenenler`, the accounts of `Sessize
 * alınanlar`): each account once, a row with its undo button, `Daha fazla` for the next page.
 * States: a spinner, the empty state, the load error with its retry, a failed next page.
 */
export function AccountPages<U extends ListedAccount>({
  query,
  texts,
  icon,
  testId,
  bio,
  action,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ users: U[] }>>;
  texts: AccountPagesTexts;
  icon: ReactNode;
  testId: string;
  bio: (user: U) => string | undefined;
  action: (user: { id: string; username: string; displayName: string }) => ReactNode;
}) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const users = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.users).filter((user) => {
      const id = entityId(user);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [data]);

  if (isPending) return <LoadingBlock label={tr.app.loading} />;
  if (!data) {
    return (
      <LoadFailed
        compact
        buttonSize="sm"
        title={texts.loadFailed}
        description={error instanceof NetworkError ? texts.loadFailedNetwork : undefined}
        retryLabel={texts.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  if (users.length === 0) return <EmptyState className="blocked-accounts__empty" icon={icon} title={texts.empty} description={texts.emptyText} />;
  return (
    <div className="blocked-accounts">
      <ul className="account-list" aria-label={texts.listLabel} aria-busy={isFetchingNextPage || undefined} data-testid={testId}>
        {users.map((user) => (
          <AccountRow
            key={entityId(user)}
            username={user.username}
            displayName={user.displayName}
            isVerified={user.isVerified}
            profileImage={user.profileImage}
            bio={bio(user)}
            action={action({ id: entityId(user), username: user.username, displayName: user.displayName })}
          />
        ))}
      </ul>
      {isFetchNextPageError ? (
        <div className="blocked-accounts__more" role="alert">
          <span>{texts.moreFailed}</span>
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            {texts.retry}
          </Button>
        </div>
      ) : hasNextPage ? (
        <div className="blocked-accounts__more">
          {isFetchingNextPage ? (
            <Spinner label={texts.loadingMore} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {texts.more}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A row's undo button (`Engeli kaldır`, `Sessizden çıkar`): busy while its change runs, a refusal
 * shown under it. `undo` starts the caller's own mutation and reports an error to `onError`.
 */
export function UndoButton({
  pending,
  text,
  pendingText,
  ariaLabel,
  errorOf,
  undo,
}: {
  pending: boolean;
  text: string;
  pendingText: string;
  ariaLabel: string;
  errorOf: (error: unknown) => string;
  undo: (onError: (error: unknown) => void) => void;
}) {
  const [failed, setFailed] = useState<unknown>(null);
  return (
    <div className="blocked-accounts__action">
      <Button
        variant="secondary"
        size="sm"
        aria-label={ariaLabel}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => {
          setFailed(null);
          undo(setFailed);
        }}
      >
        {pending ? pendingText : text}
      </Button>
      {failed ? <Alert tone="error">{errorOf(failed)}</Alert> : null}
    </div>
  );
}
