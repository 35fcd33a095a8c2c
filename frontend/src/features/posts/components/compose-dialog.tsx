import { Modal } from '../../../components/modal';
import { tr } from '../../../locales/tr';
import { ComposeBox } from './compose-box';

/** The shell's compose dialog (compose-launcher.tsx): the compose box, closed once the post is sent. */
export function ComposeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={tr.posts.composeTitle} onClose={onClose} size="md">
      <ComposeBox autoFocus onPosted={onClose} />
    </Modal>
  );
}
