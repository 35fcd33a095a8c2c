import { trModeration } from '../../../locales/tr-moderation';
import { sendSuspensionAppeal, useSuspensionNotices } from '../api/notices';
import { NoticesList } from './notices-list';

/**
 * Under a login refused for a suspension: the member's notices and `İtiraz et`, by the token the
 * refusal answered (no session; the token lives only in this component's memory).
 */
export function SuspensionNotices({ token }: { token: string }) {
  const query = useSuspensionNotices(token);
  return (
    <section className="suspension-notices" aria-label={trModeration.suspendedNotices}>
      <NoticesList
        notices={query.data?.notices.filter((n) => n.kind === 'suspend' && !n.lifted)}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        appeal={(actionId, text) => sendSuspensionAppeal(token, actionId, text)}
      />
    </section>
  );
}
