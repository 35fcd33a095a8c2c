import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { PostDetail } from '../../features/posts/components/post-detail';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';
import { trPost } from '../../locales/tr-post';

export function PostPage() {
  useDocumentTitle(trPost.title);
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={trPost.title} backLabel={tr.common.backHome} />
      <PostDetail key={id} postId={id} />
    </>
  );
}
