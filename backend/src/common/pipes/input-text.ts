import { BadRequestException } from '@nestjs/common';
import { INPUT_TOO_DEEP, INVALID_CHARACTERS } from '../common.texts';

/**
 * U+0000 (PostgreSQL text cannot hold it) or half of a surrogate pair with no other half (not a
 * character: `encodeURIComponent` throws on it, validators with it inside fail with a URIError,
 * and UTF-8 cannot encode it, so it would be stored as U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const INVALID = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Fields whose bytes are a secret the user chose: refused when invalid but never NFC-normalised.
 * An account registered before normalisation existed keeps the exact password bytes it hashed,
 * so normalising them now (at login but not at hash time) could lock someone out.
 */
const VERBATIM_KEY = /password/i;

/** Deeper input is refused before anything recursive (this walk, class-transformer) can overflow the stack. */
export const MAX_INPUT_DEPTH = 32;

export function hasInvalidCharacters(text: string): boolean {
  return INVALID.test(text);
}

/**
 * The one normalisation of request input: every string at any depth (keys included) is checked
 * for NUL and lone surrogates (400 with INVALID_CHARACTERS) and NFC-normalised, except the values
 * of password fields, which are only checked. NFC makes "ş" typed as s + combining cedilla equal
 * to the precomposed "ş" everywhere (usernames, e-mails, search, posts). Returns a new value;
 * objects without a prototype or with a class are copied as plain objects (JSON and query
 * strings only produce plain data).
 */
export function normaliseInput<T>(value: T): T {
  return walk(value, false, 0) as T;
}

function walk(value: unknown, verbatim: boolean, depth: number): unknown {
  if (typeof value === 'string') {
    if (hasInvalidCharacters(value)) throw new BadRequestException(INVALID_CHARACTERS);
    return verbatim ? value : value.normalize('NFC');
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw new BadRequestException(INPUT_TOO_DEEP);
  if (Array.isArray(value)) return value.map((item) => walk(item, verbatim, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasInvalidCharacters(key)) throw new BadRequestException(INVALID_CHARACTERS);
    // defineProperty, not assignment: a "__proto__" key from JSON stays a plain field (which the
    // whitelist then refuses) instead of replacing the copy's prototype.
    Object.defineProperty(out, key, { value: walk(item, verbatim || VERBATIM_KEY.test(key), depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
