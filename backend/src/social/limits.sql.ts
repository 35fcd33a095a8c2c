import { followersOnlyReachesSql, followersOnlySql, hiddenFollowersOnlySql } from './followers-only.sql';

/**
 * The read filter of limited accounts (issue 25's `limit` action, moderation/): a limited
 * account's posts and the account itself reach only its followers (and itself). True when the
 * account `author` (an alias of an already-joined users row) is not limited, or `viewer` is that
 * account or follows it. The follows probe is a primary-key lookup (follower_id, followee_id),
 * evaluated only for a limited author's rows (`NOT limited` answers the rest from the row at
 * hand): the cost grows with the page, never with the posts. `viewer` is an SQL expression (a
 * parameter such as `$1`) or null for a guest, who follows nobody.
 *
 * It lives beside blocks.sql.ts (social/, below every module that lists posts or accounts)
 * rather than in moderation/, which stands above them.
 */
export function notLimitedSql(viewer: string | null, author: string): string {
  return followersOnlySql('limited', viewer, author);
}

/**
 * The same rule for a list that reads posts before their authors (`Popüler`): the limited
 * accounts the viewer may not see, for `author_id NOT IN (…)`. idx_users_limited holds only the
 * few limited accounts, so this is a small hashed set whatever the number of users or posts.
 */
export function hiddenLimitedAuthorsSql(viewer: string | null): string {
  return hiddenFollowersOnlySql('limited', viewer);
}

/**
 * The write filter of notifications (issue 25, as Mastodon filters a limited account's
 * notifications): a notification from `sender` reaches `recipient` unless the sender is limited
 * and the recipient does not follow it. Both are SQL expressions (uuid columns of the statement).
 * One primary-key probe of users per candidate notification; the follows probe (its primary key)
 * runs only for a limited sender, so the common case costs one index lookup and no round trip.
 * Read when the notification is written: a limit placed later hides nothing already stored, and
 * undoing it lets the next notifications through.
 */
export function notificationReachesSql(recipient: string, sender: string): string {
  return followersOnlyReachesSql('limited', recipient, sender);
}
