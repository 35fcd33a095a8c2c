// The languages of the app (issue 26): the stored choice (lib/preferences.ts), else the
// browser's. An English page loads the English texts before its first render (main.tsx,
// locales/en/index.ts); a Turkish page never loads them.
export type Language = 'tr' | 'en';

/** English when the browser's first language is English, Turkish otherwise (the default when none is stored). */
export function browserLanguage(): Language {
  return /^en\b/i.test(navigator.language) ? 'en' : 'tr';
}
