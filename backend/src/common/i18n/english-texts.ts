/**
 * The shape of a `<module>.texts.en.ts` (issue 26): every text its Turkish `<module>.texts.ts`
 * exports — a string, a function building one (same parameters) or an object of them — and
 * nothing else (numbers such as limits are not texts). Written as
 * `{ … } satisfies EnglishTexts<typeof Tr>`, so a missing or extra text fails tsc.
 */
type Text<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends object
      ? { readonly [K in keyof T]: Text<T[K]> }
      : never;

type IsText<T> = T extends string ? true : T extends (...args: never[]) => string ? true : T extends object ? true : false;

export type EnglishTexts<M> = { readonly [K in keyof M as IsText<M[K]> extends true ? K : never]: Text<M[K]> };
