import { HashIcon } from '../../../components/icons';
import { trHashtag } from '../../../locales/tr-hashtag';
import { useHashtagPosts } from '../api/get-hashtag-posts';
import { PostFeed } from './post-feed';

/** The posts carrying `tag` (GET /api/hashtags/:tag/posts), for the hashtag page. */
export function HashtagFeed({ tag }: { tag: string }) {
  const query = useHashtagPosts(tag);
  return (
    <PostFeed
      query={query}
      label={trHashtag.feedLabel(tag)}
      emptyIcon={<HashIcon size={32} />}
      emptyTitle={trHashtag.emptyTitle(tag)}
      emptyText={trHashtag.emptyText}
      errorText={trHashtag.loadFailed}
    />
  );
}
