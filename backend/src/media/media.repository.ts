import type { Media } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Queryable, queryRows, rowsOn } from '../database/query-rows';

/** A media_attachments row as the statements below return it. */
export interface MediaRow {
  id: string;
  owner_id: string;
  post_id: string | null;
  type: 'image' | 'animated';
  small_key: string;
  small_width: number;
  small_height: number;
  large_key: string;
  large_width: number;
  large_height: number;
  still_key: string | null;
  still_width: number | null;
  still_height: number | null;
  placeholder: string;
  alt: string | null;
}

export interface NewMediaRow {
  ownerId: string;
  type: 'image' | 'animated';
  small: { key: string; width: number; height: number };
  large: { key: string; width: number; height: number };
  still: { key: string; width: number; height: number } | null;
  bytes: number;
  placeholder: string;
}

/** A member's two pictures: the avatar (`profileImage`) and the profile header (`coverImage`). */
export type ProfileImageKind = 'avatar' | 'header';

/** The columns of `users` behind each (constants: the only names ever put into SQL text here). */
const PROFILE_IMAGE_COLUMNS: Record<ProfileImageKind, { url: string; key: string }> = {
  avatar: { url: 'profile_image', key: 'profile_image_key' },
  header: { url: 'cover_image', key: 'cover_image_key' },
};

const COLUMNS = `id, owner_id, post_id, type, small_key, small_width, small_height, large_key, large_width, large_height,
  still_key, still_width, still_height, placeholder, alt`;

/** The storage keys a set of deleted rows named. */
const KEYS = `small_key, large_key, still_key`;

/** A row's keys as one list (still_key is null for a still image). */
export function keysOf(rows: Pick<MediaRow, 'small_key' | 'large_key' | 'still_key'>[]): string[] {
  return [...new Set(rows.flatMap((r) => [r.small_key, r.large_key, r.still_key].filter((k): k is string => k !== null)))];
}

/**
 * The statements of the media module. Besides its own table it writes one column of `posts`:
 * `media`, the post's pictures denormalised (the alt text's change), which posts/ reads with
 * every list; posts/ writes it when a post is created (PostsRepository.create). And a member's
 * avatar and header on `users` (the URL and its storage key, see the migration ProfileImages).
 */
@Injectable()
export class MediaRepository {
  /**
   * Transaction-scoped advisory locks on storage keys, in key order (two transactions never wait
   * on each other crosswise): an upload that names a key and a delete that decides a key is no
   * longer named cannot interleave, so a file is never removed under a row just committed.
   */
  async lockKeys(db: Queryable, keys: string[]): Promise<void> {
    await rowsOn(db, {
      name: 'media_lock_keys',
      text: `SELECT pg_advisory_xact_lock(hashtextextended(k, 24)) FROM (SELECT DISTINCT k FROM unnest($1::text[]) AS k ORDER BY k) keys`,
      values: [keys],
    });
  }

  async insert(db: Queryable, row: NewMediaRow): Promise<MediaRow> {
    const [inserted] = await rowsOn<MediaRow>(db, {
      name: 'media_insert',
      text: `INSERT INTO media_attachments (owner_id, type, small_key, small_width, small_height, large_key, large_width, large_height,
               still_key, still_width, still_height, bytes, placeholder)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             RETURNING ${COLUMNS}`,
      values: [
        row.ownerId,
        row.type,
        row.small.key,
        row.small.width,
        row.small.height,
        row.large.key,
        row.large.width,
        row.large.height,
        row.still?.key ?? null,
        row.still?.width ?? null,
        row.still?.height ?? null,
        row.bytes,
        row.placeholder,
      ],
    });
    return inserted;
  }

  /**
   * Of `keys`, those no row names (any more): the files that may go. `exceptId`: a row about to be
   * rolled back. A removed post's archive (posts/ `removed_posts`) names its pictures' keys while an
   * appeal could bring the post back.
   */
  async unreferenced(db: Queryable, keys: string[], exceptId: string | null = null): Promise<string[]> {
    const rows = await rowsOn<{ k: string }>(db, {
      name: 'media_unreferenced',
      text: `SELECT k FROM unnest($1::text[]) AS k
              WHERE NOT EXISTS (SELECT 1 FROM media_attachments m WHERE m.small_key = k AND m.id IS DISTINCT FROM $2::uuid)
                AND NOT EXISTS (SELECT 1 FROM media_attachments m WHERE m.large_key = k AND m.id IS DISTINCT FROM $2::uuid)
                AND NOT EXISTS (SELECT 1 FROM media_attachments m WHERE m.still_key = k AND m.id IS DISTINCT FROM $2::uuid)
                AND NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_image_key = k)
                AND NOT EXISTS (SELECT 1 FROM users u WHERE u.cover_image_key = k)
                AND NOT EXISTS (SELECT 1 FROM removed_posts r WHERE r.media_keys @> ARRAY[k])`,
      values: [keys, exceptId],
    });
    return rows.map((r) => r.k);
  }

