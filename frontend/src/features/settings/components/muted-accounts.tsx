import { MuteIcon } from '../../../components/mute-icon';
import { errorText } from '../../../lib/api-client';
import { intlLocale } from '../../../lib/locale';
import { useMuteList, useSetMute } from '../../../lib/mute';
import { showToast } from '../../../lib/toast';
import { trMute } from '../../../locales/tr-mute';
import { AccountPages, UndoButton } from './account-pages';

/** An end time as a reader reads it (`12 Aralık 2026 14:30`; `December 12, 2026 at 02:30 PM` in English). */
export function formatUntil(iso: string): string {
  return new Date(iso).toLocaleString(intlLocale(), { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * The accounts part of the settings' `Sessize alınanlar` (issue 25): the accounts the member
 * mutes now, newest first, each with its end time (or `Süresiz`) and `Sessizden çıkar`; more by
 * `Daha fazla`. States: a spinner, `Kimseyi sessize almadınız.`, an error with `Tekrar dene`.
 */
export function MutedAccounts() {
  return (
    <AccountPages
      query={useMuteList()}
      texts={{
        loadFailed: trMute.accountsFailed,
        loadFailedNetwork: trMute.networkError,
        retry: trMute.retry,
        empty: trMute.accountsEmpty,
        emptyText: trMute.accountsEmptyText,
        listLabel: trMute.accountsLabel,
        moreFailed: trMute.moreFailed,
        loadingMore: trMute.loadingMore,
        more: trMute.more,
      }}
      icon={<MuteIcon size={28} />}
      testId="muted-accounts"
      bio={(user) => (user.expiresAt ? trMute.until(formatUntil(user.expiresAt)) : trMute.untilForever)}
      action={(user) => <UnmuteButton user={user} />}
    />
  );
}

/** Undoes one mute at once (the lists are read again; a refusal shows under the row's button). */
function UnmuteButton({ user }: { user: { id: string; username: string; displayName: string } }) {
  const change = useSetMute(() => showToast(trMute.unmuted(user.username)));
  return (
    <UndoButton
      pending={change.isPending}
      text={trMute.unmuteButton}
      pendingText={trMute.unmuting}
      ariaLabel={trMute.unmuteButtonLabel(user.displayName)}
      errorOf={(error) => errorText(error, trMute.failed, trMute.networkError)}
      undo={(onError) => change.mutate({ userId: user.id, mute: false }, { onError })}
    />
  );
}
