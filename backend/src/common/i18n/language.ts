/**
 * The language of the server's answers (issue 26): Turkish, the app's own (SPEC's texts stay
 * exact), unless the request's `Accept-Language` prefers English to Turkish. The English twins
 * of the texts are not known here (common/ sits below every module): the app hands a lookup to
 * the exceptions filter (i18n/english.ts, app.module.ts).
 */
export type Language = 'tr' | 'en';

/** Turkish to English, or undefined for a message that has no English twin. */
export type EnglishLookup = (turkish: string) => string | undefined;

/**
 * The injection token of the app's EnglishLookup (i18n/english.ts `toEnglish`, provided globally
 * by i18n/i18n.module.ts), for a module below i18n that answers texts itself: the Socket.IO
 * gateway, a controller writing its own response. Inject it `@Optional()`: without it (a module
 * tested alone) every answer stays Turkish.
 */
export const ENGLISH_LOOKUP = 'ENGLISH_LOOKUP';

/** A Turkish message in `language`: its English twin when English is asked for and one exists. */
export function inLanguage(message: string, language: Language, english: EnglishLookup | undefined): string {
  return language === 'en' ? (english?.(message) ?? message) : message;
}

/**
 * The language an `Accept-Language` header asks for among Turkish and English: the one with the
 * higher quality (the earlier on a tie), Turkish when it names neither or is absent.
 * `en-US,en;q=0.9` → en; `tr-TR,tr;q=0.9,en;q=0.8` → tr; `fr` → tr.
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: Language; q: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const language = range === 'en' || range.startsWith('en-') ? 'en' : range === 'tr' || range.startsWith('tr-') ? 'tr' : null;
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'tr';
}

/**
 * The language of a mail to a member (issue 26): the `display.language` they chose (stored in
 * `users.preferences`, absent until chosen), else `fallback`: the triggering request's
 * (`requestLanguage`) for a mail a request sends, Turkish for the others (digest, staff decisions).
 */
export function mailLanguage(chosen: unknown, fallback: Language = 'tr'): Language {
  return chosen === 'en' || chosen === 'tr' ? chosen : fallback;
}
