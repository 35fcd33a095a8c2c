import { Modal } from '../../../components/modal';
import type { Post } from '../../../lib/types';
import { trCompose } from '../../../locales/tr-compose';
import { ComposeBox } from './compose-box';
import '../edit-history.css';
import '../reply-modal.css';

export interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
  onSaved: (post: Post) => void;
}

/**
 * `Gönderiyi düzenle` (issue 27, docs/product.md#düzenleme): the compose box in edit mode over the
 * author's post, its text, pictures, alt texts and `Hassas içerik` mark as they are. `Kaydet`
 * sends the edit; every list showing the post shows the new version, other readers get it live.
 */
export function EditPostDialog({ post, onClose, onSaved }: EditPostDialogProps) {
  return (
    <Modal title={trCompose.editTitle} onClose={onClose} size="md">
      <div className="reply-modal">
        <p className="edit-post__note">{trCompose.editNote}</p>
        <ComposeBox edit={post} onPosted={onSaved} autoFocus />
      </div>
    </Modal>
  );
}
