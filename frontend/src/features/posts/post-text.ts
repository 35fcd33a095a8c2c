// Splits a post's text into plain runs, #hashtags, @mentions and links, with the same rules as
// the server's backend/src/posts/post-text.ts so what is linked is what the server indexed.

export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'link'; text: string; href: string };

// A URL, or a # / @ not glued to a word (so `a#b`, `&#39;` and e-mail addresses stay text). An
// @name follows the server's rule (backend/src/posts/post-text.ts): not after `/` or `@` either,
// and not running on into more name characters (`@ayşe` is no mention of `ay`).
const TOKEN =
  /\bhttps?:\/\/[^\s<>"'`]+|(?<![\p{L}\p{M}\p{N}_&/])#[\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*|(?<![\p{L}\p{M}\p{N}_./@])@[A-Za-z0-9_]{1,30}(?![\p{L}\p{M}\p{N}_])/gu;
/** Punctuation that ends a sentence rather than a URL: "bakın https://a.tr/x." */
const TRAILING = /[.,;:!?'")\]}>…]+$/u;

function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING, '');
  // Keep a closing parenthesis that belongs to the URL: https://tr.wikipedia.org/wiki/Ankara_(il)
  if (raw.length > url.length && raw[url.length] === ')' && url.includes('(')) url += ')';
  return url;
}

export function tokenizePostText(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = tokens[tokens.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else tokens.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index ?? 0;
    let value = match[0];
    pushText(text.slice(last, start));
    if (value.startsWith('#')) {
      tokens.push({ kind: 'hashtag', text: value, tag: value.slice(1) });
    } else if (value.startsWith('@')) {
      tokens.push({ kind: 'mention', text: value, username: value.slice(1) });
    } else {
      value = trimUrl(value);
      tokens.push({ kind: 'link', text: value, href: value });
    }
    last = start + value.length;
  }
  pushText(text.slice(last));
  return tokens;
}

/**
 * The account an `@name` of the text links to: with the post's `mentions` (the accounts it named
 * when written, in their own spelling), only those; without the field (an older server), every
 * `@name`. Usernames are ASCII letters, digits and `_`, compared without case as the server does:
 * plain `toLowerCase`, never the Turkish locale's (which would make `@FIKRET` into `fıkret`).
 */
export function mentionTarget(
  username: string,
  mentions: readonly { username: string }[] | undefined,
): string | null {
  if (!mentions) return username;
  const wanted = username.toLowerCase();
  return mentions.find((mention) => mention.username.toLowerCase() === wanted)?.username ?? null;
}

/** "https://www.ornek.com.tr/uzun/bir/yol" → "ornek.com.tr/uzun/bir/yo…" for display. */
export function displayUrl(href: string, max = 32): string {
  const bare = href.replace(/^https?:\/\/(www\.)?/i, '');
  const chars = Array.from(bare);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : bare;
}

