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

/** The explore search for `query`: /explore?q=… */
export function searchPath(query: string): string {
  return `/explore?q=${encodeURIComponent(query)}`;
}

/** A hashtag's page (issue 26): /hashtag/tag (the tag without its #). */
export function hashtagPath(tag: string): string {
  return `/hashtag/${encodeURIComponent(tag.replace(/^#/, ''))}`;
}

/** The messages screen, with the conversation with `username` open when given. */
export function messagesPath(username?: string): string {
  return username ? `/messages?user=${encodeURIComponent(username)}` : '/messages';
}
