import type { ViewerFilter } from './mutes.service';

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
 * The one "hidden for this viewer" rule of the feeds and search (issue 25), beside notBlockedSql:
 * the conditions a post row must meet for a viewer whose filter is `hide` — its author not muted
 * now (a key probe of mutes) and its text matching none of their words (`words`: the placeholder
 * of the parameter holding MutesService.wordPattern's pattern). Nothing when the viewer mutes no
 * one and has no words, so their statement has no such step. `viewer` and the row's columns are
 * SQL expressions.
 */
export function hiddenForViewerSql(viewer: string, hide: ViewerFilter, row: { author: string; searchText: string }, words: string | null): string[] {
  return [...(hide.muting ? [notMutedSql(viewer, row.author)] : []), ...(words !== null && hide.words !== null ? [notMatchingSql(words, row.searchText)] : [])];
}
