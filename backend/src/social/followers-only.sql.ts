/**
 * The read and write filters of an account whose posts reach only its followers and itself, by
 * the `users` column that says so: `limited` (issue 25's moderation limit, limits.sql.ts) and
 * `protected` (issue 26's `Gönderilerimi koru`, protected.sql.ts) share one rule, written once
 * here. Each alias is the column's initial and a letter (`lf`, `pf`…), so both filters can sit in
 * one statement.
 *
 * It lives in social/ (beside blocks.sql.ts), below every module that lists posts or accounts.
 */
export type FollowersOnlyColumn = 'limited' | 'protected';

const alias = (column: FollowersOnlyColumn, role: 'f' | 'u' | 's') => `${column[0]}${role}`;

/**
 * True when the account `author` (an alias of an already-joined users row) is not marked by
 * `column`, or `viewer` is that account or follows it. `NOT <column>` answers every ordinary row
 * from the row at hand; only a marked author's rows cost a primary-key probe of follows, so the
 * cost grows with the page, never with the posts. `viewer` is an SQL expression (a parameter such
 * as `$1`) or null for a guest, who follows nobody.
 */
export function followersOnlySql(column: FollowersOnlyColumn, viewer: string | null, author: string): string {
  if (viewer === null) return `NOT ${author}.${column}`;
  const f = alias(column, 'f');
  return `(NOT ${author}.${column} OR ${author}.id = ${viewer}::uuid
    OR EXISTS (SELECT 1 FROM follows ${f} WHERE ${f}.follower_id = ${viewer}::uuid AND ${f}.followee_id = ${author}.id))`;
}

/**
 * The same rule for a statement that reads posts before their authors (`Popüler`, trends): the
 * marked accounts the viewer may not see, for `author_id NOT IN (…)`. The column's partial index
 * (idx_users_limited, idx_users_protected) holds only the few marked accounts, so this is a small
 * hashed set, read once per statement, whatever the number of users or posts.
 */
export function hiddenFollowersOnlySql(column: FollowersOnlyColumn, viewer: string | null): string {
  if (viewer === null) return `SELECT id FROM users WHERE ${column}`;
  const [u, f] = [alias(column, 'u'), alias(column, 'f')];
  return `SELECT ${u}.id FROM users ${u} WHERE ${u}.${column} AND ${u}.id <> ${viewer}::uuid
    AND NOT EXISTS (SELECT 1 FROM follows ${f} WHERE ${f}.follower_id = ${viewer}::uuid AND ${f}.followee_id = ${u}.id)`;
}

/**
 * The write filter of a notification from `sender` to `recipient`: it reaches the recipient unless
 * the sender is marked and the recipient does not follow it. Both are SQL expressions (uuid columns
 * of the statement). One primary-key probe of users per candidate; the follows probe (its primary
 * key) runs only for a marked sender.
 */
export function followersOnlyReachesSql(column: FollowersOnlyColumn, recipient: string, sender: string): string {
  const [s, f] = [alias(column, 's'), alias(column, 'f')];
  return `NOT EXISTS (SELECT 1 FROM users ${s} WHERE ${s}.id = ${sender} AND ${s}.${column}
    AND NOT EXISTS (SELECT 1 FROM follows ${f} WHERE ${f}.follower_id = ${recipient} AND ${f}.followee_id = ${s}.id))`;
}
