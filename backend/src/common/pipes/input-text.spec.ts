import { BadRequestException } from '@nestjs/common';
import { INPUT_TOO_DEEP, INVALID_CHARACTERS } from '../common.texts';
import { MAX_INPUT_DEPTH, normaliseInput } from './input-text';

const refusal = (value: unknown): string | undefined => {
  try {
    normaliseInput(value);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
};

describe('normaliseInput', () => {
  it.each([
    ['a lone high surrogate', { email: 'a\uD800@b.co' }],
    ['a lone low surrogate', { q: '\uDC00' }],
    ['a high surrogate at the end', 'abc\uDBFF'],
    ['two high surrogates', 'x\uD800\uD800y'],
    ['a NUL', { content: 'a\u0000b' }],
    ['a NUL deep down', { a: [{ b: [{ c: ['ok', 'x\u0000'] }] }] }],
    ['a NUL in a key', { ['k\u0000']: 1 }],
    ['a lone surrogate in a key', { ['k\uD800']: 1 }],
    ['a lone surrogate in a password', { password: 'parola\uD800' }],
    ['a NUL in a password', { newPassword: 'parola\u0000123' }],
  ])('refuses %s with the Turkish 400', (_name, value) => {
    expect(refusal(value)).toBe(INVALID_CHARACTERS);
  });

  it('keeps well-formed text: emoji (surrogate pairs), RTL, Turkish letters', () => {
    const value = { content: 'Merhaba 👋🏽 مرحبا שלום İıŞşĞğ 𝕏', tags: ['#gündem'] };
    expect(normaliseInput(value)).toEqual(value);
  });

  it('NFC-normalises every string but the values of password fields', () => {
    const decomposed = 's\u0327ehir'; // "şehir" with a combining cedilla
    const out = normaliseInput({ q: decomposed, nested: [{ name: decomposed }], password: decomposed, currentPassword: decomposed });
    expect(out).toEqual({ q: 'şehir', nested: [{ name: 'şehir' }], password: decomposed, currentPassword: decomposed });
    expect(out.q).toHaveLength(5);
    expect(out.password).toHaveLength(6);
  });

  it('keeps numbers, booleans and null, and a "__proto__" key as a plain field', () => {
    const parsed = JSON.parse('{"limit": 5, "on": true, "none": null, "__proto__": {"isAdmin": true}}') as Record<string, unknown>;
    const out = normaliseInput(parsed);
    expect(Object.keys(out)).toEqual(['limit', 'on', 'none', '__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it(`refuses input nested deeper than ${MAX_INPUT_DEPTH} levels, however deep`, () => {
    expect(refusal(JSON.parse('['.repeat(MAX_INPUT_DEPTH) + ']'.repeat(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(refusal(JSON.parse('['.repeat(MAX_INPUT_DEPTH + 1) + ']'.repeat(MAX_INPUT_DEPTH + 1)))).toBe(INPUT_TOO_DEEP);
    expect(refusal(JSON.parse('{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)))).toBe(INPUT_TOO_DEEP);
  });
});
