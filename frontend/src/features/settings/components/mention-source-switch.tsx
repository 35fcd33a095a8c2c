import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@gundem/contract';
import { SwitchRow, type SwitchRowClasses } from '../../../components/switch-row';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { trSettings } from '../../../locales/tr-settings';
import {
  fetchNotificationPreferences,
  notificationPreferencesKey,
  saveNotificationPreferences,
} from '../api/notification-preferences';

/**
 * `Yalnızca takip ettiklerimden bahsetmeler`: kept on the server (unlike the screen's local
 * switches), so it takes effect for every device and for what the server writes. Loading shows the
 * switch disabled; a failed load its error with a retry; a save is shown at once and put back
 * (with the error) if the server refuses it.
 */
export function MentionSourceSwitch({ classes }: { classes: SwitchRowClasses }) {
  const viewer = useViewerKey();
  const queryClient = useQueryClient();
  const key = notificationPreferencesKey(viewer);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchNotificationPreferences(signal) });
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      queryClient.setQueryData(key, next);
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  if (query.isError) {
    return (
      <LoadError
        title={trSettings.mentionsFromLoadFailed}
        message={errorText(query.error, trSettings.mentionsFromLoadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div aria-busy={query.isPending || save.isPending}>
      <SwitchRow
        label={trSettings.mentionsFromFollowing}
        hint={trSettings.mentionsFromFollowingHint}
        checked={query.data?.mentionsFrom === 'following'}
        disabled={query.isPending || save.isPending}
        onChange={(checked) => save.mutate({ mentionsFrom: checked ? 'following' : 'everyone' })}
        classes={classes}
      />
      {save.isError ? (
        <p className="setting__error" role="alert">
          {errorText(save.error, trSettings.mentionsFromSaveFailed, trSettings.mentionsFromNetworkError)}
        </p>
      ) : null}
    </div>
  );
}
