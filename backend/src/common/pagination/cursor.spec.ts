import { BadRequestException } from '@nestjs/common';
import { decodeCursor, encodeCursor, toPage } from './cursor';

const ID = '3f2b6c1e-8a4d-4f5e-9b7a-1c2d3e4f5a6b';
const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe('page cursor', () => {
  it('round-trips createdAt with microseconds and the id', () => {
    const cursor = { createdAt: '2025-11-20T10:11:12.123456Z', id: ID };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('treats a missing or empty cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it.each([
    ['not base64url', 'ab+c/=='],
    ['no separator', b64('2025-11-20T10:11:12.123Z')],
    ['bad id', b64('2025-11-20T10:11:12.123Z|nope')],
    ['bad date', b64(`yesterday|${ID}`)],
    ['rolled-over date', b64(`2025-02-31T10:11:12.123Z|${ID}`)],
    ['year PostgreSQL refuses', b64(`0000-01-01T00:00:00.000Z|${ID}`)],
    ['extra part', b64(`2025-11-20T10:11:12.123Z|${ID}|x`)],
  ])('refuses %s with a Turkish 400', (_name, raw) => {
    expect(() => decodeCursor(raw)).toThrow(BadRequestException);
    expect(() => decodeCursor(raw)).toThrow('Geçersiz sayfa imleci.');
  });

  it('pages limit + 1 rows into a page and the cursor of its last row', () => {
    const rows = [1, 2, 3].map((n) => ({ n, cursor: { createdAt: `2025-11-20T10:11:1${n}.000000Z`, id: ID } }));
    const page = toPage(rows, 2, (r) => r.cursor);
    expect(page.items.map((r) => r.n)).toEqual([1, 2]);
    expect(decodeCursor(page.nextCursor!)).toEqual(rows[1].cursor);
    expect(toPage(rows, 3, (r) => r.cursor).nextCursor).toBeNull();
  });
});
