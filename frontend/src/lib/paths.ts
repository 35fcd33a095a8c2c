// Links between screens, built in one place so features agree on them.

export function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

/** The profile's `Takipçiler` or `Takip edilenler` list. */
export function followListPath(username: string, kind: 'followers' | 'following'): string {
  return `${profilePath(username)}/${kind}`;
}

export function postPath(postId: string): string {
  return `/post/${encodeURIComponent(postId)}`;
}

/** A post's `Alıntılar` (issue 27): its quotes, newest first. */
export function quotesPath(postId: string): string {
  return `${postPath(postId)}/quotes`;
}

/** The explore search for `query`: /explore?q=… */
export function searchPath(query: string): string {
  return `/explore?q=${encodeURIComponent(query)}`;
}

/**
 * A hashtag's page (issue 26): /hashtag/tag, for the tag without its # (as posts and trends carry
 * it). A tag is letters, marks, digits and `_` only (post-text.ts), nothing a path must escape:
 * the browser percent-encodes its letters when it asks, and not encoding it here keeps bytes out
 * of a guest's first page (the `/` JS budget).
 */
export function hashtagPath(tag: string): string {
  return `/hashtag/${tag}`;
}

/** The messages screen, with the conversation with `username` open when given. */
export function messagesPath(username?: string): string {
  return username ? `/messages?user=${encodeURIComponent(username)}` : '/messages';
}