  /**
   * Sets (or, with nulls, clears) the member's avatar or header: the URL the user object carries
   * and the key behind it. Answers the key it replaced (null: there was none), or undefined when
   * there is no such member. The row is locked first, so two changes of one member queue and each
   * learns the key the other left.
   */
  async setProfileImage(db: Queryable, userId: string, kind: ProfileImageKind, image: { key: string; url: string } | null): Promise<{ oldKey: string | null } | undefined> {
    const { url, key } = PROFILE_IMAGE_COLUMNS[kind];
    const [row] = await rowsOn<{ old_key: string | null }>(db, {
      name: `media_set_${kind}`,
      text: `UPDATE users u SET ${url} = $2, ${key} = $3
               FROM (SELECT id, ${key} AS old_key FROM users WHERE id = $1 FOR UPDATE) o
              WHERE u.id = o.id
              RETURNING o.old_key`,
      values: [userId, image?.url ?? null, image?.key ?? null],
    });
    return row ? { oldKey: row.old_key } : undefined;
  }

  /** The owner's upload, locked (its alt text is about to change); null for anyone else's or a missing one. */
  async lockOwn(db: Queryable, id: string, ownerId: string): Promise<MediaRow | null> {
    const [row] = await rowsOn<MediaRow>(db, {
      name: 'media_lock_own',
      text: `SELECT ${COLUMNS} FROM media_attachments WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
      values: [id, ownerId],
    });
    return row ?? null;
  }

  async setAlt(db: Queryable, id: string, alt: string | null): Promise<MediaRow> {
    const [row] = await rowsOn<MediaRow>(db, {
      name: 'media_set_alt',
      text: `UPDATE media_attachments SET alt = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
      values: [id, alt],
    });
    return row;
  }

  /**
   * The alt text inside the post's denormalised `media` (the element with this id; the others and
   * the order stay). Answers the post's id, `media` and `sensitive` as this UPDATE left them (a
   * change of `sensitive` that committed while it waited for the row is in them).
   */
  /**
   * The alt text in the post's copy of its pictures, unless the post was edited (null then): an
   * edited post's pictures change with an edit, which keeps the version (posts/post-edits.*).
   * A post never edited has no history yet; its first edit copies it as it is then.
   */
  async setAltInPost(db: Queryable, postId: string, mediaId: string, alt: string | null): Promise<{ id: string; media: Media[]; sensitive: boolean } | null> {
    const [row] = await rowsOn<{ id: string; media: Media[]; sensitive: boolean }>(db, {
      name: 'media_set_alt_in_post',
      text: `UPDATE posts SET media = (
               SELECT coalesce(jsonb_agg(CASE WHEN e->>'id' = $2 THEN jsonb_set(e, '{alt}', coalesce(to_jsonb($3::text), 'null'::jsonb)) ELSE e END ORDER BY i), '[]'::jsonb)
                 FROM jsonb_array_elements(posts.media) WITH ORDINALITY AS x(e, i))
             WHERE id = $1 AND NOT is_edited
             RETURNING id, media, sensitive`,
      values: [postId, mediaId, alt],
    });
    return row ?? null;
  }

  /**
   * The author's uploads among `ids` that a new post may take, locked FOR UPDATE until the post
   * commits: theirs, not attached, younger than `ttlHours`. A second post naming one of them waits
   * for the first and then no longer finds it unattached.
   */
  async lockAttachable(db: Queryable, ownerId: string, ids: string[], ttlHours: number): Promise<MediaRow[]> {
    return rowsOn<MediaRow>(db, {
      name: 'media_lock_attachable',
      text: `SELECT ${COLUMNS} FROM media_attachments
              WHERE id = ANY($1::uuid[]) AND owner_id = $2 AND post_id IS NULL AND created_at > now() - make_interval(hours => $3)
              ORDER BY id FOR UPDATE`,
      values: [ids, ownerId, ttlHours],
    });
  }

  /**
   * The pictures an edit of `postId` (issue 27) may carry, locked FOR UPDATE until it commits: the
   * author's uploads among `ids` that the post carries or once carried (kept for its history), or
   * that no post has taken and are younger than `ttlHours`.
   */
  async lockEditable(db: Queryable, ownerId: string, postId: string, ids: string[], ttlHours: number): Promise<MediaRow[]> {
    return rowsOn<MediaRow>(db, {
      name: 'media_lock_editable',
      text: `SELECT ${COLUMNS} FROM media_attachments
              WHERE id = ANY($1::uuid[]) AND owner_id = $2
                AND (post_id = $3 OR (post_id IS NULL AND created_at > now() - make_interval(hours => $4)))
              ORDER BY id FOR UPDATE`,
      values: [ids, ownerId, postId, ttlHours],
    });
  }

