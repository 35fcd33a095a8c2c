import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { pgPool, poolRows, rowsOn } from '../database/query-rows';
import { MUTED_WORDS_MAX, type MutedWordForm } from './muted-words';

/** One row of the viewer's muted accounts. */
export interface MuteListRow {
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
  bio: string;
  /** ISO 8601 or null (until undone). */
  expiresAt: string | null;
  /** mutes.created_at with PostgreSQL's microseconds, for the cursor. */
  mutedAt: string;
}

export interface MutedWordRow {
  id: string;
  word: string;
  createdAt: string;
  expiresAt: string | null;
}

const MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const ACTIVE = (alias: string) => `(${alias}.expires_at IS NULL OR ${alias}.expires_at > now())`;

/** Every SQL statement of mutes and muted words (the read filters of other modules are mutes.sql.ts). */
@Injectable()
export class MutesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A mute (or a new end time for one): false when the target is no active account. One
   * statement; two at once make one row (the primary key, ON CONFLICT).
   */
  async mute(muterId: string, mutedId: string, days: number | null): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'mutes_mute',
      text: `INSERT INTO mutes (muter_id, muted_id, expires_at)
             SELECT $1::uuid, u.id, CASE WHEN $3::int IS NULL THEN NULL ELSE now() + make_interval(days => $3::int) END
               FROM users u WHERE u.id = $2::uuid AND u.is_active
             ON CONFLICT (muter_id, muted_id) DO UPDATE SET expires_at = excluded.expires_at, created_at = now()
             RETURNING muted_id`,
      values: [muterId, mutedId, days],
    });
    return rows.length > 0;
  }

  /** An unmute; false when no such account exists (a mute of an account deactivated since can be undone). */
  async unmute(muterId: string, mutedId: string): Promise<boolean> {
    const [row] = await poolRows<{ exists: boolean }>(this.dataSource, {
      name: 'mutes_unmute',
      text: `WITH gone AS (DELETE FROM mutes WHERE muter_id = $1::uuid AND muted_id = $2::uuid)
             SELECT EXISTS (SELECT 1 FROM users WHERE id = $2::uuid) AS exists`,
      values: [muterId, mutedId],
    });
    return row?.exists ?? false;
  }

  /** Whether `muterId` has an active mute of `mutedId` (a primary-key probe). */
  async isMuting(muterId: string, mutedId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'mutes_is_muting',
      text: `SELECT 1 FROM mutes m WHERE m.muter_id = $1 AND m.muted_id = $2 AND ${ACTIVE('m')}`,
      values: [muterId, mutedId],
    });
    return rows.length > 0;
  }

  /**
   * What a feed read of `viewerId` needs, in one statement: whether they mute anyone now (a
   * range of the primary key, stopping at the first active row), their active words' patterns
   * (a range of idx_muted_words_user_normalised, at most MUTED_WORDS_MAX rows), and whether a
   * block concerns them either way (the first key of each of blocks' two indexes).
   */
  async viewerFilter(viewerId: string): Promise<{ muting: boolean; patterns: string[]; blocking: boolean }> {
    const [row] = await poolRows<{ muting: boolean; patterns: string[]; blocking: boolean }>(this.dataSource, {
      name: 'mutes_viewer_filter',
      // ORDER BY each index (EXISTS would drop it and may scan the table): the key's range, stopping at the first row.
      text: `SELECT coalesce((SELECT true FROM mutes m WHERE m.muter_id = $1::uuid AND ${ACTIVE('m')} ORDER BY m.muter_id, m.muted_id LIMIT 1), false) AS muting,
                    coalesce((SELECT array_agg(w.pattern ORDER BY w.normalised) FROM muted_words w WHERE w.user_id = $1::uuid AND ${ACTIVE('w')}), '{}') AS patterns,
                    coalesce((SELECT true FROM blocks b WHERE b.blocker_id = $1::uuid ORDER BY b.blocker_id, b.blocked_id LIMIT 1),
                             (SELECT true FROM blocks b WHERE b.blocked_id = $1::uuid ORDER BY b.blocked_id, b.blocker_id LIMIT 1), false) AS blocking`,
      values: [viewerId],
    });
    return row ?? { muting: false, patterns: [], blocking: false };
  }

  /**
   * For each of `authors`, the members a `post:new` / `post:reply` push of theirs must not
   * reach (one statement per push batch): those they block or are blocked by (both indexes of
   * blocks) and those who mute them now (idx_mutes_muted_muter); and, for each post of `posts`
   * (id and search_text's tokens), the members with an active muted word it matches, found by
   * their words' first token (idx_muted_words_head), then matched whole.
   */
  async pushExclusions(
    authors: string[],
    posts: Array<{ id: string; text: string; tokens: string[] }>,
  ): Promise<{ byAuthor: Map<string, string[]>; byPost: Map<string, string[]> }> {
    const rows = await poolRows<{ kind: 'author' | 'post'; id: string; others: string[] }>(this.dataSource, {
      name: 'mutes_push_exclusions',
      text: `SELECT 'author' AS kind, a.id::text AS id, array_agg(DISTINCT x.other::text) AS others FROM unnest($1::uuid[]) AS a(id)
               CROSS JOIN LATERAL (SELECT blocked_id AS other FROM blocks WHERE blocker_id = a.id
                                   UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = a.id
                                   UNION ALL SELECT m.muter_id FROM mutes m WHERE m.muted_id = a.id AND ${ACTIVE('m')}) x
              GROUP BY a.id
             UNION ALL
             SELECT 'post', p.id, array_agg(DISTINCT w.user_id::text)
               FROM unnest($2::text[], $3::text[], $4::text[]) AS p(id, text, tokens)
               CROSS JOIN LATERAL (SELECT w.user_id FROM muted_words w
                                    WHERE w.head = ANY(string_to_array(p.tokens, ' ')) AND ${ACTIVE('w')} AND p.text ~ w.pattern) w
              GROUP BY p.id`,
      values: [authors, posts.map((p) => p.id), posts.map((p) => p.text), posts.map((p) => p.tokens.join(' '))],
    });
    const byAuthor = new Map<string, string[]>();
    const byPost = new Map<string, string[]>();
    for (const row of rows) (row.kind === 'author' ? byAuthor : byPost).set(row.id, row.others);
    return { byAuthor, byPost };
  }

  /** A keyset page of the accounts the member mutes now, newest mute first (idx_mutes_muter_created). */
  listSql(muterId: string, limit: number, cursor?: Cursor): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    const values: unknown[] = [muterId];
    let after = '';
    if (cursor) {
      values.push(cursor.createdAt, cursor.id);
      after = `AND (m.created_at, m.muted_id) < ($2::timestamptz, $3::uuid)`;
    }
    return {
      text: `SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified",
                    u.profile_image AS "profileImage", u.bio,
                    to_char(m.expires_at AT TIME ZONE 'UTC', ${MICROS}) AS "expiresAt",
                    to_char(m.created_at AT TIME ZONE 'UTC', ${MICROS}) AS "mutedAt"
               FROM mutes m JOIN users u ON u.id = m.muted_id
              WHERE m.muter_id = $1::uuid AND u.is_active AND ${ACTIVE('m')} ${after}
              ORDER BY m.created_at DESC, m.muted_id DESC
              LIMIT ${limit + 1}`,
      values,
    };
  }

  list(muterId: string, limit: number, cursor?: Cursor): Promise<MuteListRow[]> {
    const { text, values } = this.listSql(muterId, limit, cursor);
    return poolRows<MuteListRow>(this.dataSource, { name: `mutes_list_${limit}${cursor ? '_after' : ''}`, text, values });
  }

  /** The member's active muted words, newest first (at most MUTED_WORDS_MAX: no paging). */
  words(userId: string): Promise<MutedWordRow[]> {
    return poolRows<MutedWordRow>(this.dataSource, {
      name: 'muted_words_list',
      text: `SELECT w.id, w.word, to_char(w.created_at AT TIME ZONE 'UTC', ${MICROS}) AS "createdAt",
                    to_char(w.expires_at AT TIME ZONE 'UTC', ${MICROS}) AS "expiresAt"
               FROM muted_words w WHERE w.user_id = $1::uuid AND ${ACTIVE('w')}
              ORDER BY w.created_at DESC, w.id DESC`,
      values: [userId],
    });
  }

  /**
   * Adds a word in one transaction: the member's row is locked first, so two adds at once are
   * serialised and cannot both pass the cap or both insert. `full` when they have
   * MUTED_WORDS_MAX active words, `duplicate` when the word is active already; an expired one of
   * the same form is replaced.
   */
  async addWord(userId: string, word: string, form: MutedWordForm, days: number | null): Promise<{ outcome: 'added' | 'full' | 'duplicate'; row?: MutedWordRow }> {
    const client = await pgPool(this.dataSource).connect();
    try {
      await client.query('BEGIN');
      await rowsOn(client, { name: 'muted_words_lock_user', text: 'SELECT 1 FROM users WHERE id = $1 FOR UPDATE', values: [userId] });
      const [row] = await rowsOn<{ outcome: 'added' | 'full' | 'duplicate'; id: string | null; created_at: string | null; expires_at: string | null }>(client, {
        name: 'muted_words_add',
        text: `WITH n AS (SELECT count(*)::int AS n FROM muted_words w WHERE w.user_id = $1::uuid AND ${ACTIVE('w')}),
                    dup AS (SELECT 1 FROM muted_words w WHERE w.user_id = $1::uuid AND w.normalised = $3 AND ${ACTIVE('w')}),
                    ins AS (INSERT INTO muted_words AS w (user_id, word, normalised, head, pattern, expires_at)
                            SELECT $1::uuid, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(days => $6::int) END
                             WHERE NOT EXISTS (SELECT 1 FROM dup) AND (SELECT n FROM n) < ${MUTED_WORDS_MAX}
                            ON CONFLICT (user_id, normalised) DO UPDATE
                              SET word = excluded.word, expires_at = excluded.expires_at, created_at = now(), id = gen_random_uuid()
                            RETURNING w.id, w.created_at, w.expires_at)
               SELECT CASE WHEN EXISTS (SELECT 1 FROM ins) THEN 'added' WHEN EXISTS (SELECT 1 FROM dup) THEN 'duplicate' ELSE 'full' END AS outcome,
                      (SELECT id FROM ins) AS id,
                      (SELECT to_char(created_at AT TIME ZONE 'UTC', ${MICROS}) FROM ins) AS created_at,
                      (SELECT to_char(expires_at AT TIME ZONE 'UTC', ${MICROS}) FROM ins) AS expires_at`,
        values: [userId, word, form.normalised, form.head, form.pattern, days],
      });
      await client.query('COMMIT');
      if (row.outcome !== 'added' || !row.id || !row.created_at) return { outcome: row.outcome };
      return { outcome: 'added', row: { id: row.id, word, createdAt: row.created_at, expiresAt: row.expires_at } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Removes one of the member's words; false when it is not theirs or gone. */
  async removeWord(userId: string, id: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'muted_words_remove',
      text: `DELETE FROM muted_words WHERE id = $2::uuid AND user_id = $1::uuid RETURNING id`,
      values: [userId, id],
    });
    return rows.length > 0;
  }
}

