// Every text in both languages (issue 26): each Turkish module (locales/tr*.ts) has its English
// twin in ENGLISH with the same exports and, recursively, the same keys, the same kinds of value
// and functions of the same arity that answer a string. A key missing, or extra, on either side
// fails here (tsc fails too: the English modules are typed by the Turkish ones).
import { ENGLISH } from './index';

const turkishFiles = import.meta.glob<Record<string, unknown>>(['../tr*.ts', '!../*.test.ts'], { eager: true });

const SAMPLE_ARGS = ['ayse', 3, 'kahve'];

function kind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

/** The differences between a Turkish value and its English twin, by path. */
export function shapeProblems(turkish: unknown, english: unknown, path: string): string[] {
  const tk = kind(turkish);
  const ek = kind(english);
  if (tk !== ek) return [`${path}: ${tk} in Turkish, ${ek} in English`];
  if (typeof turkish === 'function' && typeof english === 'function') {
    if (turkish.length !== english.length) return [`${path}: takes ${turkish.length} argument(s) in Turkish, ${english.length} in English`];
    const args = SAMPLE_ARGS.slice(0, turkish.length);
    const out = (english as (...a: unknown[]) => unknown)(...args);
    const tout = (turkish as (...a: unknown[]) => unknown)(...args);
    return typeof out === typeof tout ? [] : [`${path}(): answers ${typeof tout} in Turkish, ${typeof out} in English`];
  }
  if (Array.isArray(turkish) && Array.isArray(english)) {
    if (turkish.length !== english.length) return [`${path}: ${turkish.length} items in Turkish, ${english.length} in English`];
    return turkish.flatMap((item, i) => shapeProblems(item, english[i], `${path}[${i}]`));
  }
  if (tk === 'object') {
    const t = turkish as Record<string, unknown>;
    const e = english as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of Object.keys(t)) if (!(key in e)) problems.push(`${path}.${key}: missing in English`);
    for (const key of Object.keys(e)) if (!(key in t)) problems.push(`${path}.${key}: missing in Turkish`);
    for (const key of Object.keys(t)) if (key in e) problems.push(...shapeProblems(t[key], e[key], `${path}.${key}`));
    return problems;
  }
  if (tk === 'string' && (english as string).trim() === '' && (turkish as string).trim() !== '') return [`${path}: empty in English`];
  return [];
}

describe('the English texts', () => {
  it('have a twin for every Turkish locale module, and no other', () => {
    const files = Object.keys(turkishFiles).map((key) => key.slice(3)).sort();
    expect(files.length).toBeGreaterThanOrEqual(19);
    expect(Object.keys(ENGLISH).sort()).toEqual(files);
  });

  it('find a missing or extra key, a wrong arity and a wrong kind', () => {
    expect(shapeProblems({ a: 'x', b: { c: 'y' } }, { a: 'x', b: {} }, 'm')).toEqual(['m.b.c: missing in English']);
    expect(shapeProblems({ a: 'x' }, { a: 'x', z: 'extra' }, 'm')).toEqual(['m.z: missing in Turkish']);
    expect(shapeProblems({ f: (n: number) => `${n}` }, { f: () => '' }, 'm')).toEqual(['m.f: takes 1 argument(s) in Turkish, 0 in English']);
    expect(shapeProblems({ l: ['a', 'b'] }, { l: ['a'] }, 'm')).toEqual(['m.l: 2 items in Turkish, 1 in English']);
    expect(shapeProblems({ s: 'a' }, { s: () => 'a' }, 'm')).toEqual(['m.s: string in Turkish, function in English']);
    expect(shapeProblems({ s: 'a' }, { s: ' ' }, 'm')).toEqual(['m.s: empty in English']);
  });

  it('have every key of every Turkish export, recursively, and nothing more', () => {
    const problems = Object.entries(turkishFiles).flatMap(([key, turkish]) => shapeProblems({ ...turkish }, ENGLISH[key.slice(3)], key.slice(3)));
    expect(problems).toEqual([]);
  });

  it('are handed every lazily loaded Turkish module, with all its exports, as it loads', async () => {
    const handed: [string, string[]][] = [];
    globalThis.gundemEnglish = (file, exports) => handed.push([file, Object.keys(exports).sort()]);
    vi.resetModules();
    try {
      for (const key of Object.keys(turkishFiles)) await import(/* @vite-ignore */ key);
    } finally {
      globalThis.gundemEnglish = undefined;
    }
    const expected = Object.entries(turkishFiles)
      .filter(([key]) => key !== '../tr.ts')
      .map(([key, exports]) => [key.slice(3), Object.keys(exports).sort()]);
    expect(handed.sort()).toEqual(expected.sort());
  });

  it('replace the Turkish texts in place once applied, nested objects, lists and functions included', async () => {
    vi.resetModules();
    const { tr } = await import('../tr');
    expect(tr.nav.home).toBe('Anasayfa');
    const en = await import('./index');
    en.applyEnglish();
    // Loaded after the switch, as a screen's chunk is: English as it arrives.
    const { trAdmin } = await import('../tr-admin');
    const { trSettings } = await import('../tr-settings');
    globalThis.gundemEnglish = undefined;
    expect(tr.nav.home).toBe('Home');
    expect(tr.time.months[10]).toBe('November');
    expect(tr.posts.newPosts(1)).toBe('1 new post');
    expect(tr.posts.newPosts(3)).toBe('3 new posts');
    expect(trAdmin.auditAction('user.verify')).toBe('Verified badge granted');
    expect(trSettings.languageTr).toBe('Türkçe');
  });
});
