/**
 * Muted words (issue 25): how a word as a member typed it becomes what the reads match posts'
 * search_text with. Pure, so a unit test can pin every rule.
 *
 * - Lowercased with Turkish rules, as search_text is (posts/post-text.ts): `İstanbul` → `istanbul`,
 *   `IRMAK` → `ırmak`; so a muted `İstanbul` hides `istanbul` and `İSTANBUL`, never `ıstanbul`.
 * - Whole words: the word must stand between the text's ends or characters that are no letter,
 *   digit or `_` of the Latin (Turkish included), Greek or Cyrillic scripts. An apostrophe is such a
 *   character, so `istanbul` hides `İstanbul'da` (a Turkish suffix after an apostrophe) but not
 *   `istanbullu`.
 * - A `#hashtag` hides only posts with that tag; a plain word also hides its tag (`istanbul` hides
 *   `#istanbul`: `#` is not a word character).
 */

/** A muted word's length in characters after trimming. */
export const MUTED_WORD_MAX_LENGTH = 100;
/** Active muted words one member may have. */
export const MUTED_WORDS_MAX = 100;

/** The word characters of the boundaries, as a bracket expression's content (PostgreSQL ARE and JS alike). */
const WORD = '0-9a-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff';
const TOKEN = new RegExp(`#?[${WORD}]+`, 'gu');

export function turkishLower(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('tr-TR');
}

export interface MutedWordForm {
  /** The word lowercased with Turkish rules, whitespace runs made one space. */
  normalised: string;
  /** Its first token (`#tag` or word): the key by which a pushed post finds who muted it. */
  head: string;
  /** The whole-word regular expression over search_text (PostgreSQL ARE syntax). */
  pattern: string;
}

/** The tokens of a text by which muted words are looked up: each word, and each `#tag` with and without its `#`. */
export function tokensOf(text: string): string[] {
  const out = new Set<string>();
  for (const [token] of turkishLower(text).matchAll(TOKEN)) {
    out.add(token);
    if (token.startsWith('#') && token.length > 1) out.add(token.slice(1));
  }
  return [...out];
}

/** The forms of a word, or null when it has no letter or digit to match (only punctuation, `#`). */
export function mutedWordForm(word: string): MutedWordForm | null {
  const normalised = turkishLower(word.trim()).replace(/\s+/gu, ' ');
  const [head] = normalised.match(TOKEN) ?? [];
  if (!head || head === '#') return null;
  // Every character that is special in an ARE, escaped; `\s` matches the space runs of the text.
  const body = normalised
    .split(' ')
    .map((part) => part.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`))
    .join('\\s+');
  return { normalised, head, pattern: `(^|[^${WORD}])${body}($|[^${WORD}])` };
}

/** Compiled matchers by pattern (members with the same words share one), the oldest dropped past MATCHERS_KEPT. */
const matchers = new Map<string, RegExp>();
const MATCHERS_KEPT = 256;

/**
 * A member's combined pattern (combinedPattern, mutedWordsPatternSql) as a JavaScript regular
 * expression, for a page already in memory (the timeline's shared first page): it matches the
 * texts PostgreSQL's `~` does (the patterns use only what both dialects read alike). Null: no words.
 */
export function wordMatcher(pattern: string | null): RegExp | null {
  if (pattern === null) return null;
  let matcher = matchers.get(pattern);
  if (!matcher) {
    // Not 'u': mutedWordForm escapes `-`, which a unicode-mode expression refuses outside a class.
    matcher = new RegExp(pattern);
    if (matchers.size >= MATCHERS_KEPT) matchers.delete(matchers.keys().next().value as string);
    matchers.set(pattern, matcher);
  }
  return matcher;
}

/** One regular expression matching any of `patterns` (null: none), for a read that filters by all of a member's words at once. */
export function combinedPattern(patterns: string[]): string | null {
  return patterns.length ? patterns.map((p) => `(${p})`).join('|') : null;
}
