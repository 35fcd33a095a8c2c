import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { MailIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { NetworkError } from '../../../lib/api-client';
import { tr } from '../../../locales/tr';
import { trMessages } from '../../../locales/tr-messages';

/**
 * What the conversation list and the chat show instead of their content: a spinner while
 * loading, the failure with a retry, or the empty state. `null` when the content is shown.
 */
export function paneState({
  query,
  failedTitle,
  isEmpty,
  emptyText,
}: {
  query: { isPending: boolean; data: unknown; error: unknown; refetch: () => unknown };
  failedTitle: string;
  isEmpty: boolean;
  emptyText: ReactNode;
}): ReactNode | null {
  if (query.isPending) return <LoadingBlock label={tr.app.loading} />;
  if (!query.data) {
    return (
      <LoadFailed
        compact
        title={failedTitle}
        description={query.error instanceof NetworkError ? tr.messages.networkError : undefined}
        retryLabel={trMessages.retry}
        onRetry={() => void query.refetch()}
        buttonSize="sm"
      />
    );
  }
  if (isEmpty) {
    return (
      <EmptyState
        className="empty-state--compact"
        icon={<MailIcon size={28} />}
        title={trMessages.empty}
        description={emptyText}
      />
    );
  }
  return null;
}
