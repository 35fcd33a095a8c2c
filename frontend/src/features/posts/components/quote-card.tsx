import type { PostQuote } from '@gundem/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { displayNameOf, formatRelativeTime, usernameOf } from '../../../lib/format';
import { postPath } from '../../../lib/paths';
import { useRenderClock } from '../../../lib/render-clock';
import { tr } from '../../../locales/tr';
import { authorOf } from '../post-model';

/** What an unavailable card says (docs/product.md#alıntılar), by its state. */
const UNAVAILABLE: Record<Exclude<PostQuote['state'], 'visible'>, string> = {
  deleted: tr.posts.quoteDeleted,
  protected: tr.posts.quoteProtected,
  blocked: tr.posts.quoteBlocked,
  disabled: tr.posts.quoteDisabled,
};

/**
 * The quoted post inside a quote (issue 27): its author, time, text and first pictures, the whole
 * card a link to it; one level only (when it quotes another post itself, a link to that one
 * instead of a card). An unavailable one says only why. `preview`: in the compose box, not a link.
 */
export function QuoteCard({ quote, preview = false }: { quote: PostQuote; preview?: boolean }) {
  const clock = useRenderClock();
  const post = quote.state === 'visible' ? quote.post : undefined;
  if (!post) {
    return (
      <div className="quote-card quote-card--unavailable" data-testid="quote-card" data-state={quote.state}>
        {UNAVAILABLE[quote.state === 'visible' ? 'deleted' : quote.state]}
      </div>
    );
  }
  const author = authorOf(post);
  const name = displayNameOf(author);
  const username = usernameOf(author);
  const pictures = post.media ?? [];
  const body = (
    <>
      <span className="quote-card__header">
        <Avatar displayName={name} seed={username} src={author.profileImage} size="sm" />
        <span className="quote-card__name">{name}</span>
        <span className="quote-card__handle">@{username}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt, clock.now)}</time>
      </span>
      {post.content ? <span className="quote-card__text">{post.content}</span> : null}
      {pictures.length ? (
        post.sensitive ? (
          <span className="quote-card__sensitive">{tr.posts.quoteSensitive}</span>
        ) : (
          <span className="quote-card__media">
            {pictures.slice(0, 4).map((picture) => (
              <img key={picture.id} src={picture.small.url} alt={picture.alt ?? ''} width={picture.small.width} height={picture.small.height} loading="lazy" />
            ))}
          </span>
        )
      ) : null}
    </>
  );
  return (
    <div className="quote-card" data-testid="quote-card" data-state="visible">
      {preview ? (
        <div className="quote-card__link">{body}</div>
      ) : (
        <Link className="quote-card__link" to={postPath(quote.id)}>
          {body}
        </Link>
      )}
      {post.quoteOfId && !preview ? (
        <Link className="quote-card__nested" to={postPath(post.quoteOfId)}>
          {tr.posts.quoteNested}
        </Link>
      ) : null}
    </div>
  );
}
