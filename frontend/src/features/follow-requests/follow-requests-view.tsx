import { useMemo, useState } from 'react';
import { AccountRow } from '../../components/account-row';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { UsersIcon } from '../../components/icons-more';
import { LoadFailed } from '../../components/load-failed';
import { LoadingBlock, Spinner } from '../../components/spinner';
import { errorText, NetworkError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { tr } from '../../locales/tr';
import { trFollowRequests as t } from '../../locales/tr-follow-requests';
import { useDecideFollowRequest, useFollowRequests } from './api';
import './follow-requests.css';

/**
 * `Takip istekleri` (issue 26): the protected member's pending follow requests, newest first,
 * each with `Onayla` and `Reddet`; more by `Daha fazla`. States: a spinner, `Bekleyen takip isteği
 * yok`, `Takip istekleri yüklenemedi` with `Tekrar dene`, a failed next page, a refused decision
 * under its row.
 */
export function FollowRequestsView() {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = useFollowRequests();
  const requests = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.requests).filter(({ user }) => !seen.has(user.id) && Boolean(seen.add(user.id)));
  }, [data]);

  if (isPending) return <LoadingBlock label={tr.app.loading} />;
  if (!data) {
    return (
      <LoadFailed
        title={t.loadFailed}
        description={error instanceof NetworkError ? t.loadFailedNetwork : undefined}
        retryLabel={t.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <div className="follow-requests">
      <p className="follow-requests__intro">{t.intro}</p>
      {requests.length === 0 ? (
        <EmptyState icon={<UsersIcon size={32} />} title={t.empty} description={t.emptyText} />
      ) : (
        <ul className="account-list" aria-label={t.listLabel} aria-busy={isFetchingNextPage || undefined} data-testid="follow-requests">
          {requests.map(({ user }) => (
            <AccountRow
              key={user.id}
              username={user.username}
              displayName={user.displayName}
              isVerified={user.isVerified}
              profileImage={user.profileImage}
              bio={user.bio}
              action={<Decision user={user} />}
            />
          ))}
        </ul>
      )}
      {isFetchNextPageError ? (
        <div className="follow-requests__more" role="alert">
          <span>{t.moreFailed}</span>
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            {t.retry}
          </Button>
        </div>
      ) : hasNextPage ? (
        <div className="follow-requests__more">
          {isFetchingNextPage ? (
            <Spinner label={t.loadingMore} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {t.more}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** `Onayla` / `Reddet` of one request: both busy while one runs; a refusal shows under them. */
function Decision({ user }: { user: { id: string; username: string; displayName: string } }) {
  const decide = useDecideFollowRequest();
  const [failed, setFailed] = useState<unknown>(null);
  const run = (approve: boolean) => {
    setFailed(null);
    decide.mutate(
      { userId: user.id, approve },
      {
        onSuccess: () => showToast(approve ? t.approved(user.username) : t.declined(user.username)),
        onError: setFailed,
      },
    );
  };
  return (
    <div className="follow-requests__actions">
      <div className="follow-requests__buttons">
        <Button size="sm" disabled={decide.isPending} aria-label={t.approveLabel(user.displayName)} onClick={() => run(true)}>
          {t.approve}
        </Button>
        <Button variant="secondary" size="sm" disabled={decide.isPending} aria-label={t.declineLabel(user.displayName)} onClick={() => run(false)}>
          {t.decline}
        </Button>
      </div>
      {failed ? <Alert tone="error">{errorText(failed, t.failed, t.networkError)}</Alert> : null}
    </div>
  );
}
