import { QuoteIcon } from '../../../components/icons';
import { trQuotes } from '../../../locales/tr-quotes';
import { useQuotes } from '../api/quotes';
import { PostFeed } from './post-feed';

/** A post's `Alıntılar` (issue 27), newest first, with the feeds' loading, empty and error states. */
export function QuotesFeed({ postId }: { postId: string }) {
  const query = useQuotes(postId);
  return (
    <PostFeed
      query={query}
      label={trQuotes.feedLabel}
      emptyIcon={<QuoteIcon size={32} />}
      emptyTitle={trQuotes.emptyTitle}
      emptyText={trQuotes.emptyText}
      errorText={trQuotes.loadFailed}
    />
  );
}
