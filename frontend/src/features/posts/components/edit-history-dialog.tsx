import { Button } from '../../../components/button';
import { LoadFailed } from '../../../components/load-failed';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { formatFullDate } from '../../../lib/format';
import { trEdits } from '../../../locales/tr-edits';
import { usePostHistory } from '../api/edit-post';
import { MediaGrid } from './media-grid';
import { PostContent } from './post-content';
import '../edit-history.css';

export interface EditHistoryDialogProps {
  postId: string;
  onClose: () => void;
}

/**
 * `Düzenleme geçmişi` (issue 27, docs/product.md#düzenleme): every version of the post, newest
 * first, each with its time, text and pictures (as Mastodon's edit history); older ones a page at
 * a time. Read when the dialog opens, again after an edit (live or one's own).
 */
export function EditHistoryDialog({ postId, onClose }: EditHistoryDialogProps) {
  const history = usePostHistory(postId);
  const versions = history.data?.pages.flatMap((page) => page.versions) ?? [];
  const last = history.data?.pages.at(-1);
  return (
    <Modal title={trEdits.title} onClose={onClose} size="md">
      {history.isPending ? (
        <div className="edit-history__state" role="status">
          <Spinner label={trEdits.loading} />
        </div>
      ) : history.isError ? (
        <LoadFailed title={trEdits.loadFailed} description={errorText(history.error, trEdits.loadFailed)} retryLabel={trEdits.retry} onRetry={() => void history.refetch()} compact />
      ) : versions.length === 0 ? (
        <p className="edit-history__state">{trEdits.empty}</p>
      ) : (
        <>
          <ol className="edit-history" aria-label={trEdits.listLabel}>
            {versions.map((version, index) => {
              const original = index === versions.length - 1 && !last?.nextCursor;
              return (
                <li key={version.id} className="edit-history__version" data-testid="edit-version">
                  <p className="edit-history__meta">
                    <span className="edit-history__badge">{index === 0 ? trEdits.current : original ? trEdits.original : null}</span>
                    <time dateTime={version.createdAt}>{trEdits.versionAt(formatFullDate(version.createdAt))}</time>
                  </p>
                  {version.content ? (
                    <PostContent text={version.content} className="edit-history__content" />
                  ) : (
                    <p className="edit-history__content edit-history__content--empty">{trEdits.noText}</p>
                  )}
                  {version.media.length ? <MediaGrid media={version.media} sensitive={version.sensitive} /> : null}
                </li>
              );
            })}
          </ol>
          {history.hasNextPage ? (
            <div className="edit-history__more">
              <Button variant="secondary" size="sm" disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage || undefined} onClick={() => void history.fetchNextPage()}>
                {trEdits.more}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );
}
