import { Link } from 'react-router-dom';
import { hashtagPath, profilePath } from '../../../lib/paths';
import type { PostMention } from '@gundem/contract';
import { displayUrl, mentionTarget, tokenizePostText } from '../post-text';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * A post's text with #hashtags (to their page), @mentions of real accounts (the post's
 * `mentions`) and links made clickable.
 */
export function PostContent({
  text,
  mentions,
  className,
}: {
  text: string;
  mentions?: readonly PostMention[];
  className?: string;
}) {
  return (
    <p className={className}>
      {tokenizePostText(text).map((token, index) => {
        switch (token.kind) {
          case 'hashtag':
            return (
              <Link key={index} to={hashtagPath(token.tag)} className="post-link" onClick={stop}>
                {token.text}
              </Link>
            );
          case 'mention': {
            const username = mentionTarget(token.username, mentions);
            if (!username) return token.text;
            return (
              <Link
                key={index}
                to={profilePath(username)}
                className="post-link"
                onClick={stop}
              >
                {token.text}
              </Link>
            );
          }
          case 'link':
            return (
              <a
                key={index}
                href={token.href}
                className="post-link"
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                title={token.href}
                onClick={stop}
              >
                {displayUrl(token.href)}
              </a>
            );
          default:
            return token.text;
        }
      })}
    </p>
  );
}
