import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile's Yanıtlar and Beğeniler tabs (issue 15), each a keyset page read by an index in
 * its own order (posts.threads.e2e-spec.ts EXPLAINs both):
 * - a member's replies, newest first: idx_posts_author_created would walk every post of theirs
 *   and drop the ones that are not replies (90% of posts at the benchmark's scale), so a partial
 *   index holds their replies only;
 * - the posts a member liked, newest like first: the likes' primary key (user_id, post_id) has
 *   no time order, so this one pages on (created_at, post_id) within a member.
 */
export class ThreadIndexes1764720000000 implements MigrationInterface {
  name = 'ThreadIndexes1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_posts_author_replies" ON "posts" ("author_id", "created_at" DESC, "id" DESC) WHERE "reply_to_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "idx_likes_user_created" ON "likes" ("user_id", "created_at" DESC, "post_id" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_likes_user_created"`);
    await q.query(`DROP INDEX "idx_posts_author_replies"`);
  }
}
