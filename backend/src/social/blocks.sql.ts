/**
 * The one read filter of blocks (issue 25), for every list that shows another account to a viewer:
 * true when neither `viewer` blocks `other` nor `other` blocks `viewer`. Two key probes, one of the
 * primary key (blocker_id, blocked_id) and one of idx_blocks_blocked_blocker, per row the list
 * returns: the cost grows with the page, never with the posts or with how many accounts the viewer
 * blocks. `viewer` and `other` are SQL expressions (a parameter such as `$1`, a column); a NULL
 * viewer (a guest) matches no row, so the filter holds.
 */
export function notBlockedSql(viewer: string, other: string): string {
  return `NOT EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${viewer}::uuid AND bk.blocked_id = ${other})
    AND NOT EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocked_id = ${viewer}::uuid AND bk.blocker_id = ${other})`;
}
