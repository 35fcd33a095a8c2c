import { followersOnlyReachesSql, followersOnlySql, hiddenFollowersOnlySql } from './followers-only.sql';

/**
 * The read filters of protected accounts (issue 26, `Gönderilerimi koru`): a protected account's
 * posts, replies, reposts and likes reach only the account itself and its approved followers.
 * The rule of limits.sql.ts (a moderation limit), written once in followers-only.sql.ts, embedded by every module
 * that lists posts (posts/, trending/, notifications/, users/): the cost is per row a list returns.
 */

/**
 * True when the account `author` (an alias of an already-joined users row) is not protected, or
 * `viewer` is that account or follows it. `NOT protected` answers every ordinary row from the row
 * at hand; only a protected author's rows cost a primary-key probe of follows. `viewer` is an SQL
 * expression (a parameter such as `$1`) or null for a guest, who follows nobody.
 */
export function notProtectedSql(viewer: string | null, author: string): string {
  return followersOnlySql('protected', viewer, author);
}

/**
 * The same rule for a statement that reads posts before their authors (`Popüler`, trends): the
 * protected accounts the viewer may not see, for `author_id NOT IN (…)`. idx_users_protected holds
 * only the few protected accounts, so this is a small hashed set, read once per statement, whatever
 * the number of users or posts.
 */
export function hiddenProtectedAuthorsSql(viewer: string | null): string {
  return hiddenFollowersOnlySql('protected', viewer);
}

/**
 * The write filter of notifications that carry the sender's own post (a reply, a mention): it
 * reaches `recipient` unless the sender is protected and the recipient does not follow it, as a
 * non-follower may not read the post. Both are SQL expressions (uuid columns of the statement).
 */
export function protectedReachesSql(recipient: string, sender: string): string {
  return followersOnlyReachesSql('protected', recipient, sender);
}
