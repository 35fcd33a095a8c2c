import { Modal } from '../../../components/modal';
import { usernameOf } from '../../../lib/format';
import type { Post } from '../../../lib/types';
import { trCompose } from '../../../locales/tr-compose';
import { authorOf } from '../post-model';
import { ComposeBox } from './compose-box';
import { QuotedPost } from './quoted-post';
import '../reply-modal.css';

export interface ReplyModalProps {
  post: Post;
  onClose: () => void;
}

/** The original post and a reply box; a sent reply closes it (docs/product.md#states). */
export function ReplyModal({ post, onClose }: ReplyModalProps) {
  return (
    <Modal title={trCompose.replyTitle} onClose={onClose} size="md">
      <div className="reply-modal">
        <QuotedPost post={post} />
        <p className="reply-modal__to">
          {trCompose.replyingTo} <span className="post-link">@{usernameOf(authorOf(post))}</span>
        </p>
        <ComposeBox replyTo={post} onPosted={onClose} autoFocus />
      </div>
    </Modal>
  );
}
