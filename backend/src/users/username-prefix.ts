/**
 * What the `@` autocompletion matches: usernames are ASCII letters, digits and `_`, but a Turkish
 * member types `@ayşe` or `@İsmail` for `ayse` and `ismail`. The prefix is lowercased with
 * Turkish rules (`İ` → `i`, `I` → `ı`) and the Turkish letters are folded to the ASCII ones a
 * username would use (`ı` → `i`, `ş` → `s`, …). Null when something else is left: no username
 * can start with it.
 */
const FOLD: Record<string, string> = { ı: 'i', ş: 's', ç: 'c', ğ: 'g', ö: 'o', ü: 'u', â: 'a', î: 'i', û: 'u' };

export function usernamePrefix(typed: string): string | null {
  const folded = typed
    .normalize('NFC')
    .toLocaleLowerCase('tr-TR')
    .replace(/[ışçğöüâîû]/g, (c) => FOLD[c]);
  return /^[a-z0-9_]{1,30}$/.test(folded) ? folded : null;
}

/**
 * The range [prefix, upper) of every string starting with `prefix` in byte order
 * (text_pattern_ops): the last character raised by one (`ay` → `az`, `z` → `{`, `_` → `` ` ``).
 */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
