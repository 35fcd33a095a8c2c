/**
 * Issue 26: what protected accounts (`Gönderilerimi koru`) cost the timelines. A scenario marked
 * `withProtected` runs while PROTECTED_SHARE of the seeded accounts are protected, and is compared
 * with the same scenario (same route, same viewers) run without, in the same run: the target is
 * ≥ 0.9× the req/s. The viewers are never among the protected, so their own pages do not change;
 * about a third of the 1,000 members of `timeline-member` follow one of the protected accounts (so
 * get their own first page rather than the shared one), and each member of `timeline-following`
 * follows about fifty.
 */
import { sql } from './infra.js';
import { untilFirstPage } from './media.js';

/** A share of accounts a large network has protected (X's was put at about one in ten; Mastodon's locked accounts fewer). */
export const PROTECTED_SHARE = 0.05;

/** How many of the seeded accounts were protected while the last window ran, for the report. */
export const protectedFigures = { accounts: 0 };

/**
 * What the app does after a change of protection (HomeFeedWriter, a `protection` activity:
 * HomeFeedRepository.drop): the kept `Takip edilenler` feeds that may hold the accounts' posts (their
 * followers', their reposters' and those reposters' followers') are dropped, and built again at
 * their next read. A kept feed holding a protected post its owner may not see is read on request
 * instead (home-feed.repository.ts), so without this every read of such a feed would be.
 */
const DROP_KEPT_FEEDS = `DELETE FROM home_feed_owners
   WHERE owner_id = ANY($1::uuid[])
      OR owner_id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id = ANY($1::uuid[]))
      OR owner_id IN (SELECT r.user_id FROM posts p JOIN reposts r ON r.post_id = p.id WHERE p.author_id = ANY($1::uuid[]))
      OR owner_id IN (SELECT f.follower_id FROM posts p JOIN reposts r ON r.post_id = p.id JOIN follows f ON f.followee_id = r.user_id
                       WHERE p.author_id = ANY($1::uuid[]))`;

/**
 * Runs `fn` while PROTECTED_SHARE of the seeded accounts, none of `spared` (the members the
 * scenarios act as), are protected, then lifts it. Written in SQL, with what the app does after
 * each change (DROP_KEPT_FEEDS) done the same way; the nodes read `users.protected` in every
 * statement, so nothing of theirs is stale once the guests' first page (cached up to a second)
 * shows none of those accounts' posts.
 */
export async function withProtectedAccounts<T>(dbUrl: string, baseUrl: string, spared: string[], fn: () => Promise<T>): Promise<T> {
  const marked = await sql<{ id: string }>(
    dbUrl,
    `UPDATE users SET protected = true
      WHERE id IN (SELECT id FROM users
                    WHERE username LIKE 'seed\\_%' AND is_active AND id <> ALL($1::uuid[])
                    ORDER BY md5(id::text || 'korumalı')
                    LIMIT (SELECT ceil(count(*) * $2::float8)::int FROM users WHERE username LIKE 'seed\\_%'))
      RETURNING id`,
    [spared, PROTECTED_SHARE],
  );
  protectedFigures.accounts = marked.length;
  const ids = new Set(marked.map((row) => row.id));
  await sql(dbUrl, DROP_KEPT_FEEDS, [[...ids]]);
  try {
    await untilFirstPage(baseUrl, (page) => page.posts.length > 0 && page.posts.every((post) => !ids.has(post.author?.id ?? '')));
    return await fn();
  } finally {
    await sql(dbUrl, `UPDATE users SET protected = false WHERE id = ANY($1::uuid[])`, [[...ids]]);
    await sql(dbUrl, DROP_KEPT_FEEDS, [[...ids]]);
  }
}
