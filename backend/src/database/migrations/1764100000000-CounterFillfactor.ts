import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on each heap page for counter updates, so they are HOT (heap-only tuple) updates.
 *
 * A like, repost, reply or view rewrites its post's row (PostgreSQL's MVCC writes a new version).
 * When the new version fits on the same page and no indexed column changed, it is a HOT update:
 * no index is touched. Otherwise every index of the table gets a new entry — on posts six of
 * them, two GIN (hashtags, trigram search) — and the indexes bloat. Measured at 1M posts, only
 * 14% of counter updates were HOT: pages filled to 100% by inserts had no room for a new version.
 *
 * fillfactor leaves that room: inserts stop filling a page at 80% (posts) or 85% (users), and the
 * rest is kept for updated versions, which page pruning recycles as soon as no snapshot needs the
 * old ones. A post row is about 300 bytes, so 20% of an 8 kB page holds five or six versions of
 * its busiest posts between prunings. users changes less often (follow counts, posts_count,
 * last_login), so 15%. The cost is 25% (18%) more heap pages for the same rows; reads of a page
 * of posts touch a few more pages at most.
 *
 * Why not counters in a narrow table of their own (post_id, like_count, …)? Its updates would be
 * HOT too and its rows small, but every list would join it (20 more index lookups per page of
 * posts) and every statement that reads or moves a counter would change. fillfactor keeps the
 * schema and every query as they are.
 *
 * The setting applies to pages written from now on. An existing install keeps its full pages
 * until rows move: optionally run `VACUUM FULL posts; VACUUM FULL users;` in a quiet hour (it
 * locks the tables while it rewrites them) or `pg_repack` (online) to apply it to old pages too;
 * new posts, where nearly all likes land, get the room at once.
 */
export class CounterFillfactor1764100000000 implements MigrationInterface {
  name = 'CounterFillfactor1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" SET (fillfactor = 80)`);
    await q.query(`ALTER TABLE "users" SET (fillfactor = 85)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "posts" RESET (fillfactor)`);
    await q.query(`ALTER TABLE "users" RESET (fillfactor)`);
  }
}
