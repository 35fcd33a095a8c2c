/**
 * Pure text rules of a post: length in characters, hashtags, links and the search text.
 * Turkish case rules everywhere (`'İ'.toLocaleLowerCase('tr-TR') === 'i'`, `'I'` → `'ı'`).
 */

const LOCALE = 'tr-TR';

/** Characters as a reader counts them: Unicode code points, so an emoji is one, not two. */
export function charCount(text: string): number {
  return [...text].length;
}

export function turkishLower(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase(LOCALE);
}

/**
 * `#` then letters (any script, Turkish çğıöşü included), digits or underscore, combining marks
 * after the first (so the keycap emoji #️⃣ is no tag).
 * Not after a letter, digit, `&` or `/`, so `a#b`, `&#39;` and `https://x.tr/sayfa#bolum` are no tags.
 */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&/])#([\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*)/gu;

/** Unique, lowercased with Turkish rules, without `#`, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(HASHTAG)) tags.add(turkishLower(match[1]));
  return [...tags];
}

/** The longest tag a hashtag page takes (a post holds at most a few hundred characters anyway). */
export const HASHTAG_MAX_LENGTH = 100;
const HASHTAG_ALONE = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*$/u;

/**
 * A tag as a hashtag page names it (`/hashtag/:tag`, with or without its `#`), as posts store it:
 * lowercased with Turkish rules, without `#`. Null for anything extractHashtags would not take as
 * a whole tag (empty, spaces, punctuation, a leading combining mark) or longer than HASHTAG_MAX_LENGTH.
 */
export function normalizeHashtag(raw: string): string | null {
  const tag = raw.normalize('NFC').replace(/^#/, '');
  if (!tag || charCount(tag) > HASHTAG_MAX_LENGTH || !HASHTAG_ALONE.test(tag)) return null;
  return turkishLower(tag);
}

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than a URL: "bakın https://a.tr/x." */
const TRAILING = /[.,;:!?'")\]}>…]+$/u;

/** Unique http(s) URLs in order of appearance, sentence punctuation after them dropped. */
export function extractLinks(text: string): string[] {
  const links = new Set<string>();
  for (const match of text.matchAll(URL_CANDIDATE)) {
    let candidate = match[0].replace(TRAILING, '');
    // Keep a closing parenthesis that belongs to the URL: https://tr.wikipedia.org/wiki/Ankara_(il)
    if (match[0].length > candidate.length && match[0][candidate.length] === ')' && candidate.includes('(')) candidate += ')';
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) links.add(candidate);
    } catch {
      // not a URL after all
    }
  }
  return [...links];
}

/** What search matches against: the content and the hashtags, lowercased with Turkish rules. */
export function searchTextOf(content: string, hashtags: string[]): string {
  return turkishLower([content, ...hashtags.map((tag) => `#${tag}`)].join('\n'));
}

/** searchTextOf of a post object, once per object (the shared first page's posts are read by every member for a second). */
const searchTexts = new WeakMap<object, string>();
export function searchTextOfPost(post: { content: string; hashtags: string[] }): string {
  let text = searchTexts.get(post);
  if (text === undefined) {
    text = searchTextOf(post.content, post.hashtags);
    searchTexts.set(post, text);
  }
  return text;
}

/** A user's query made comparable to search_text and safe inside LIKE '%…%'. */
export function likePattern(query: string): string {
  return `%${turkishLower(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the trigram index can narrow a search for `query`: pg_trgm builds trigrams from runs
 * of letters and digits only, so a term needs three of them in a row.
 */
export function trigramSearchable(query: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(turkishLower(query));
}

/**
 * `@` then a username as registration allows it (letters A–Z, digits, underscore; 3 to 30), not
 * after a letter, digit, `_`, `.` or `/` (so `ayse@ornek.com` and URLs mention no one), and not
 * running on into more name characters (`@ayşe` is no mention of `ay`).
 */
const MENTION = /(?<![\p{L}\p{M}\p{N}_./@])@([A-Za-z0-9_]{3,30})(?![\p{L}\p{M}\p{N}_])/gu;

/**
 * Distinct `@username` candidates, lowercased (usernames are unique regardless of case), in order
 * of first appearance, at most `max`: the statement that stores the post keeps those naming an
 * existing account (posts.mentions).
 */
export function extractMentions(text: string, max: number): string[] {
  const names = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(MENTION)) {
    if (names.size >= max) break;
    names.add(match[1].toLowerCase());
  }
  return [...names];
}
