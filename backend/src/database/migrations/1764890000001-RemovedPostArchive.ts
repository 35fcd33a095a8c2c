import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff's removal of a post can be undone (issue 25: an accepted appeal undoes the action;
 * docs/architecture.md#moderation):
 *
 * - `removed_posts`: the archive of a post staff removed, one row per `post_removed` action,
 *   written in the removal's transaction and read back when the action is undone (an accepted
 *   appeal, staff's undo). `post` is the posts row as it was (`to_jsonb`), `media` its
 *   media_attachments rows, `likes` and `reposts` their (user_id, created_at) pairs, `replies`
 *   the ids of the replies the removal detached. `media_keys` names the storage keys of `media`:
 *   the media sweep and every release of files check it (GIN), so a removed post's files stay
 *   while its archive does. The archive goes when the action's appeal is rejected, when the
 *   action is undone (the post is back), and with the action (ON DELETE CASCADE).
 * - `account_actions.post_restored_at`: when undoing a `post_removed` action brought the post
 *   back (NULL: not restored; the notice says which).
 *
 * A new table and a nullable column: nothing is rewritten. Every read of `posts` stays as it was.
 */
export class RemovedPostArchive1764890000001 implements MigrationInterface {
  name = 'RemovedPostArchive1764890000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "removed_posts" (
        "action_id" uuid PRIMARY KEY REFERENCES "account_actions" ("id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL,
        "author_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "post" jsonb NOT NULL,
        "media" jsonb NOT NULL DEFAULT '[]',
        "media_keys" text[] NOT NULL DEFAULT '{}',
        "likes" jsonb NOT NULL DEFAULT '[]',
        "reposts" jsonb NOT NULL DEFAULT '[]',
        "replies" uuid[] NOT NULL DEFAULT '{}',
        "removed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "idx_removed_posts_media_keys" ON "removed_posts" USING gin ("media_keys")`);
    await q.query(`ALTER TABLE "account_actions" ADD COLUMN "post_restored_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "account_actions" DROP COLUMN "post_restored_at"`);
    await q.query(`DROP TABLE "removed_posts"`);
  }
}
