import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { ExploreView } from '../../features/explore/components/explore-view';
import { tr } from '../../locales/tr';

export function ExplorePage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={tr.explore.title} />
      <ExploreView query={params.get('q')?.trim() ?? ''} />
    </>
  );
}
