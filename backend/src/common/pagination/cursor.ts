import { BadRequestException } from '@nestjs/common';
import { INVALID_CURSOR } from '../common.texts';

/**
 * Position in a list ordered by (created_at, id). `createdAt` keeps PostgreSQL's microseconds
 * (a JS Date would round them to milliseconds and skip or repeat rows at a page boundary).
 */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const ISO_MICROS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to clients: base64url of `createdAt|id`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** undefined for no cursor; 400 `Geçersiz sayfa imleci.` for anything that is not one of ours. */
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const invalid = new BadRequestException(INVALID_CURSOR);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid;
  const [createdAt, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const match = ISO_MICROS.exec(createdAt ?? '');
  if (rest.length || !match || !id || !UUID.test(id)) throw invalid;
  // Round-tripping refuses dates that Date would silently roll over (2024-02-31) and years
  // PostgreSQL would refuse, either of which would otherwise surface as a 500.
  const millis = `${match[1]}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis || date.getUTCFullYear() < 1970) throw invalid;
  return { createdAt, id: id.toLowerCase() };
}

/** Given up to limit + 1 rows, the page and the cursor of its last row when more follow. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items, nextCursor: more && items.length ? encodeCursor(cursorOf(items[items.length - 1])) : null };
}
