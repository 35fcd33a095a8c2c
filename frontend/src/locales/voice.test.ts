// One voice (issue 23): the app speaks to the member in the formal `siz`, as SPEC's texts do, says
// `e-posta` and `gönderi`. Every string of every locale module is walked (functions are called
// with sample arguments) and checked; SPEC's own texts are the only exceptions, and each one must
// be found verbatim in SPEC (as docs/product.md quotes it), so the list cannot grow exceptions of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// docs/product.md quotes SPEC's texts verbatim (SPEC itself is not in the repository).
const SPEC = join(here, '../../../docs/product.md');

/** SPEC's texts that break the rules below; kept verbatim (docs/product.md#error-texts). */
const SPEC_TEXTS = [
  'Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.',
  'Şifre sıfırlama bağlantısı email adresinize gönderildi',
  'Post oluşturulamadı',
];

/** The informal second person: `-sin` endings (not the passive `-lsin`/`-nsin`, which is third person) and `sen` itself. */
const INFORMAL_ENDING = /(?<![lnLN])(sin|sın|sun|sün)$/u;
const INFORMAL_WORDS = new Set(['sen', 'senin', 'sana', 'seni', 'senden', 'sende', 'seninle', 'değilsin']);
const ENGLISH_WORDS = new Set(['email', 'e-mail', 'post']);

export function voiceProblems(text: string): string[] {
  const problems: string[] = [];
  for (const raw of text.split(/[^\p{L}-]+/u)) {
    const word = raw.replace(/^-+|-+$/g, '').toLocaleLowerCase('tr');
    if (!word) continue;
    if (INFORMAL_WORDS.has(word) || INFORMAL_ENDING.test(word)) problems.push(`informal "${raw}"`);
    if (ENGLISH_WORDS.has(word)) problems.push(`English "${raw}"`);
  }
  return problems;
}

const SAMPLE_ARGS = ['Ayşe', 3, 'kahve'];

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (typeof value === 'function') {
    const args = SAMPLE_ARGS.slice(0, Math.max(value.length, 1));
    yield* strings((value as (...a: unknown[]) => unknown)(...args), `${path}()`);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`);
  }
}

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

describe('locale voice', () => {
  it('allows only texts that SPEC (quoted by docs/product.md) contains', () => {
    const spec = readFileSync(SPEC, 'utf8');
    for (const text of SPEC_TEXTS) expect({ text, inSpec: spec.includes(text) }).toEqual({ text, inSpec: true });
  });

  it('walks every locale module', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(Object.keys(modules).map((k) => k.slice(2)).sort()).toEqual(files.sort());
  });

  it('flags the informal second person and English words, and not the formal voice', () => {
    expect(voiceProblems('Yeni bir sohbet başlatabilirsin.')).toEqual(['informal "başlatabilirsin"']);
    expect(voiceProblems('Gönderi paylaşamazsın')).toEqual(['informal "paylaşamazsın"']);
    expect(voiceProblems('Biri sana yanıt verdi')).toEqual(['informal "sana"']);
    expect(voiceProblems('Sen')).toEqual(['informal "Sen"']);
    expect(voiceProblems('E-mail adresi')).toEqual(['English "E-mail"']);
    expect(voiceProblems('Post silindi')).toEqual(['English "Post"']);
    expect(voiceProblems('Yeni bir sohbet başlatabilirsiniz. Çıkış yapılsın mı? Gönderi silinsin mi?')).toEqual([]);
  });

  it('speaks in siz, says e-posta and gönderi, in every string', () => {
    const found: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        for (const [path, text] of strings(value, `${file}:${name}`)) {
          if (SPEC_TEXTS.includes(text)) continue;
          for (const problem of voiceProblems(text)) found.push(`${path}: ${problem} in "${text}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
