import { EmptyState } from '../../../components/empty-state';
import { CompassIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** Search, tabs and results; a later issue fills it. `query` is the ?q= value. */
export function ExploreView({ query }: { query: string }) {
  return (
    <EmptyState
      icon={<CompassIcon size={32} />}
      title={tr.explore.title}
      description={
        query ? (
          <>
            <span className="chip">{query}</span> {tr.explore.queryPlaceholder}
          </>
        ) : (
          tr.explore.placeholder
        )
      }
    />
  );
}
