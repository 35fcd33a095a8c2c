import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { HashtagFeed } from '../../features/posts/components/hashtag-feed';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trHashtag } from '../../locales/tr-hashtag';

/**
 * `/hashtag/:tag` (issue 26): the posts carrying the tag, newest first, a page at a time. A
 * trend's link (the sidebar, Explore) and a `#tag` in a post's text open it. The tag as written
 * in the path (`/hashtag/Gündem`), which the server lowercases with Turkish rules.
 */
export function HashtagPage() {
  const tag = (useParams().tag ?? '').replace(/^#/, '');
  useDocumentTitle(trHashtag.title(tag));
  return (
    <>
      <PageHeader title={trHashtag.title(tag)} subtitle={trHashtag.subtitle} backLabel={trHashtag.back} />
      {/* A new tag is a new list (its own query, scroll and states). */}
      <HashtagFeed key={tag} tag={tag} />
    </>
  );
}
