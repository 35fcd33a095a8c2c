import { useCallback, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { UsersIcon } from '../../../components/icons';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { displayNameOf, usernameOf } from '../../../lib/format';
import { entityId, type Role, type User } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { failureText } from '../admin-errors';
import { formatCount, formatDate, formatDateTime } from '../admin-format';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import type { UserPatch } from '../types';
import { AdminLoadError } from './admin-load-error';
import { AdminPagination } from './admin-pagination';
import { AdminSearch } from './admin-search';

const ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: tr.admin.roleUser },
  { value: 'moderator', label: tr.admin.roleModerator },
  { value: 'admin', label: tr.admin.roleAdmin },
];

function isSameUser(a: User, b: User | null): boolean {
  if (!b) return false;
  const idA = entityId(a);
  const idB = entityId(b);
  if (idA && idB) return idA === idB;
  return Boolean(a.username) && a.username === b.username;
}

function UserRow({ user, isSelf }: { user: User; isSelf: boolean }) {
  const update = useUpdateAdminUser();
  const id = entityId(user);
  const name = displayNameOf(user);
  const handle = usernameOf(user);
  const active = user.isActive !== false;
  const busy = update.isPending || !id;

  const change = async (patch: UserPatch) => {
    try {
      await update.mutateAsync({ userId: id, patch });
      window.alert(tr.admin.userUpdated);
    } catch (error) {
      window.alert(failureText(error));
    }
  };

  return (
    <tr className={`admin-row${active ? '' : ' admin-row--inactive'}`} data-testid="admin-user-row">
      <td className="admin-cell admin-cell--primary">
        <div className="admin-person">
          <Avatar displayName={user.displayName} seed={user.username} size="md" />
          <div className="admin-person__text">
            <span className="admin-person__name">
              <span className="admin-ellipsis">{name}</span>
              {user.isVerified ? <VerifiedBadge size={16} /> : null}
              {isSelf ? <span className="admin-tag admin-tag--self">{tr.admin.you}</span> : null}
            </span>
            <span className="admin-person__handle admin-ellipsis">@{handle}</span>
          </div>
        </div>
      </td>
      <td className="admin-cell admin-cell--email" data-label={tr.admin.colEmail}>
        <span className="admin-email">
          <span className="admin-ellipsis">{user.email || '—'}</span>
          {user.email && user.isEmailVerified === false ? (
            <span className="admin-tag admin-tag--muted">{tr.admin.emailUnverified}</span>
          ) : null}
        </span>
      </td>
      <td className="admin-cell" data-label={tr.admin.colRole}>
        <select
          className="admin-select"
          aria-label={tr.admin.roleOf(handle)}
          value={user.role ?? 'user'}
          disabled={busy || isSelf}
          title={isSelf ? tr.admin.ownAccount : undefined}
          onChange={(event) => void change({ role: event.target.value as Role })}
        >
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </td>
      <td className="admin-cell" data-label={tr.admin.colStatus}>
        <span className={`admin-status admin-status--${active ? 'on' : 'off'}`}>
          {active ? tr.admin.statusActive : tr.admin.statusInactive}
        </span>
      </td>
      <td className="admin-cell" data-label={tr.admin.colJoined}>
        <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
          {formatDate(user.createdAt) || '—'}
        </time>
      </td>
      <td className="admin-cell admin-cell--actions">
        <div className="admin-row-actions">
          <Button
            size="sm"
            variant={active ? 'danger' : 'primary'}
            disabled={busy || isSelf}
            title={isSelf ? tr.admin.ownAccount : undefined}
            onClick={() => void change({ isActive: !active })}
          >
            {active ? tr.admin.deactivate : tr.admin.activate}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void change({ isVerified: !user.isVerified })}
          >
            {user.isVerified ? tr.admin.unverify : tr.admin.verify}
          </Button>
          {update.isPending ? <Spinner size="sm" label={tr.admin.updating} /> : null}
        </div>
      </td>
    </tr>
  );
}

export function AdminUsers() {
  const { user: viewer } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = useAdminUsers(
    page,
    search,
  );

  // A new search starts again from the first page.
  const onSearch = useCallback((query: string) => {
    setSearch(query);
    setPage(1);
  }, []);

  let body;
  if (isPending) {
    body = <LoadingBlock label={tr.admin.usersLoading} />;
  } else if (isError && !data) {
    body = (
      <AdminLoadError
        title={tr.admin.usersLoadFailed}
        message={errorText(error, tr.admin.usersLoadFailed, tr.admin.networkError)}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (!data || data.users.length === 0) {
    body = (
      <EmptyState
        icon={<UsersIcon size={32} />}
        title={tr.admin.usersEmpty}
        description={search ? tr.admin.usersEmptySearch(search) : tr.admin.usersEmptyText}
      />
    );
  } else {
    body = (
      <>
        <div className="admin-table-wrap" aria-busy={isPlaceholderData || undefined}>
          <table className="admin-table admin-table--users">
            <caption className="visually-hidden">{tr.admin.users}</caption>
            <thead>
              <tr>
                <th scope="col">{tr.admin.colUser}</th>
                <th scope="col">{tr.admin.colEmail}</th>
                <th scope="col">{tr.admin.colRole}</th>
                <th scope="col">{tr.admin.colStatus}</th>
                <th scope="col">{tr.admin.colJoined}</th>
                <th scope="col">
                  <span className="visually-hidden">{tr.admin.colActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((row, index) => (
                <UserRow
                  key={entityId(row) || row.username || index}
                  user={row}
                  isSelf={isSameUser(row, viewer)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <AdminPagination
          page={page}
          pages={data.pagination.pages}
          onPageChange={setPage}
          busy={isPlaceholderData}
        />
      </>
    );
  }

  return (
    <section className="admin-section">
      <header className="admin-section__head">
        <div>
          <h1 className="admin-section__title">{tr.admin.users}</h1>
          <p className="admin-section__intro">
            {data ? tr.admin.usersTotal(formatCount(data.pagination.total, data.pagination.estimated)) : tr.admin.usersIntro}
          </p>
        </div>
        <AdminSearch
          label={tr.admin.usersSearchLabel}
          placeholder={tr.admin.usersSearchPlaceholder}
          onSearch={onSearch}
        />
      </header>
      {isError && data ? (
        <AdminLoadError
          title={tr.admin.usersLoadFailed}
          message={errorText(error, tr.admin.usersLoadFailed, tr.admin.networkError)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : null}
      {body}
    </section>
  );
}
