// Which `@name` the caret is in, for the compose box's suggestions (docs/wire-contract.md: the
// server folds Turkish letters, so `@ayş` is a fine query for `ayse`). Kept apart from the
// suggestion list, which is loaded on the first `@`.

export interface MentionQuery {
  /** Where the `@` is. */
  start: number;
  /** The caret: the `@name` typed so far is text[start, end). */
  end: number;
  /** What follows the `@`, 1–30 letters, digits or `_`. */
  query: string;
}

// `@` not glued to a word, a URL or an e-mail address (the server's rule), then the name so far.
const AT_CARET = /(?<![\p{L}\p{M}\p{N}_./@])@([\p{L}\p{M}\p{N}_]{1,30})$/u;

/** The `@name` being typed at `caret`, or null. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = AT_CARET.exec(before);
  // The name must end at the caret: `@ay|se` suggests for `ayse`, not `ay`.
  if (!match || /^[\p{L}\p{M}\p{N}_]/u.test(text.slice(caret))) return null;
  return { start: match.index, end: caret, query: match[1] };
}

/** The text with the `@name` being typed replaced by `@username `, and where the caret goes. */
export function insertMention(
  text: string,
  at: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(at.end).replace(/^ /, '');
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
