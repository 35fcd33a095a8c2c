import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { BookmarksFeed } from '../../features/posts/components/bookmarks-feed';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trBookmarks } from '../../locales/tr-bookmarks';

/** `/bookmarks` (issue 27): the member's private `Yer işaretleri`, loaded on demand. */
export function BookmarksPage() {
  useDocumentTitle(trBookmarks.title);
  return (
    <>
      <PageHeader title={trBookmarks.title} subtitle={trBookmarks.privateNote} />
      <AuthGate>
        <BookmarksFeed />
      </AuthGate>
    </>
  );
}
