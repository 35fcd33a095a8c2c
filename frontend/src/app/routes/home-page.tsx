import { PageHeader } from '../../components/page-header';
import { HomeTimeline } from '../../features/posts/components/home-timeline';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function HomePage() {
  // `/` keeps the product title (docs/product.md#audience).
  useDocumentTitle();
  return (
    <>
      <PageHeader title={tr.home.title} />
      <HomeTimeline />
    </>
  );
}
