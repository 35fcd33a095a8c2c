/**
 * The Intl locale of the page's language: <html lang> is set from the stored choice before the
 * first render (main.tsx); Turkish where there is no document (the server's render).
 */
export function intlLocale(): 'en-US' | 'tr-TR' {
  return typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en-US' : 'tr-TR';
}
