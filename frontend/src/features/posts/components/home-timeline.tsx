import { EmptyState } from '../../../components/empty-state';
import { PenIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** The home feed; a later issue adds the compose box and the timeline here. */
export function HomeTimeline() {
  return (
    <EmptyState
      icon={<PenIcon size={32} />}
      title={tr.home.title}
      description={tr.home.placeholder}
    />
  );
}
