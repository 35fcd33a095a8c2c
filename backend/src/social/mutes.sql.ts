import type { ViewerFilter } from './mutes.service';

/**
 * True when `viewer` has no active mute of `other` (issue 25): one probe of the primary key
 * (muter_id, muted_id) per row, whatever the number of posts or of accounts the viewer mutes. A
 * mute whose `expires_at` has passed no longer applies (no job needed). One-directional: only the
 * muter's reads use it. A NULL viewer (a guest) matches no row. `probe`: blocks.sql.ts's PER_ROW, or nothing.
 */
export function notMutedSql(viewer: string, other: string, probe = ''): string {
  return `NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_id = ${viewer}::uuid AND mu.muted_id = ${other}
                        AND (mu.expires_at IS NULL OR mu.expires_at > now())${probe})`;
}

/**
 * True when `searchText` (a post's search_text) matches none of `viewer`'s active muted words,
 * read in the same statement, for lists whose viewer is a column or whose words are not loaded
 * first (notifications, the timeline's flags): the words' patterns joined into ONE regular
 * expression, as MutesService.viewerFilter joins them (combinedPattern), in id order so the text
 * is the same on every read. One expression matters: PostgreSQL keeps only 32 compiled regular
 * expressions per connection, so matching a row against 50 separate patterns recompiled them all
 * on every row (8 ms a row at 50 words); the joined one is compiled once and reused. The words
 * are a range of idx_muted_words_user_created (at most MUTED_WORDS_MAX rows): once per statement
 * when `viewer` is a parameter, once per row when it is a column.
 */
export function noMutedWordSql(viewer: string, searchText: string): string {
  return `NOT coalesce(${holdsMutedHeadSql(viewer, searchText)} AND ${searchText} ~ ${mutedWordsPatternSql(viewer)}, false)`;
}

/**
 * `viewer`'s active muted words as one regular expression (NULL without any), as
 * MutesService.viewerFilter's combinedPattern joins them; valid in PostgreSQL's ARE and in
 * JavaScript alike (muted-words.ts, wordMatcher).
 */
export function mutedWordsPatternSql(viewer: string): string {
  return `(SELECT string_agg('(' || mw.pattern || ')', '|' ORDER BY mw.id) FROM muted_words mw
                        WHERE mw.user_id = ${viewer}::uuid AND (mw.expires_at IS NULL OR mw.expires_at > now()))`;
}

/**
 * True when `searchText` holds the first word of one of `viewer`'s active muted words (read once
 * per statement): a text matching a word's pattern holds its first word, so a row holding none of
 * them is shown without the regular expression. The test is what makes words cheap: PostgreSQL's
 * regular expressions cost about 35 µs a row at 50 words, this test (strpos, a substring search)
 * about 8 µs, a LIKE ANY of `%head%` patterns about 14, and most posts hold none.
 */
function holdsMutedHeadSql(viewer: string, searchText: string): string {
  return `EXISTS (SELECT 1 FROM unnest((SELECT array_agg(mw.head) FROM muted_words mw WHERE mw.user_id = ${viewer}::uuid AND (mw.expires_at IS NULL OR mw.expires_at > now()))::text[]) AS k(head)
                   WHERE strpos(${searchText}, k.head) > 0)`;
}

/**
 * True when `searchText` does not match `pattern`, a parameter holding `viewer`'s muted words as
 * one regular expression (MutesService.viewerFilter's `words`) or NULL when they have none: per row the list
 * returns, a search for the words' first words (holdsMutedHeadSql, the words read once per
 * statement), and the expression only for a row that holds one.
 */
export function notMatchingSql(viewer: string, pattern: string, searchText: string): string {
  return `(${pattern}::text IS NULL OR NOT (${holdsMutedHeadSql(viewer, searchText)} AND ${searchText} ~ ${pattern}::text))`;
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
  return [...(hide.muting ? [notMutedSql(viewer, row.author)] : []), ...(words !== null && hide.words !== null ? [notMatchingSql(viewer, words, row.searchText)] : [])];
}
