import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile's `Takipçiler` and `Takip edilenler` lists (issue 23), newest follow first, each a
 * keyset page on (follows.created_at, the other account's id) read by an index in that order
 * (query-plans.e2e-spec.ts EXPLAINs both):
 * - followers of a member: (followee_id, created_at, follower_id), which also serves every
 *   `followee_id = …` read idx_follows_followee served (its leading column), so it replaces it;
 * - accounts a member follows: the primary key (follower_id, followee_id) has no time order.
 */
export class FollowListIndexes1764760000000 implements MigrationInterface {
  name = 'FollowListIndexes1764760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_follows_followee_created" ON "follows" ("followee_id", "created_at" DESC, "follower_id" DESC)`);
    await q.query(`CREATE INDEX "idx_follows_follower_created" ON "follows" ("follower_id", "created_at" DESC, "followee_id" DESC)`);
    await q.query(`DROP INDEX "idx_follows_followee"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "idx_follows_followee" ON "follows" ("followee_id")`);
    await q.query(`DROP INDEX "idx_follows_follower_created"`);
    await q.query(`DROP INDEX "idx_follows_followee_created"`);
  }
}
