import { useMemo, useState } from 'react';
import { AccountRow } from '../../../components/account-row';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { BlockIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { errorText, NetworkError } from '../../../lib/api-client';
import { useBlockList, useSetBlock } from '../../../lib/block';
import { showToast } from '../../../lib/toast';
import { entityId } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trBlock } from '../../../locales/tr-block';
import '../../../components/list-row.css';

/**
 * The settings' `Engellenenler` (issue 25): the accounts the member blocks, newest block first,
 * each with `Engeli kaldır`; more by `Daha fazla`. States: a spinner, `Kimseyi engellemediniz.`,
 * `Engellenenler yüklenemedi` with `Tekrar dene`.
 */
export function BlockedAccounts() {
  const query = useBlockList();
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
        title={trBlock.loadFailed}
        description={error instanceof NetworkError ? trBlock.loadFailedNetwork : undefined}
        retryLabel={trBlock.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  if (users.length === 0) {
    return <EmptyState className="blocked-accounts__empty" icon={<BlockIcon size={28} />} title={trBlock.empty} description={trBlock.emptyText} />;
  }
  return (
    <div className="blocked-accounts">
      <ul className="account-list" aria-label={trBlock.listLabel} aria-busy={isFetchingNextPage || undefined} data-testid="blocked-accounts">
        {users.map((user) => (
          <AccountRow
            key={entityId(user)}
            username={user.username}
            displayName={user.displayName}
            isVerified={user.isVerified}
            profileImage={user.profileImage}
            bio={user.bio}
            action={<UnblockButton user={{ id: entityId(user), username: user.username, displayName: user.displayName }} />}
          />
        ))}
      </ul>
      {isFetchNextPageError ? (
        <div className="blocked-accounts__more" role="alert">
          <span>{trBlock.moreFailed}</span>
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            {trBlock.retry}
          </Button>
        </div>
      ) : hasNextPage ? (
        <div className="blocked-accounts__more">
          {isFetchingNextPage ? (
            <Spinner label={trBlock.loadingMore} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {trBlock.more}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Undoes one block at once (the list is read again; a refusal shows under the row's button). */
function UnblockButton({ user }: { user: { id: string; username: string; displayName: string } }) {
  const [failed, setFailed] = useState<unknown>(null);
  const change = useSetBlock(() => showToast(trBlock.unblocked(user.username)));
  return (
    <div className="blocked-accounts__action">
      <Button
        variant="secondary"
        size="sm"
        aria-label={trBlock.unblockButtonLabel(user.displayName)}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        onClick={() => {
          setFailed(null);
          change.mutate({ userId: user.id, block: false }, { onError: (error) => setFailed(error) });
        }}
      >
        {change.isPending ? trBlock.unblocking : trBlock.unblockButton}
      </Button>
      {failed ? <Alert tone="error">{errorText(failed, trBlock.failed, trBlock.networkError)}</Alert> : null}
    </div>
  );
}
