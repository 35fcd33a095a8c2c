import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import { BUMP_VERSION, COUNTS_COLUMNS, type CountsRow } from './engagement-counts';

/** A like or a repost as the archive keeps it. */
export interface ArchivedEngagement {
  user_id: string;
  created_at: string;
}

/** What a staff removal keeps of the post (migration 1764890000001-RemovedPostArchive). */
export interface RemovedPostArchive {
  actionId: string;
  postId: string;
  media: unknown[];
  mediaKeys: string[];
  likes: ArchivedEngagement[];
  reposts: ArchivedEngagement[];
  replies: string[];
}

export interface ArchiveRow {
  action_id: string;
  post_id: string;
  author_id: string;
  post: Record<string, unknown>;
  media: unknown[];
  media_keys: string[];
  likes: ArchivedEngagement[];
  reposts: ArchivedEngagement[];
  replies: string[];
}

/** A column name of the archived row, as PostgreSQL's to_jsonb wrote it (checked before it goes into a statement). */
const COLUMN = /^[a-z_][a-z0-9_]*$/;

/** The statements of the removed posts' archive, each on the caller's transaction. */
@Injectable()
export class RemovedPostsRepository {
  /** The post's likes and reposts that are left (under the post's lock: the ones that committed since the first delete), deleted and answered. */
  async takeEngagement(em: EntityManager, postId: string): Promise<{ likes: ArchivedEngagement[]; reposts: ArchivedEngagement[] }> {
    const likes = await queryRows<ArchivedEngagement>(em, `DELETE FROM likes WHERE post_id = $1 RETURNING user_id, created_at`, [postId]);
    const reposts = await queryRows<ArchivedEngagement>(em, `DELETE FROM reposts WHERE post_id = $1 RETURNING user_id, created_at`, [postId]);
    return { likes, reposts };
  }

  /** The replies to the post (under its lock: no reply can be added meanwhile); the delete detaches them. */
  async replyIds(em: EntityManager, postId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(em, `SELECT id FROM posts WHERE reply_to_id = $1`, [postId]);
    return rows.map((r) => r.id);
  }

  /** The archive row, with the post's row as it is now (read before the delete, in its transaction). */
  async insert(em: EntityManager, archive: RemovedPostArchive): Promise<void> {
    await queryRows(
      em,
      `INSERT INTO removed_posts (action_id, post_id, author_id, post, media, media_keys, likes, reposts, replies)
       SELECT $1, p.id, p.author_id, to_jsonb(p), $3::jsonb, $4::text[], $5::jsonb, $6::jsonb, $7::uuid[] FROM posts p WHERE p.id = $2`,
      [
        archive.actionId,
        archive.postId,
        JSON.stringify(archive.media),
        archive.mediaKeys,
        JSON.stringify(archive.likes.map((l) => ({ user_id: l.user_id, created_at: l.created_at }))),
        JSON.stringify(archive.reposts.map((r) => ({ user_id: r.user_id, created_at: r.created_at }))),
        archive.replies,
      ],
    );
  }

  /** The action's archive, deleted (restored or dropped); null when there is none (any more). */
  async take(em: EntityManager, actionId: string): Promise<ArchiveRow | null> {
    const [row] = await queryRows<ArchiveRow>(em, `DELETE FROM removed_posts WHERE action_id = $1 RETURNING action_id, post_id, author_id, post, media, media_keys, likes, reposts, replies`, [
      actionId,
    ]);
    return row ?? null;
  }

  /** The parent of a reply being restored, one reply more (locked by the UPDATE); null when it is gone. */
  async bumpReplyCount(em: EntityManager, parentId: string): Promise<CountsRow | null> {
    const [row] = await queryRows<CountsRow>(em, `UPDATE posts p SET reply_count = p.reply_count + 1, ${BUMP_VERSION} WHERE p.id = $1 RETURNING ${COUNTS_COLUMNS}`, [parentId]);
    return row ?? null;
  }

  /** The post a restored quote quotes, one quote more (issue 27); null when it is gone. */
  async bumpQuoteCount(em: EntityManager, quotedId: string): Promise<CountsRow | null> {
    const [row] = await queryRows<CountsRow>(em, `UPDATE posts p SET quote_count = p.quote_count + 1, ${BUMP_VERSION} WHERE p.id = $1 RETURNING ${COUNTS_COLUMNS}`, [quotedId]);
    return row ?? null;
  }

  /**
   * The post's row back as archived, with the columns it had then (a column added since takes its
   * default). Answers false when a post with the id exists (it cannot, ids are not reused).
   */
  async insertPost(em: EntityManager, post: Record<string, unknown>): Promise<boolean> {
    const columns = Object.keys(post).filter((c) => COLUMN.test(c));
    const list = columns.map((c) => `"${c}"`).join(', ');
    const rows = await queryRows<{ id: string }>(
      em,
      `INSERT INTO posts (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::posts, $1::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [JSON.stringify(post)],
    );
    return rows.length > 0;
  }

  /** The author's posts_count, one more (their row is locked by the caller). */
  async bumpPostsCount(em: EntityManager, authorId: string): Promise<void> {
    await queryRows(em, `UPDATE users SET posts_count = posts_count + 1 WHERE id = $1`, [authorId]);
  }

  /** The archived likes or reposts of accounts that still exist, back; answers the accounts restored. */
  async restoreEngagement(em: EntityManager, table: 'likes' | 'reposts', postId: string, rows: ArchivedEngagement[]): Promise<string[]> {
    if (!rows.length) return [];
    const restored = await queryRows<{ user_id: string }>(
      em,
      `INSERT INTO ${table} (user_id, post_id, created_at)
       SELECT x.user_id, $1, x.created_at FROM jsonb_to_recordset($2::jsonb) AS x(user_id uuid, created_at timestamptz)
        WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id)
        ORDER BY x.user_id
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [postId, JSON.stringify(rows)],
    );
    return restored.map((r) => r.user_id);
  }

  /** The replies the removal detached that still exist and are still detached, attached again. */
  async reattachReplies(em: EntityManager, postId: string, replies: string[]): Promise<void> {
    if (!replies.length) return;
    await queryRows(em, `UPDATE posts SET reply_to_id = $1 WHERE id = ANY($2::uuid[]) AND reply_to_id IS NULL`, [postId, replies]);
  }

  /**
   * The restored post's counts from the rows it has now (likes, reposts, replies), its sensitive
   * mark as its author's account has it now (a `sensitive_media` action set or lifted meanwhile),
   * and its engagement version bumped.
   */
  async settle(em: EntityManager, postId: string): Promise<void> {
    await queryRows(
      em,
      `UPDATE posts p SET like_count = (SELECT count(*) FROM likes l WHERE l.post_id = p.id),
              retweet_count = (SELECT count(*) FROM reposts r WHERE r.post_id = p.id),
              reply_count = (SELECT count(*) FROM posts c WHERE c.reply_to_id = p.id),
              quote_count = (SELECT count(*) FROM posts c WHERE c.quote_of_id = p.id),
              sensitive = CASE WHEN u.media_sensitive AND p.media <> '[]'::jsonb THEN true WHEN p.forced_sensitive THEN false ELSE p.sensitive END,
              forced_sensitive = CASE WHEN u.media_sensitive AND p.media <> '[]'::jsonb THEN (p.forced_sensitive OR NOT p.sensitive) ELSE false END,
              ${BUMP_VERSION}
         FROM users u WHERE p.id = $1 AND u.id = p.author_id`,
      [postId],
    );
  }
}
