import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { UsersIcon } from '../../../components/icons-more';
import { PagedListSection } from '../../../components/paged-list-section';
import { Spinner } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useAuth } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { displayNameOf, usernameOf } from '../../../lib/format';
import { entityId, isStaff, type Role, type User } from '../../../lib/types';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatCount, formatDate, formatDateTime } from '../admin-format';
import { useAdminUsers } from '../api/get-admin-users';
import { AdminUserActions } from './admin-user-actions';
import { useUpdateAdminUser } from '../api/update-admin-user';
import type { UserPatch } from '../types';

const ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: trAdmin.roleUser },
  { value: 'moderator', label: trAdmin.roleModerator },
  { value: 'admin', label: trAdmin.roleAdmin },
];

function isSameUser(a: User, b: User | null): boolean {
  if (!b) return false;
  const idA = entityId(a);
  const idB = entityId(b);
  if (idA && idB) return idA === idB;
  return Boolean(a.username) && a.username === b.username;
}

interface UserRowProps {
  user: User;
  isSelf: boolean;
  /** Only an admin changes roles or staff accounts; the server refuses a moderator anyway. */
  viewerIsAdmin: boolean;
}

function UserRow({ user, isSelf, viewerIsAdmin }: UserRowProps) {
  const update = useUpdateAdminUser();
  const id = entityId(user);
  const name = displayNameOf(user);
  const handle = usernameOf(user);
  const active = user.isActive !== false;
  const busy = update.isPending || !id;
  const [actionsOpen, setActionsOpen] = useState(false);
  // Why a control is off for this viewer, shown as its tooltip; undefined when it is usable.
  const staffLock = !viewerIsAdmin && isStaff(user) ? trAdmin.staffAdminOnly : undefined;
  const activeLock = isSelf ? trAdmin.ownAccount : staffLock;
  const roleLock = isSelf ? trAdmin.ownAccount : (staffLock ?? (viewerIsAdmin ? undefined : trAdmin.rolesAdminOnly));

  const change = async (patch: UserPatch) => {
    try {
      await update.mutateAsync({ userId: id, patch });
      showToast(trAdmin.userUpdated);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <tr className={`admin-row${active ? '' : ' admin-row--inactive'}`} data-testid="admin-user-row">
      <td className="admin-cell admin-cell--primary">
        <div className="admin-person">
          <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="md" />
          <div className="admin-person__text">
            <span className="admin-person__name">
              <span className="admin-ellipsis">{name}</span>
              {user.isVerified ? <VerifiedBadge size={16} /> : null}
              {isSelf ? <span className="admin-tag admin-tag--self">{trAdmin.you}</span> : null}
            </span>
            <span className="admin-person__handle admin-ellipsis">@{handle}</span>
          </div>
        </div>
      </td>
      <td className="admin-cell admin-cell--email" data-label={trAdmin.colEmail}>
        <span className="admin-email">
          <span className="admin-ellipsis">{user.email || '—'}</span>
          {user.email && user.isEmailVerified === false ? (
            <span className="admin-tag admin-tag--muted">{trAdmin.emailUnverified}</span>
          ) : null}
        </span>
      </td>
      <td className="admin-cell" data-label={trAdmin.colRole}>
        <select
          className="admin-select"
          aria-label={trAdmin.roleOf(handle)}
          value={user.role ?? 'user'}
          disabled={busy || roleLock !== undefined}
          title={roleLock}
          onChange={(event) => void change({ role: event.target.value as Role })}
        >
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </td>
      <td className="admin-cell" data-label={trAdmin.colStatus}>
        <span className={`admin-status admin-status--${active ? 'on' : 'off'}`}>
          {active ? trAdmin.statusActive : user.suspended ? trAdmin.suspendedStatus : trAdmin.statusInactive}
        </span>
      </td>
      <td className="admin-cell" data-label={trAdmin.colJoined}>
        <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
          {formatDate(user.createdAt) || '—'}
        </time>
      </td>
      <td className="admin-cell admin-cell--actions">
        <div className="admin-row-actions">
          <Button
            size="sm"
            variant={active ? 'danger' : 'primary'}
            disabled={busy || activeLock !== undefined}
            title={activeLock}
            onClick={() => void change({ isActive: !active })}
          >
            {active ? trAdmin.deactivate : trAdmin.activate}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || staffLock !== undefined}
            title={staffLock}
            onClick={() => void change({ isVerified: !user.isVerified })}
          >
            {user.isVerified ? trAdmin.unverify : trAdmin.verify}
          </Button>
          <Button size="sm" variant="secondary" disabled={!id || activeLock !== undefined} title={activeLock} onClick={() => setActionsOpen(true)}>
            {trAdmin.accountActions}
          </Button>
          {update.isPending ? <Spinner size="sm" label={trAdmin.updating} /> : null}
        </div>
        {actionsOpen ? <AdminUserActions userId={id} username={handle} onClose={() => setActionsOpen(false)} /> : null}
      </td>
    </tr>
  );
}

export function AdminUsers() {
  const { user: viewer } = useAuth();
  return (
    <PagedListSection
      useList={useAdminUsers}
      rowsOf={(data) => data.users}
      title={trAdmin.users}
      intro={(data) =>
        data
          ? trAdmin.usersTotal(formatCount(data.pagination.total, data.pagination.estimated))
          : trAdmin.usersIntro
      }
      search={{ label: trAdmin.usersSearchLabel, placeholder: trAdmin.usersSearchPlaceholder }}
      texts={{
        loading: trAdmin.usersLoading,
        loadFailed: trAdmin.usersLoadFailed,
        networkError: trAdmin.networkError,
      }}
      empty={{
        icon: <UsersIcon size={32} />,
        title: trAdmin.usersEmpty,
        description: (search) => (search ? trAdmin.usersEmptySearch(search) : trAdmin.usersEmptyText),
      }}
      tableClassName="admin-table--users"
      columns={[
        trAdmin.colUser,
        trAdmin.colEmail,
        trAdmin.colRole,
        trAdmin.colStatus,
        trAdmin.colJoined,
        <span className="visually-hidden">{trAdmin.colActions}</span>,
      ]}
      renderRow={(row, index) => (
        <UserRow
          key={entityId(row) || row.username || index}
          user={row}
          isSelf={isSameUser(row, viewer)}
          viewerIsAdmin={viewer?.role === 'admin'}
        />
      )}
    />
  );
}
