type Texts = Record<string, unknown>;

function isObject(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Writes `english` over `turkish` in place, key by key, down into nested objects (a list, as the
 * month names, is replaced whole): every component that imported the Turkish object reads English
 * from then on.
 */
export function mergeTexts(turkish: Texts, english: Texts): void {
  for (const [key, value] of Object.entries(english)) {
    const current = turkish[key];
    if (isObject(current) && isObject(value)) mergeTexts(current, value);
    else turkish[key] = value;
  }
}
