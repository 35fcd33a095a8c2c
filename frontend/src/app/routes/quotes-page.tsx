import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QuotesFeed } from '../../features/posts/components/quotes-feed';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trQuotes } from '../../locales/tr-quotes';

/** `/post/:id/quotes` (issue 27): the post's `Alıntılar`, for guests too (as the post itself). */
export function QuotesPage() {
  const { id = '' } = useParams();
  useDocumentTitle(trQuotes.title);
  return (
    <>
      <PageHeader title={trQuotes.title} subtitle={trQuotes.subtitle} backLabel={trQuotes.backToPost} />
      <QuotesFeed postId={id} />
    </>
  );
}
