// The hook by which each lazily loaded Turkish text module (locales/tr-*.ts) hands its exports
// over as it loads: set by applyEnglish() on an English page, absent otherwise (a no-op).
declare global {
  var gundemEnglish: ((file: string, exports: Record<string, object>) => void) | undefined;
}

export {};
