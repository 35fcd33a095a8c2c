import { EmptyState } from '../../../components/empty-state';
import { MessageCircleIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** One post with its replies; a later issue fills it. */
export function PostDetail({ postId }: { postId: string }) {
  return (
    <div data-post-id={postId}>
      <EmptyState
        icon={<MessageCircleIcon size={32} />}
        title={tr.post.title}
        description={tr.post.placeholder}
      />
    </div>
  );
}
