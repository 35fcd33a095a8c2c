import { BookmarkIcon } from '../../../components/icons';
import { trBookmarks } from '../../../locales/tr-bookmarks';
import { useBookmarks } from '../api/bookmarks';
import { PostFeed } from './post-feed';

/** The member's bookmarks, newest bookmark first, with the feeds' loading, empty and error states. */
export function BookmarksFeed() {
  const query = useBookmarks();
  return (
    <PostFeed
      query={query}
      label={trBookmarks.feedLabel}
      emptyIcon={<BookmarkIcon size={32} />}
      emptyTitle={trBookmarks.emptyTitle}
      emptyText={trBookmarks.emptyText}
      errorText={trBookmarks.loadFailed}
    />
  );
}