  /**
   * An edit's pictures (locked by lockEditable) become the post's, in the order of `ids`, with the
   * alt texts `alts` (null: none) where `given` says the edit names one. A picture the edit left
   * out stays the post's row (its history shows it) and goes with the post.
   */
  async attachForEdit(db: Queryable, postId: string, ownerId: string, ids: string[], alts: (string | null)[], given: boolean[]): Promise<number> {
    const rows = await rowsOn<{ id: string }>(db, {
      name: 'media_attach_for_edit',
      text: `UPDATE media_attachments m
                SET post_id = $1, position = x.i - 1, attached_at = coalesce(m.attached_at, now()),
                    alt = CASE WHEN x.given THEN x.alt ELSE m.alt END
               FROM unnest($3::uuid[], $4::text[], $5::boolean[]) WITH ORDINALITY AS x(id, alt, given, i)
              WHERE m.id = x.id AND m.owner_id = $2 AND (m.post_id IS NULL OR m.post_id = $1)
              RETURNING m.id`,
      values: [postId, ownerId, ids, alts, given],
    });
    return rows.length;
  }

  /** Attaches the uploads to the post in the order of `ids`; answers how many rows it changed. */
  async attach(db: Queryable, postId: string, ownerId: string, ids: string[]): Promise<number> {
    const rows = await rowsOn<{ id: string }>(db, {
      name: 'media_attach',
      text: `UPDATE media_attachments SET post_id = $1, position = array_position($3::uuid[], id) - 1, attached_at = now()
              WHERE id = ANY($3::uuid[]) AND owner_id = $2 AND post_id IS NULL
              RETURNING id`,
      values: [postId, ownerId, ids],
    });
    return rows.length;
  }

  /** The post's rows go (inside the post's delete); answers the keys they named. */
  async deleteOfPost(em: EntityManager, postId: string): Promise<string[]> {
    const rows = await queryRows<Pick<MediaRow, 'small_key' | 'large_key' | 'still_key'>>(em, `DELETE FROM media_attachments WHERE post_id = $1 RETURNING ${KEYS}`, [postId]);
    return keysOf(rows);
  }

  /** The post's rows go (inside a staff removal that archives them): answers the rows as they were, for the archive. */
  async archiveOfPost(em: EntityManager, postId: string): Promise<{ rows: unknown[]; keys: string[] }> {
    const rows = await queryRows<{ row: Record<string, unknown> } & Pick<MediaRow, 'small_key' | 'large_key' | 'still_key'>>(
      em,
      `DELETE FROM media_attachments m WHERE m.post_id = $1 RETURNING to_jsonb(m) AS row, ${KEYS}`,
      [postId],
    );
    return { rows: rows.map((r) => r.row), keys: keysOf(rows) };
  }

  /**
   * An archived post's rows back, as they were (same ids; inside the restore's transaction), with
   * the columns they were archived with: a column added since takes its default.
   */
  async restoreRows(em: EntityManager, rows: unknown[]): Promise<void> {
    const first = rows[0];
    if (!first || typeof first !== 'object') return;
    const list = Object.keys(first)
      .filter((c) => /^[a-z_][a-z0-9_]*$/.test(c))
      .map((c) => `"${c}"`)
      .join(', ');
    await queryRows(em, `INSERT INTO media_attachments (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::media_attachments, $1::jsonb)`, [JSON.stringify(rows)]);
  }

  /**
   * At most `limit` uploads never attached within `ttlHours`, deleted; rows a post is attaching
   * right now (locked) are skipped. Answers the keys they named.
   */
  async deleteExpired(db: Queryable, ttlHours: number, limit: number): Promise<{ rows: number; keys: string[] }> {
    const rows = await rowsOn<Pick<MediaRow, 'small_key' | 'large_key' | 'still_key'>>(db, {
      name: 'media_delete_expired',
      text: `DELETE FROM media_attachments WHERE id IN (
               SELECT id FROM media_attachments
                WHERE post_id IS NULL AND created_at <= now() - make_interval(hours => $1)
                ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
             RETURNING ${KEYS}`,
      values: [ttlHours, limit],
    });
    return { rows: rows.length, keys: keysOf(rows) };
  }

  /** Tries the sweep's lock for this transaction (one node sweeps at a time). */
  async trySweepLock(db: Queryable, lock: number): Promise<boolean> {
    const [row] = await rowsOn<{ locked: boolean }>(db, { name: 'media_sweep_lock', text: 'SELECT pg_try_advisory_xact_lock($1) AS locked', values: [lock] });
    return row.locked;
  }
}
