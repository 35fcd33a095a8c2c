import { useMemo, useState } from 'react';
import { AccountRow } from '../../../components/account-row';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { MuteIcon } from '../../../components/mute-icon';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { errorText, NetworkError } from '../../../lib/api-client';
import { useMuteList, useSetMute } from '../../../lib/mute';
import { showToast } from '../../../lib/toast';
import { entityId } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trMute } from '../../../locales/tr-mute';
import '../../../components/list-row.css';

/** An end time as a reader reads it (`12 Aralık 2026 14:30`). */
export function formatUntil(iso: string): string {
  return new Date(iso).toLocaleString('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * The accounts part of the settings' `Sessize alınanlar` (issue 25): the accounts the member
 * mutes now, newest first, each with its end time (or `Süresiz`) and `Sessizden çıkar`; more by
 * `Daha fazla`. States: a spinner, `Kimseyi sessize almadınız.`, an error with `Tekrar dene`.
 */
export function MutedAccounts() {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = useMuteList();
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
        title={trMute.accountsFailed}
        description={error instanceof NetworkError ? trMute.networkError : undefined}
        retryLabel={trMute.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  if (users.length === 0) {
    return <EmptyState className="blocked-accounts__empty" icon={<MuteIcon size={28} />} title={trMute.accountsEmpty} description={trMute.accountsEmptyText} />;
  }
  return (
    <div className="blocked-accounts">
      <ul className="account-list" aria-label={trMute.accountsLabel} aria-busy={isFetchingNextPage || undefined} data-testid="muted-accounts">
        {users.map((user) => (
          <AccountRow
            key={entityId(user)}
            username={user.username}
            displayName={user.displayName}
            isVerified={user.isVerified}
            profileImage={user.profileImage}
            bio={user.expiresAt ? trMute.until(formatUntil(user.expiresAt)) : trMute.untilForever}
            action={<UnmuteButton user={{ id: entityId(user), username: user.username, displayName: user.displayName }} />}
          />
        ))}
      </ul>
      {isFetchNextPageError ? (
        <div className="blocked-accounts__more" role="alert">
          <span>{trMute.moreFailed}</span>
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            {trMute.retry}
          </Button>
        </div>
      ) : hasNextPage ? (
        <div className="blocked-accounts__more">
          {isFetchingNextPage ? (
            <Spinner label={trMute.loadingMore} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {trMute.more}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Undoes one mute at once (the lists are read again; a refusal shows under the row's button). */
function UnmuteButton({ user }: { user: { id: string; username: string; displayName: string } }) {
  const [failed, setFailed] = useState<unknown>(null);
  const change = useSetMute(() => showToast(trMute.unmuted(user.username)));
  return (
    <div className="blocked-accounts__action">
      <Button
        variant="secondary"
        size="sm"
        aria-label={trMute.unmuteButtonLabel(user.displayName)}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        onClick={() => {
          setFailed(null);
          change.mutate({ userId: user.id, mute: false }, { onError: (error) => setFailed(error) });
        }}
      >
        {change.isPending ? trMute.unmuting : trMute.unmuteButton}
      </Button>
      {failed ? <Alert tone="error">{errorText(failed, trMute.failed, trMute.networkError)}</Alert> : null}
    </div>
  );
}
