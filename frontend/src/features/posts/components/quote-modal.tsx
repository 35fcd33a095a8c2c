import { Modal } from '../../../components/modal';
import type { Post } from '../../../lib/types';
import { showToast } from '../../../lib/toast';
import { trCompose } from '../../../locales/tr-compose';
import { ComposeBox } from './compose-box';
import '../reply-modal.css';

export interface QuoteModalProps {
  post: Post;
  onClose: () => void;
}

/**
 * `Alıntıla` (issue 27, docs/product.md#alıntılar): the compose box with the quoted post embedded
 * under it; the quote is a post of its own (text and pictures). A sent quote closes it with a toast.
 */
export function QuoteModal({ post, onClose }: QuoteModalProps) {
  return (
    <Modal title={trCompose.quoteTitle} onClose={onClose} size="md">
      <div className="reply-modal">
        <ComposeBox
          quoteOf={post}
          onPosted={() => {
            onClose();
            showToast(trCompose.quoted);
          }}
          autoFocus
        />
      </div>
    </Modal>
  );
}
