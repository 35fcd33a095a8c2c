import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PersonRow } from '../../../components/account-row';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { UsersIcon } from '../../../components/icons-more';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { displayNameOf } from '../../../lib/format';
import { followListPath } from '../../../lib/paths';
import { entityId } from '../../../lib/types';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { tr } from '../../../locales/tr';
import { trProfile } from '../../../locales/tr-profile';
import { type FollowListKind, useFollowList } from '../api/get-follow-list';
import { useProfile } from '../api/get-profile';
import { ListsHiddenNotice } from './lists-hidden-notice';
import '../../../components/list-row.css';
import '../profile.css';

const TABS: readonly TabItem<FollowListKind>[] = [
  { id: 'followers', label: trProfile.followersTab },
  { id: 'following', label: trProfile.followingTab },
];

/**
 * `/profile/:username/followers` and `/following` (issue 23): the member's name over the tabs
 * `Takipçiler` and `Takip edilenler` (each its own URL; switching replaces the entry, as the
 * profile's tabs do), and the people, newest follow first, each with a follow button, more loading
 * as the end of the list comes near.
 */
export function FollowListView({ username, kind }: { username: string; kind: FollowListKind }) {
  const navigate = useNavigate();
  const profile = useProfile(username);
  const title = profile.data ? displayNameOf(profile.data) : `@${username}`;
  return (
    <>
      <PageHeader title={title} subtitle={`@${username}`} backLabel={tr.common.backHome}>
        <Tabs
          items={TABS}
          value={kind}
          onChange={(next) => navigate(followListPath(username, next), { replace: true })}
          label={trProfile.followListsLabel}
          idPrefix="follow-list"
        />
      </PageHeader>
      <div role="tabpanel" id={`follow-list-panel-${kind}`} aria-labelledby={`follow-list-tab-${kind}`}>
        <FollowList key={`${username}/${kind}`} username={username} kind={kind} />
      </div>
    </>
  );
}

function FollowList({ username, kind }: { username: string; kind: FollowListKind }) {
  const query = useFollowList(username, kind);
  const { data, error, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const { fetchNextPage, refetch, isRefetching } = query;
  const users = useMemo(() => {
    // A follow between two pages can show an account twice: once is enough.
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.users).filter((user) => {
      const id = entityId(user);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [data]);
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useLoadMoreSentinel(canLoadMore, fetchNextPage);

  if (isPending) return <LoadingBlock label={tr.app.loading} />;
  if (!data) {
    // `publicProfile` off (issue 26): the lists are the member's own.
    if (error instanceof ApiError && error.status === 403) return <ListsHiddenNotice />;
    if (error instanceof ApiError && error.status === 404) {
      return <EmptyState icon={<SearchIcon size={32} />} title={trProfile.notFound} description={trProfile.notFoundText} />;
    }
    return (
      <LoadFailed
        title={trProfile.followListFailed}
        description={error instanceof NetworkError ? trProfile.followListNetwork : undefined}
        retryLabel={tr.posts.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  if (users.length === 0) {
    return (
      <EmptyState
        icon={<UsersIcon size={32} />}
        title={kind === 'followers' ? trProfile.followersEmpty : trProfile.followingEmpty}
        description={kind === 'followers' ? trProfile.followersEmptyText : trProfile.followingEmptyText}
      />
    );
  }

  let more: ReactNode = null;
  if (isFetchNextPageError || (isError && !isRefetching)) {
    more = (
      <div className="follow-list__more" role="alert">
        <span>{trProfile.followListMoreFailed}</span>
        <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
          {tr.posts.retry}
        </Button>
      </div>
    );
  } else if (hasNextPage) {
    more = (
      <div className="follow-list__more">
        <div ref={sentinelRef} className="follow-list__sentinel" aria-hidden="true" />
        {isFetchingNextPage ? (
          <Spinner label={trProfile.followListLoadingMore} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            {trProfile.followListMore}
          </Button>
        )}
      </div>
    );
  }

  return (
    <>
      <ul
        className="account-list"
        aria-label={kind === 'followers' ? trProfile.followersTab : trProfile.followingTab}
        aria-busy={isFetchingNextPage || undefined}
        data-testid="follow-list"
      >
        {users.map((user) => (
          <PersonRow key={entityId(user)} user={user} showBio />
        ))}
      </ul>
      {more}
    </>
  );
}
