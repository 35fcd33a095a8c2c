import { Modal } from '../../../components/modal';
import { usernameOf, type TimeUnits } from '../../../lib/format';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { authorOf } from '../post-model';
import { ComposeBox } from './compose-box';
import { QuotedPost } from './quoted-post';

export interface ReplyModalProps {
  post: Post;
  onClose: () => void;
  /** The time format of the screen under the dialog, so both show the same age (`5m` or `5dk`). */
  timeUnits?: TimeUnits;
}

/** The original post and a reply box; a sent reply closes it (docs/product.md#states). */
export function ReplyModal({ post, onClose, timeUnits = 'timeline' }: ReplyModalProps) {
  return (
    <Modal title={tr.posts.replyTitle} onClose={onClose} size="md">
      <div className="reply-modal">
        <QuotedPost post={post} timeUnits={timeUnits} />
        <p className="reply-modal__to">
          {tr.posts.replyingTo} <span className="post-link">@{usernameOf(authorOf(post))}</span>
        </p>
        <ComposeBox replyTo={post} onPosted={onClose} autoFocus />
      </div>
    </Modal>
  );
}
