import type { Pagination } from '../types';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** A missing or partial pagination block reads as one page holding what came back. */
export function toPagination(
  raw: Partial<Pagination> | null | undefined,
  page: number,
  limit: number,
  received: number,
): Pagination {
  const total = count(raw?.total) || received;
  const pages = Math.max(1, count(raw?.pages) || Math.ceil(total / limit));
  return {
    page: count(raw?.page) || page,
    limit: count(raw?.limit) || limit,
    total,
    pages,
    estimated: raw?.estimated === true,
  };
}

export { count as toCount };
