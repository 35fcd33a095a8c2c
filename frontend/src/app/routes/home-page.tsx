import { PageHeader } from '../../components/page-header';
import { HomeTimeline } from '../../features/posts/components/home-timeline';
import { tr } from '../../locales/tr';

export function HomePage() {
  return (
    <>
      <PageHeader title={tr.home.title} />
      <HomeTimeline />
    </>
  );
}
