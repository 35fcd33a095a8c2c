import { notBlockedSql } from './blocks.sql';

/**
 * True when `viewer` has no active mute of `other` (issue 25): one probe of the primary key
 * (muter_id, muted_id) per row, whatever the number of posts or of accounts the viewer mutes. A
 * mute whose `expires_at` has passed no longer applies (no job needed). One-directional: only the
 * muter's reads use it. A NULL viewer (a guest) matches no row.
 */
export function notMutedSql(viewer: string, other: string): string {
  return `NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_id = ${viewer}::uuid AND mu.muted_id = ${other}
                        AND (mu.expires_at IS NULL OR mu.expires_at > now()))`;
}

/**
 * True when `searchText` (a post's search_text) matches none of `viewer`'s active muted words,
 * read in the same statement: a range of idx_muted_words_user_normalised (at most MUTED_WORDS_MAX
 * rows) per row. For lists whose viewer is a column (notifications, pushes); a feed loads the
 * words once per request and passes them as one pattern instead (notMatchingSql).
 */
export function noMutedWordSql(viewer: string, searchText: string): string {
  return `NOT EXISTS (SELECT 1 FROM muted_words mw WHERE mw.user_id = ${viewer}::uuid
                        AND (mw.expires_at IS NULL OR mw.expires_at > now()) AND ${searchText} ~ mw.pattern)`;
}

/**
 * True when `searchText` does not match `pattern`, a parameter holding the viewer's muted words
 * as one regular expression (MutesService.wordPattern) or NULL when they have none: one match per
 * row the list returns.
 */
export function notMatchingSql(pattern: string, searchText: string): string {
  return `(${pattern}::text IS NULL OR ${searchText} !~ ${pattern}::text)`;
}

/**
 * The one "hidden for this viewer" rule of the feeds (home, following, kept feed, search): the
 * post's author (and a repost's reposter) neither blocks nor is blocked by the viewer, nor is
 * muted by them, and the post's text matches none of their muted words. Key probes per returned
 * row only (blocks.sql.ts, notMutedSql) and one regular-expression match; `reposter` may be
 * NULL (an item that is no repost).
 */
export function visibleToViewerSql(viewer: string, author: string, opts: { reposter?: string; searchText: string; words: string }): string {
  const reposter = opts.reposter ? ` AND (${opts.reposter} IS NULL OR ${notMutedSql(viewer, opts.reposter)})` : '';
  return `${notBlockedSql(viewer, author)} AND ${notMutedSql(viewer, author)}${reposter} AND ${notMatchingSql(opts.words, opts.searchText)}`;
}
