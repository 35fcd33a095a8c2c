/**
 * SQL checks that the database agrees with itself: every denormalised counter equals its recount
 * and no row points at a missing one. Shared by the seeder's tests and the API fuzz suite, which
 * run them after bulk loads and after thousands of hostile requests; each check is the number of
 * offending rows, so a healthy database answers 0 for every one of them.
 */

/** Runs one statement and answers its rows (pg's Client/Pool or TypeORM's DataSource.query fit). */
export type RunQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/** Counter column → statement counting the rows whose counter differs from the recount. */
export const COUNTER_CHECKS: Readonly<Record<string, string>> = {
  'posts.like_count': `SELECT count(*) FROM posts p WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)`,
  'posts.retweet_count': `SELECT count(*) FROM posts p WHERE p.retweet_count <> (SELECT count(*) FROM reposts r WHERE r.post_id = p.id)`,
  'posts.reply_count': `SELECT count(*) FROM posts p WHERE p.reply_count <> (SELECT count(*) FROM posts c WHERE c.reply_to_id = p.id)`,
  // Issue 27: a quote counts on its quoted post while both exist (quote_of_id may name a deleted one, by design).
  'posts.quote_count': `SELECT count(*) FROM posts p WHERE p.quote_count <> (SELECT count(*) FROM posts c WHERE c.quote_of_id = p.id)`,
  'users.posts_count': `SELECT count(*) FROM users u WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`,
  'users.followers_count': `SELECT count(*) FROM users u WHERE u.followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)`,
  'users.following_count': `SELECT count(*) FROM users u WHERE u.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`,
};

/**
 * References checked whether or not a foreign key enforces them (a key dropped for a bulk load
 * and forgotten, or created NOT VALID, would not stop an orphan).
 */
const KNOWN_REFERENCES: ReadonlyArray<readonly [child: string, column: string, parent: string]> = [
  ['posts', 'author_id', 'users'],
  ['posts', 'reply_to_id', 'posts'],
  ['likes', 'user_id', 'users'],
  ['likes', 'post_id', 'posts'],
  ['reposts', 'user_id', 'users'],
  ['reposts', 'post_id', 'posts'],
  ['follows', 'follower_id', 'users'],
  ['follows', 'followee_id', 'users'],
  ['messages', 'sender_id', 'users'],
  ['messages', 'receiver_id', 'users'],
];

/** Every single-column foreign key of the schema, so references added later are checked too. */
const FOREIGN_KEYS_SQL = `
  SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent, pa.attname AS pcol
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
   WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`;

/** Rule → statement counting the rows that break it. */
export const RULE_CHECKS: Readonly<Record<string, string>> = {
  'follows: nobody follows themselves': `SELECT count(*) FROM follows WHERE follower_id = followee_id`,
  'messages: nobody writes to themselves': `SELECT count(*) FROM messages WHERE sender_id = receiver_id`,
};

async function count(run: RunQuery, sql: string): Promise<number> {
  const [row] = await run(sql);
  return Number(Object.values(row ?? {})[0] ?? 0);
}

/** Offending rows per reference `child.column → parent.column` (all of them 0 when consistent). */
export async function orphanCounts(run: RunQuery): Promise<Record<string, number>> {
  const references = new Map<string, { child: string; col: string; parent: string; pcol: string }>();
  for (const [child, col, parent] of KNOWN_REFERENCES) references.set(`${child}.${col}`, { child, col, parent, pcol: 'id' });
  for (const key of (await run(FOREIGN_KEYS_SQL)) as { child: string; col: string; parent: string; pcol: string }[]) {
    references.set(`${key.child}.${key.col}`, key);
  }
  const counts: Record<string, number> = {};
  for (const [name, r] of references) {
    counts[`${name} → ${r.parent}.${r.pcol}`] = await count(
      run,
      `SELECT count(*) FROM ${r.child} c WHERE c.${r.col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${r.parent} p WHERE p.${r.pcol} = c.${r.col})`,
    );
  }
  return counts;
}

/** Offending rows per counter (all of them 0 when consistent). */
export async function counterMismatches(run: RunQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, sql] of Object.entries(COUNTER_CHECKS)) counts[name] = await count(run, sql);
  return counts;
}

/** Every check by name: counters, references and rules, with the number of offending rows. */
export async function consistencyReport(run: RunQuery): Promise<Record<string, number>> {
  const rules: Record<string, number> = {};
  for (const [name, sql] of Object.entries(RULE_CHECKS)) rules[name] = await count(run, sql);
  return { ...(await counterMismatches(run)), ...(await orphanCounts(run)), ...rules };
}

/** The checks that failed (an empty object when the database is consistent). */
export function failedChecks(report: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(report).filter(([, n]) => n !== 0));
}
