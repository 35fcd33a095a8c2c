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
