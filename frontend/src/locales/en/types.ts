// The shape an English text module must have: the Turkish module's exports, key for key, with any
// string in place of each Turkish literal and each function taking the same parameters. An English
// module is written as `{ … } satisfies EnglishOf<typeof TrModule>`, so a missing or extra key, or a
// function with other parameters, fails tsc (and locales/en/keys.test.ts checks the same at run time).

export type Translation<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => unknown
        ? (...args: A) => string
        : T extends readonly unknown[]
          ? { readonly [K in keyof T]: Translation<T[K]> }
          : { readonly [K in keyof T]: Translation<T[K]> };

export type EnglishOf<M> = { readonly [K in keyof M]: Translation<M[K]> };
