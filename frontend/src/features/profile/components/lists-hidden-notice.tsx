import { EmptyState } from '../../../components/empty-state';
import { LockIcon } from '../../../components/icons-more';
import { trProfile } from '../../../locales/tr-profile';

/**
 * In place of a list the member hides from others (issue 26's `publicProfile` off): the profile's
 * likes tab and the follower and followed lists, which the server answers with a 403.
 */
export function ListsHiddenNotice() {
  return <EmptyState icon={<LockIcon size={32} />} title={trProfile.listsHidden} description={trProfile.listsHiddenText} />;
}
