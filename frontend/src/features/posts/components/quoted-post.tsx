import { displayNameOf, usernameOf } from '../../../lib/format';
import type { Post } from '../../../lib/types';
import { authorOf, postIdOf } from '../post-model';
import { PostAvatar, PostByline } from './post-byline';
import { PostContent } from './post-content';

/**
 * The original post inside the reply dialog: PostCard's look without its links, actions or live
 * counts. A component of its own so that the dialog does not import the card that opens it.
 */
export function QuotedPost({ post }: { post: Post }) {
  const id = postIdOf(post);
  const author = authorOf(post);
  return (
    <article
      className="post-card post-card--quoted"
      data-testid="post-card"
      data-post-id={id}
      aria-label={`${displayNameOf(author)} @${usernameOf(author)}`}
    >
      <PostAvatar post={post} linked={false} />
      <div className="post-card__main">
        <PostByline post={post} postId={id} links="none" />
        <div className="post-card__body">
          <PostContent text={post.content ?? ''} mentions={post.mentions} className="post-card__content" />
        </div>
      </div>
    </article>
  );
}
