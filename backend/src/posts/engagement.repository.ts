import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolRows } from '../database/query-rows';

export type EngagementKind = 'like' | 'repost';
/** `toggle` (POST, SPEC's toggles), `set` (PUT: liked), `unset` (DELETE: not liked). */
export type EngagementChange = 'toggle' | 'set' | 'unset';

/** A post's counters as a toggle leaves them. */
export interface CountsRow {
  id: string;
  like_count: number;
  retweet_count: number;
  reply_count: number;
}

/** What one toggle statement did. */
export interface ToggleRow {
  /** The post exists and its author is active. */
  visible: boolean;
  removed: boolean;
  added: boolean;
  /** The counters after this toggle; null when nothing changed (or the post is hidden). */
  counts: CountsRow | null;
}

/** Table and counter per kind; only these constants are ever put into SQL text. */
const KINDS: Record<EngagementKind, { table: 'likes' | 'reposts'; counter: 'like_count' | 'retweet_count' }> = {
  like: { table: 'likes', counter: 'like_count' },
  repost: { table: 'reposts', counter: 'retweet_count' },
};

/**
 * One statement per change (one round trip, one implicit transaction), in READ COMMITTED:
 *
 * - `target`: the post, if it exists and its author is active (hidden posts cannot be engaged with);
 * - `removed`: the user's row, deleted if present;
 * - `added`: inserted only when nothing was removed (a toggle), `ON CONFLICT DO NOTHING`. The unique index
 *   sees rows committed after the statement's snapshot, so a concurrent toggle of the same user
 *   that inserted first makes this a no-op instead of a second row;
 * - `bumped`: the counter moved by what really happened (+1, -1), and only then. An UPDATE
 *   blocked by a concurrent one re-reads the newest row version before adding (PostgreSQL's
 *   READ COMMITTED re-check), so counts stay exact and each answer carries the counts its own
 *   change produced.
 *
 * PUT and DELETE (`set`, `unset`) are the same statement with only `added` or only `removed`:
 * a retried request cannot flip the state back, and a call that changes nothing moves no counter.
 *
 * A post deleted after the snapshot fails the insert's foreign key (23503). Locks are taken in the
 * order of the old transaction: the like row, then the post (see AdminPostsService.delete).
 */
function changeSql(kind: EngagementKind, mode: EngagementChange): string {
  const { table, counter } = KINDS[kind];
  // toggle: delete, or else insert; set: insert only; unset: delete only (PUT / DELETE).
  const removes = mode !== 'set';
  const adds = mode !== 'unset';
  const ctes = [`target AS (
      SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $2 AND u.is_active
    )`];
  if (removes) {
    ctes.push(`removed AS (
      DELETE FROM ${table} x USING target t WHERE x.user_id = $1 AND x.post_id = t.id RETURNING x.post_id
    )`);
  }
  if (adds) {
    ctes.push(`added AS (
      INSERT INTO ${table} (user_id, post_id)
      SELECT $1, t.id FROM target t ${removes ? 'WHERE NOT EXISTS (SELECT 1 FROM removed)' : ''}
      ON CONFLICT DO NOTHING RETURNING post_id
    )`);
  }
  const delta = [adds ? ' + (SELECT count(*) FROM added)' : '', removes ? ' - (SELECT count(*) FROM removed)' : ''].join('');
  const changed = [adds ? 'EXISTS (SELECT 1 FROM added)' : '', removes ? 'EXISTS (SELECT 1 FROM removed)' : ''].filter(Boolean).join(' OR ');
  ctes.push(`bumped AS (
      UPDATE posts p SET ${counter} = p.${counter}${delta}
      FROM target t
      WHERE p.id = t.id AND (${changed})
      RETURNING p.id, p.like_count, p.retweet_count, p.reply_count
    )`);
  return `WITH ${ctes.join(', ')}
    SELECT EXISTS (SELECT 1 FROM target) AS visible,
           ${removes ? 'EXISTS (SELECT 1 FROM removed)' : 'false'} AS removed,
           ${adds ? 'EXISTS (SELECT 1 FROM added)' : 'false'} AS added,
           (SELECT row_to_json(b) FROM bumped b) AS counts`;
}

/** Built once: the statement text never varies per call, so each connection prepares it once. */
const CHANGE_SQL: Record<EngagementKind, Record<EngagementChange, string>> = {
  like: { toggle: changeSql('like', 'toggle'), set: changeSql('like', 'set'), unset: changeSql('like', 'unset') },
  repost: { toggle: changeSql('repost', 'toggle'), set: changeSql('repost', 'set'), unset: changeSql('repost', 'unset') },
};

/** Every SQL statement of likes and reposts. */
@Injectable()
export class EngagementRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async change(kind: EngagementKind, mode: EngagementChange, userId: string, postId: string): Promise<ToggleRow> {
    const [row] = await poolRows<ToggleRow>(this.dataSource, { name: `engagement_${mode}_${kind}`, text: CHANGE_SQL[kind][mode], values: [userId, postId] });
    return row;
  }

  /**
   * The counters and whether the user's row exists, as committed now (a fresh snapshot: a new
   * statement): read together, so the answer is one consistent state even while other toggles
   * of the same user keep landing.
   */
  async state(kind: EngagementKind, userId: string, postId: string): Promise<(CountsRow & { active: boolean }) | null> {
    const { table } = KINDS[kind];
    const [row] = await poolRows<CountsRow & { active: boolean }>(this.dataSource, {
      name: `engagement_state_${kind}`,
      text: `SELECT id, like_count, retweet_count, reply_count,
                    EXISTS (SELECT 1 FROM ${table} x WHERE x.user_id = $1 AND x.post_id = $2) AS active
               FROM posts WHERE id = $2`,
      values: [userId, postId],
    });
    return row ?? null;
  }
}
