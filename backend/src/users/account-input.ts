/**
 * How account input is made canonical before it is stored or looked up, so that two spellings of
 * one address cannot become two accounts, and a login finds (and is throttled as) the account it
 * names whatever the spelling. Used by the DTOs, UsersService and the login throttle alike.
 */

/**
 * An e-mail address (or any login) in its one stored form: Unicode NFKC (fullwidth `ＡＬＩ` and
 * the Kelvin sign become plain letters), trimmed, lower-cased with the locale-independent
 * Unicode mapping (so `I` is `i` on every server, whatever its locale).
 *
 * The Turkish dotted capital `İ` is mapped to a plain `i` first: its Unicode lower case is `i` +
 * U+0307 (combining dot above), which would make `ALİ@x.com` a different address from
 * `ali@x.com` although a Turkish keyboard user means the same one. An `i` followed by U+0307
 * typed directly is folded the same way. The dotless `ı` stays a letter of its own (`alı@x.com`
 * is another mailbox; it is Latin script, so the mixed-script check does not refuse it).
 */
export function normaliseEmail(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/İ/g, 'i').toLowerCase().replace(/i\u0307/g, 'i').normalize('NFKC');
}

/**
 * The login field (an e-mail address or a username) as the lookup and the per-account throttle
 * read it. Usernames are ASCII, so the e-mail folding is right for them too (`ALİ` finds `ali`).
 */
export function normaliseLogin(raw: string): string {
  return normaliseEmail(raw);
}

/**
 * Scripts told apart when checking for mixed scripts. A letter of a script not listed counts as
 * "other", so mixing a listed script with it is still caught.
 */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic',
  'Cherokee', 'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const SHARED_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Script sets that legitimately share one label, as in Unicode TS #39's "highly restrictive"
 * level: Japanese, Chinese with Bopomofo and Korean writing mix these with each other and Latin.
 */
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of text) {
    if (SHARED_SCRIPT.test(char)) continue; // digits, punctuation, combining marks
    scripts.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? 'other');
  }
  return scripts;
}

function isSingleScript(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/**
 * True when the local part or one label of the domain mixes scripts, like `pаypal@x.com` with a
 * Cyrillic `а`: a look-alike of another address. Each part is judged on its own, so a Latin
 * mailbox at a Cyrillic domain (`ali@пример.рф`) is fine.
 */
export function hasMixedScripts(email: string): boolean {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at), ...email.slice(at + 1).split('.')];
  return parts.some((part) => !isSingleScript(part));
}

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and zero-width
 * characters (U+200B, U+200C, U+2060, U+FEFF): invisible, they can reorder how a name around
 * them is shown ("Trojan Source") or make two names look alike.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u200C\u2060\uFEFF]/g;
/**
 * The zero-width joiner (U+200D) too, except between two emoji: there it is what joins
 * 👩 and 💻 into one picture (👩‍💻), and it can hide nothing.
 */
const LOOSE_ZWJ = /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}]\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** A display name without invisible controls, trimmed. Empty afterwards means none was given. */
export function cleanDisplayName(raw: string): string {
  return raw.replace(INVISIBLE, '').replace(LOOSE_ZWJ, '').trim();
}

/**
 * At least one visible character: a password of spaces (or of zero-width characters) is refused.
 * Real passwords are never trimmed or otherwise changed.
 */
export const VISIBLE_CHARACTER = /[^\s\u200B-\u200D\u2060\uFEFF]/u;
