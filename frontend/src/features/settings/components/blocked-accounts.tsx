import { BlockIcon } from '../../../components/icons-more';
import { errorText } from '../../../lib/api-client';
import { useBlockList, useSetBlock } from '../../../lib/block';
import { showToast } from '../../../lib/toast';
import { trBlock } from '../../../locales/tr-block';
import { AccountPages, UndoButton } from './account-pages';

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
  const change = useSetBlock(() => showToast(trBlock.unblocked(user.username)));
  return (
    <UndoButton
      pending={change.isPending}
      text={trBlock.unblockButton}
      pendingText={trBlock.unblocking}
      ariaLabel={trBlock.unblockButtonLabel(user.displayName)}
      errorOf={(error) => errorText(error, trBlock.failed, trBlock.networkError)}
      undo={(onError) => change.mutate({ userId: user.id, block: false }, { onError })}
    />
  );
}
