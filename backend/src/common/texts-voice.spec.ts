import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One voice (issue 23): the Turkish texts the server sends (every `*.texts.ts` module) address the
 * member in the formal `siz` and say `e-posta` and `gönderi`, as the app's locales do
 * (frontend/src/locales/voice.test.ts). SPEC's own texts are the only exceptions, and each must be
 * found verbatim in SPEC (as docs/product.md quotes it).
 */
const here = dirname(fileURLToPath(import.meta.url));
const SRC = join(here, '..');
// docs/product.md quotes SPEC's texts verbatim (SPEC itself is not in the repository).
const SPEC = join(here, '../../../docs/product.md');
const SPEC_TEXTS = ['Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.'];

const INFORMAL_ENDING = /(?<![lnLN])(sin|sın|sun|sün)$/u;
const INFORMAL_WORDS = new Set(['sen', 'senin', 'sana', 'seni', 'senden', 'sende', 'seninle', 'değilsin']);
const ENGLISH_WORDS = new Set(['email', 'e-mail', 'post']);

function voiceProblems(text: string): string[] {
  const problems: string[] = [];
  for (const raw of text.split(/[^\p{L}-]+/u)) {
    const word = raw.replace(/^-+|-+$/g, '').toLocaleLowerCase('tr');
    if (!word) continue;
    if (INFORMAL_WORDS.has(word) || INFORMAL_ENDING.test(word)) problems.push(`informal "${raw}"`);
    if (ENGLISH_WORDS.has(word)) problems.push(`English "${raw}"`);
  }
  return problems;
}

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return name.endsWith('.texts.ts') ? [path] : [];
  });
}

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (typeof value === 'function') yield* strings((value as (...a: unknown[]) => unknown)('örnek', 3, 'örnek'), `${path}()`);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`);
}

describe('the server texts speak in one voice', () => {
  const files = textFiles(SRC);

  it('finds the texts modules, and allows only texts SPEC (quoted by docs/product.md) contains', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    const spec = readFileSync(SPEC, 'utf8');
    for (const text of SPEC_TEXTS) expect({ text, inSpec: spec.includes(text) }).toEqual({ text, inSpec: true });
  });

  it('flags the informal second person and English words, not the formal voice', () => {
    expect(voiceProblems('Bunu yapabilirsin.')).toEqual(['informal "yapabilirsin"']);
    expect(voiceProblems('E-mail ya da post')).toEqual(['English "E-mail"', 'English "post"']);
    expect(voiceProblems('Bunu yapabilirsiniz. Gönderi silinsin mi?')).toEqual([]);
  });

  it('has no informal or English word in any text the server sends', async () => {
    const found: string[] = [];
    for (const file of files) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        for (const [path, text] of strings(value, `${file.slice(SRC.length + 1)}:${name}`)) {
          if (SPEC_TEXTS.includes(text)) continue;
          for (const problem of voiceProblems(text)) found.push(`${path}: ${problem} in "${text}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
