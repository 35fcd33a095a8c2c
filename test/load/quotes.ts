/**
 * Issue 27: what quote posts cost the timelines. A scenario marked `withQuotes` runs while one in
 * QUOTE_EVERY of the newest QUOTED_RECENT posts quotes an older post (each card read in the list's
 * own statement: post-view.sql.ts quotedPostSql), and is compared with the same scenario (same
 * route, same viewers) run without, in the same run: the target is ≥ 0.9× the req/s.
 */
import { Client } from 'pg';
import { mediaPostUpdates, untilFirstPage } from './media.js';

/** The newest posts among which quotes are made: every first page and kept feed reads from them. */
export const QUOTED_RECENT = 20_000;
/** One post in this many is a quote (a quote-heavy network: on X about one post in ten is a quote). */
export const QUOTE_EVERY = 5;
/** The older posts they quote, in turn. */
const QUOTED_POOL = 1_000;

/** How many posts quoted while the last window ran, for the report. */
export const quoteFigures = { quotes: 0 };

/**
 * Runs `statements` in one transaction and counts its updates of posts with the media windows'
 * (mediaPostUpdates): the run's HOT ratio of counter updates leaves them out (bench.ts).
 */
async function counted(dbUrl: string, statements: { text: string; values?: unknown[] }[]): Promise<number> {
  const client = new Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    let rows = 0;
    for (const statement of statements) rows += (await client.query(statement.text, statement.values)).rowCount ?? 0;
    const { rows: stat } = await client.query<{ upd: string; hot: string }>(`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relname = 'posts'`);
    await client.query('COMMIT');
    mediaPostUpdates.updates += Number(stat[0]?.upd ?? 0);
    mediaPostUpdates.hot += Number(stat[0]?.hot ?? 0);
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` while the quotes are there, then takes them away: quote_of_id on the chosen recent
 * posts and quote_count on the quoted ones, as the create statement leaves them. The nodes read
 * both in every statement, so nothing of theirs is stale once the guests' first page (cached up
 * to a second) shows a quote.
 */
export async function withQuotes<T>(dbUrl: string, baseUrl: string, fn: () => Promise<T>): Promise<T> {
  quoteFigures.quotes = await counted(dbUrl, [
    {
      text: `WITH recent AS (
               SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n
                 FROM (SELECT id, created_at FROM posts ORDER BY created_at DESC, id DESC LIMIT ${QUOTED_RECENT}) r
             ), pool AS (
               SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS k
                 FROM (SELECT id, created_at FROM posts ORDER BY created_at DESC, id DESC OFFSET ${QUOTED_RECENT * 5} LIMIT ${QUOTED_POOL}) o
             )
             UPDATE posts p SET quote_of_id = pool.id
               FROM recent JOIN pool ON pool.k = (recent.n / ${QUOTE_EVERY}) % ${QUOTED_POOL}
              WHERE p.id = recent.id AND recent.n % ${QUOTE_EVERY} = 0`,
    },
    {
      text: `UPDATE posts q SET quote_count = c.n FROM (SELECT quote_of_id AS id, count(*) AS n FROM posts WHERE quote_of_id IS NOT NULL GROUP BY 1) c WHERE q.id = c.id`,
    },
  ]);
  try {
    await untilFirstPage(baseUrl, (page) => page.posts.some((post) => post.quote?.state === 'visible'));
    return await fn();
  } finally {
    await counted(dbUrl, [
      { text: `UPDATE posts SET quote_count = 0 WHERE id IN (SELECT quote_of_id FROM posts WHERE quote_of_id IS NOT NULL)` },
      { text: `UPDATE posts SET quote_of_id = NULL WHERE quote_of_id IS NOT NULL` },
    ]);
    await untilFirstPage(baseUrl, (page) => page.posts.every((post) => !post.quote));
  }
}
