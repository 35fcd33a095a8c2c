import { useState } from 'react';
import type { User } from '@gundem/contract';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { UsersIcon } from '../../../components/icons-more';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { displayNameOf, usernameOf } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { entityId } from '../../../lib/types';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatDateTime } from '../admin-format';
import { useDecideRegistration, usePendingRegistrations } from '../api/admin-registrations';

function RegistrationRow({ user }: { user: User }) {
  const decide = useDecideRegistration();
  const [confirming, setConfirming] = useState(false);
  const id = entityId(user);
  const handle = usernameOf(user);
  const run = async (approve: boolean) => {
    try {
      const answer = await decide.mutateAsync({ userId: id, approve });
      showToast(answer.message);
    } catch (error) {
      showToast(failureText(error), 'error');
    } finally {
      setConfirming(false);
    }
  };
  return (
    <li className="admin-registration" data-testid="admin-registration">
      <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="md" />
      <div className="admin-registration__text">
        <span className="admin-registration__name">{displayNameOf(user)}</span>
        <span className="admin-ellipsis">@{handle}</span>
        {user.email ? <span className="admin-ellipsis">{user.email}</span> : null}
        <span className="field__hint">{trAdmin.registeredAt(formatDateTime(user.createdAt))}</span>
      </div>
      <div className="admin-registration__actions">
        <Button size="sm" disabled={decide.isPending} aria-label={trAdmin.approveLabel(handle)} onClick={() => void run(true)}>
          {trAdmin.approve}
        </Button>
        <Button variant="danger" size="sm" disabled={decide.isPending} aria-label={trAdmin.rejectLabel(handle)} onClick={() => setConfirming(true)}>
          {trAdmin.reject}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={trAdmin.rejectConfirmTitle}
          description={trAdmin.rejectConfirm(handle)}
          confirmLabel={trAdmin.reject}
          cancelLabel={trAdmin.cancel}
          destructive
          busy={decide.isPending}
          onConfirm={() => void run(false)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}

/** Registrations waiting for approval (docs/product.md#admin-panel): staff approve or reject each. */
export function AdminRegistrations() {
  const query = usePendingRegistrations();
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  let body;
  if (query.isPending) body = <LoadingBlock label={trAdmin.registrationsLoading} />;
  else if (query.isError && !users.length)
    body = (
      <LoadError
        title={trAdmin.registrationsLoadFailed}
        message={errorText(query.error, trAdmin.registrationsLoadFailed, trAdmin.networkError)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (!users.length) body = <EmptyState icon={<UsersIcon size={32} />} title={trAdmin.registrationsEmpty} description={trAdmin.registrationsEmptyText} />;
  else
    body = (
      <>
        <ul className="admin-registrations" aria-label={trAdmin.registrationsList}>
          {users.map((user) => (
            <RegistrationRow key={entityId(user)} user={user} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="admin-rules__add">
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? trAdmin.auditLoadingMore : trAdmin.auditMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.registrations} intro={trAdmin.registrationsIntro} />
      {body}
    </section>
  );
}
