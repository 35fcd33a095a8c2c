import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadRequestException, HttpException, type ArgumentsHost } from '@nestjs/common';
import { AllExceptionsFilter, toErrorBody } from '../common/filters/all-exceptions.filter';
import { requestLanguage } from '../common/i18n/language';
import { FILTER_TEXTS, INLINE_TEXTS, TEXT_MODULES, toEnglish } from './english';

/** Issue 26: every text the server sends has an English twin, found for its Turkish message. */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !/\.(spec|e2e-spec|contract)\.ts$|\.texts(\.en)?\.ts$/.test(name) ? [path] : [];
  });
}

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return name.endsWith('.texts.ts') ? [relative(SRC, path)] : [];
  });
}

const SAMPLE_ARGS = ['örnek.com', 7 * 1024 * 1024, '12 Aralık 2026'];

/** Every Turkish text with its English twin: strings as they are, functions called with samples. */
function* pairs(turkish: unknown, english: unknown, path: string): Generator<[string, string | undefined, string]> {
  if (typeof turkish === 'string') yield [path, typeof english === 'string' ? english : undefined, turkish];
  else if (typeof turkish === 'function') {
    const args = SAMPLE_ARGS.slice(0, turkish.length);
    const out = (turkish as (...a: unknown[]) => unknown)(...args);
    const en = typeof english === 'function' ? (english as (...a: unknown[]) => unknown)(...args) : undefined;
    if (typeof out === 'string') yield [`${path}()`, typeof en === 'string' ? en : undefined, out];
  } else if (turkish && typeof turkish === 'object') {
    for (const [key, value] of Object.entries(turkish)) yield* pairs(value, (english as Record<string, unknown> | undefined)?.[key], `${path}.${key}`);
  }
}

describe('the English twins of the server texts', () => {
  it('cover every *.texts.ts module', () => {
    const files = textFiles(SRC).sort();
    expect(files.length).toBeGreaterThanOrEqual(17);
    expect(Object.keys(TEXT_MODULES).sort()).toEqual(files);
  });

  it('have an English twin for every text, which the lookup finds from the Turkish message', () => {
    const problems: string[] = [];
    let count = 0;
    for (const [file, [turkish, english]] of Object.entries(TEXT_MODULES)) {
      for (const [path, en, tr] of pairs({ ...turkish }, english, file)) {
        count++;
        if (en === undefined) problems.push(`${path}: no English twin`);
        else if (en.trim() === '' || en === tr) problems.push(`${path}: English twin "${en}" is not English`);
        else if (toEnglish(tr) !== en) problems.push(`${path}: "${tr}" looks up "${String(toEnglish(tr))}", not "${en}"`);
      }
    }
    expect(count).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });

  it('give one English to texts whose Turkish is the same (the lookup cannot tell them apart)', () => {
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const [file, [turkish, english]] of Object.entries(TEXT_MODULES)) {
      for (const [path, en, tr] of pairs({ ...turkish }, english, file)) {
        const before = seen.get(tr);
        if (before !== undefined && en !== undefined && before !== en) conflicts.push(`${path}: "${tr}" is "${before}" elsewhere, "${en}" here`);
        if (en !== undefined) seen.set(tr, en);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('translate texts built by functions, computed numbers included', () => {
    expect(toEnglish('Gönderi en fazla 280 karakter olabilir.')).toBe('A post can be at most 280 characters.');
    expect(toEnglish('Görsel en fazla 2.5 MB olabilir.')).toBe('An image can be at most 2.5 MB.');
    expect(toEnglish('Hesabınız 3 Mart 2027 tarihine kadar askıya alındı.')).toBe('Your account is suspended until 3 Mart 2027.');
    expect(toEnglish('Bilinmeyen alan: userId')).toBe('Unknown field: userId');
    expect(toEnglish('Bilinmeyen bir cümle.')).toBeUndefined();
  });

  it('cover the messages written inline in decorators and constants outside the texts modules', () => {
    const inline = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/(?:message: *|_MESSAGE = *)'([^']*[çğıöşüÇĞİÖŞÜ][^']*)'/g)) inline.add(match[1]);
    }
    expect(inline.size).toBeGreaterThanOrEqual(15);
    const missing = [...inline].filter((text) => toEnglish(text) === undefined);
    expect(missing).toEqual([]);
    for (const [tr, en] of Object.entries(INLINE_TEXTS)) expect(toEnglish(tr)).toBe(en);
  });

  it("cover the exceptions filter's own texts", () => {
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503]) {
      const { message } = toErrorBody(new HttpException('Not Found', status));
      expect({ status, english: toEnglish(message) }).toEqual({ status, english: expect.any(String) });
    }
    for (const [tr, en] of Object.entries(FILTER_TEXTS)) expect(toEnglish(tr)).toBe(en);
  });
});

describe('requestLanguage (Accept-Language)', () => {
  it.each([
    [undefined, 'tr'],
    ['', 'tr'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['EN-gb', 'en'],
    ['tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7', 'tr'],
    ['en-US;q=0.8,tr;q=0.9', 'tr'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['fr', 'tr'],
    ['en;q=0', 'tr'],
    ['*', 'tr'],
  ])('%s → %s', (header, language) => {
    expect(requestLanguage(header)).toBe(language);
  });
});

describe('AllExceptionsFilter with the English lookup', () => {
  function answer(headers: Record<string, string>, exception: unknown) {
    const sent: { body?: unknown } = {};
    const res = { headersSent: false, setHeader: () => res, status: () => res, json: (body: unknown) => ((sent.body = body), res) };
    const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ headers }) }) } as unknown as ArgumentsHost;
    new AllExceptionsFilter(toEnglish).catch(exception, host);
    return sent.body;
  }

  it('answers in English when the request prefers it, in Turkish otherwise, and keeps an unknown message', () => {
    const error = () => new BadRequestException('Gönderi boş olamaz.');
    expect(answer({ 'accept-language': 'en-US,en;q=0.9' }, error())).toEqual({ message: 'A post cannot be empty.', statusCode: 400 });
    expect(answer({}, error())).toEqual({ message: 'Gönderi boş olamaz.', statusCode: 400 });
    expect(answer({ 'accept-language': 'tr' }, error())).toEqual({ message: 'Gönderi boş olamaz.', statusCode: 400 });
    expect(answer({ 'accept-language': 'en' }, new BadRequestException('Çevrilmemiş bir cümle.'))).toEqual({ message: 'Çevrilmemiş bir cümle.', statusCode: 400 });
  });
});
