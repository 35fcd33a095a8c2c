/** Cursor-paged lists (posts, conversations, messages): `nextCursor` is null on the last page. */
export interface CursorPage {
  nextCursor: string | null;
}

/** Offset-paged admin lists. */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  /** At least 1, so a client can always show "page 1 of N"; never past the deepest page allowed. */
  pages: number;
  /** True when `total` is an estimate (a big table or a search matching many rows), shown as approximate. */
  estimated: boolean;
}
