import type { Media } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { poolRows, poolTransaction, type Queryable, rowsOn } from '../database/query-rows';
import type { PageRequest, Sql } from './posts.repository';

/** A post as its edit reads it, locked until the edit commits. */
export interface EditablePost {
  id: string;
  author_id: string;
  author_active: boolean;
  content: string;
  media: Media[];
  sensitive: boolean;
  /** posts.mentions before the edit: the accounts already told. */
  mentions: string[];
}

/** What an edit writes (the text's hashtags, links, search text and mention candidates worked out by the service). */
export interface PostEdit {
  content: string;
  hashtags: string[];
  links: string[];
  searchText: string;
  /** Lowercased `@username` candidates (extractMentions); those naming an active account are stored. */
  mentions: string[];
  media: Media[];
  sensitive: boolean;
}

/** One stored version (post_edits). */
export interface PostVersionRow {
  id: string;
  content: string;
  media: Media[];
  sensitive: boolean;
  created_at: Date;
  cursor_at: string;
}

const MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * Edits with history (issue 27): a post's versions in post_edits (migration PostEdits), the post
 * row itself always the newest. Counts, replies, created_at and reply_to_id are never written by
 * an edit, so a post keeps its place in every list and a like that commits meanwhile is kept
 * (the edit's UPDATE names none of the counters).
 */
@Injectable()
export class PostEditsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T> {
    return poolTransaction(this.dataSource, work);
  }

  /** The post and its author's state, its row locked FOR UPDATE: a second edit (or a delete) waits for this one. */
  async lock(db: Queryable, postId: string): Promise<EditablePost | null> {
    const [row] = await rowsOn<EditablePost>(db, {
      name: 'post_edits_lock',
      text: `SELECT p.id, p.author_id, u.is_active AS author_active, p.content, p.media, p.sensitive, p.mentions
               FROM posts p JOIN users u ON u.id = p.author_id
              WHERE p.id = $1 FOR UPDATE OF p`,
      values: [postId],
    });
    return row ?? null;
  }

  /**
   * Writes the edit on `db` (inside the edit's transaction, the post locked): on a first edit the
   * original becomes the oldest version (at the post's created_at), then the post takes the new
   * text and pictures and the new version is stored at the edit's time. Mentions are stored as a
   * new post's are (active accounts only, in the text's order); `sensitive` stays true while staff
   * mark the account's media (as at creation). Answers the mentions stored now.
   */
  async apply(db: Queryable, postId: string, edit: PostEdit): Promise<{ mentions: string[] }> {
    await rowsOn(db, {
      name: 'post_edits_original',
      text: `INSERT INTO post_edits (post_id, content, media, sensitive, created_at)
             SELECT id, content, media, sensitive, created_at FROM posts WHERE id = $1 AND NOT is_edited`,
      values: [postId],
    });
    const [row] = await rowsOn<{ mentions: string[] }>(db, {
      name: 'post_edits_apply',
      text: `WITH mentioned AS (
               SELECT coalesce(array_agg(m.username ORDER BY array_position($6::text[], lower(m.username))), '{}') AS names
                 FROM users m WHERE lower(m.username) = ANY($6::text[]) AND m.is_active
             ), updated AS (
               UPDATE posts p
                  SET content = $2, hashtags = $3::text[], links = $4::text[], search_text = $5, mentions = mentioned.names,
                      media = $7::jsonb,
                      sensitive = $8 OR (u.media_sensitive AND $7::jsonb <> '[]'::jsonb),
                      forced_sensitive = NOT $8 AND u.media_sensitive AND $7::jsonb <> '[]'::jsonb,
                      is_edited = true, updated_at = clock_timestamp(),
                      -- The clock once the lock is held, not now() (the transaction's start): of two
                      -- edits at once, the one that writes last must also be the newest version.
                      edited_at = greatest(clock_timestamp(), p.edited_at + interval '1 microsecond')
                 FROM users u CROSS JOIN mentioned
                WHERE p.id = $1 AND u.id = p.author_id
               RETURNING p.id, p.content, p.media, p.sensitive, p.edited_at, p.mentions
             ), version AS (
               INSERT INTO post_edits (post_id, content, media, sensitive, created_at)
               SELECT id, content, media, sensitive, edited_at FROM updated
             )
             SELECT mentions FROM updated`,
      values: [postId, edit.content, edit.hashtags, edit.links, edit.searchText, edit.mentions, JSON.stringify(edit.media), edit.sensitive],
    });
    return row;
  }

  /** The history's page, newest version first, keyset on (created_at, id) along idx_post_edits_post. */
  historySql(postId: string, page: PageRequest): Sql {
    const limit = page.limit + 1;
    if (!Number.isSafeInteger(limit) || limit < 2) throw new Error(`invalid page limit ${page.limit}`);
    const after = page.cursor ? `AND (e.created_at, e.id) < ($2::timestamptz, $3::uuid)` : '';
    return {
      text: `SELECT e.id, e.content, e.media, e.sensitive, e.created_at,
                    to_char(e.created_at AT TIME ZONE 'UTC', ${MICROS}) AS cursor_at
               FROM post_edits e
              WHERE e.post_id = $1 ${after}
              ORDER BY e.created_at DESC, e.id DESC
              LIMIT ${limit}`,
      params: page.cursor ? [postId, page.cursor.createdAt, page.cursor.id] : [postId],
    };
  }

  async history(postId: string, page: PageRequest): Promise<Array<PostVersionRow & { cursor: Cursor }>> {
    const sql = this.historySql(postId, page);
    const rows = await poolRows<PostVersionRow>(this.dataSource, { name: `post_edits_history_${page.limit}${page.cursor ? '_after' : ''}`, text: sql.text, values: sql.params });
    return rows.map((row) => ({ ...row, cursor: { createdAt: row.cursor_at, id: row.id } }));
  }
}
