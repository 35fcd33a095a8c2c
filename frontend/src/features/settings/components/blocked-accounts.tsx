import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { BlockIcon } from '../../../components/icons';
import { errorText } from '../../../lib/api-client';
import { useBlockList, useSetBlock } from '../../../lib/block';
import { showToast } from '../../../lib/toast';
import { trBlock } from '../../../locales/tr-block';
import { AccountPages } from './account-pages';

/**
 * The settings' `Engellenenler` (issue 25): the accounts the member blocks, newest block first,
 * each with `Engeli kaldır`; more by `Daha fazla`. States: a spinner, `Kimseyi engellemediniz.`,
 * `Engellenenler yüklenemedi` with `Tekrar dene`.
 */
export function BlockedAccounts() {
  return (
    <AccountPages
      query={useBlockList()}
      texts={{
        loadFailed: trBlock.loadFailed,
        loadFailedNetwork: trBlock.loadFailedNetwork,
        retry: trBlock.retry,
        empty: trBlock.empty,
        emptyText: trBlock.emptyText,
        listLabel: trBlock.listLabel,
        moreFailed: trBlock.moreFailed,
        loadingMore: trBlock.loadingMore,
        more: trBlock.more,
      }}
      icon={<BlockIcon size={28} />}
      testId="blocked-accounts"
      bio={(user) => user.bio}
      action={(user) => <UnblockButton user={user} />}
    />
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
