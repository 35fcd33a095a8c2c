/**
 * The toggle idiom, written once: a membership row (a like, a repost, a follow) goes away, or
 * else comes in, and counters move by ±1 only when a row really did — one statement, one round
 * trip, one implicit transaction, exact under any concurrency in READ COMMITTED:
 *
 * - `target`: the row the membership points at, if it may be engaged with (exists, visible);
 * - `removed`: the actor's row, `DELETE … RETURNING`, if present;
 * - `added`: `INSERT … ON CONFLICT DO NOTHING RETURNING`, only when nothing was removed (a
 *   toggle). The unique index sees rows committed after the statement's snapshot, so a
 *   concurrent toggle of the same actor that inserted first makes this a no-op, not a second row;
 * - the counter UPDATEs (ToggleSpec.bump) move by what really happened and only then. An UPDATE
 *   blocked by a concurrent one re-reads the newest row version before adding (READ COMMITTED
 *   re-check), so counts stay exact and each answer carries the counts its own change produced.
 *
 * `set` (PUT) and `unset` (DELETE) are the same statement with only `added` or only `removed`: a
 * retried request cannot flip the state back, and a call that changes nothing moves no counter.
 *
 * Generic: tables and columns come from the caller's constants (never from input), `$1` is the
 * actor's id and `$2` the target's.
 */

/** `toggle` (POST), `set` (PUT: the row exists afterwards), `unset` (DELETE: it does not). */
export type ToggleMode = 'toggle' | 'set' | 'unset';

export interface ToggleSpec {
  /** A SELECT of the target's `id` (from `$2`), empty when it may not be engaged with. */
  target: string;
  /** The membership table and its two key columns: the actor's (`$1`) and the target's. */
  table: string;
  actorColumn: string;
  targetColumn: string;
  /**
   * The CTEs (`name AS (UPDATE …)`) that move the counters by `delta` (SQL, e.g.
   * `(SELECT count(*) FROM added)`) where `changed` (a SQL condition) holds; `target` is `t`'s source.
   */
  bump(delta: string, changed: string): string[];
  /** The statement's `counts` column: the counters after the change, from the bump CTEs (NULL when nothing changed). */
  counts: string;
  /**
   * Optional: a condition on the target row `t` an insert also needs (the follow's `NOT t.protected`,
   * issue 26). When it fails, nothing is added and `visible` stays true; the caller decides what else to do.
   */
  addable?: string;
}

/** What one toggle statement did. */
export interface ToggleRow<C> {
  /** The target exists and may be engaged with. */
  visible: boolean;
  removed: boolean;
  added: boolean;
  /** The counters after this change; null when nothing changed (or the target is hidden). */
  counts: C | null;
}

export function toggleSql(spec: ToggleSpec, mode: ToggleMode): string {
  const { table, actorColumn, targetColumn } = spec;
  // toggle: delete, or else insert; set: insert only; unset: delete only.
  const removes = mode !== 'set';
  const adds = mode !== 'unset';
  const ctes = [`target AS (${spec.target})`];
  if (removes) {
    ctes.push(`removed AS (
      DELETE FROM ${table} x USING target t WHERE x.${actorColumn} = $1 AND x.${targetColumn} = t.id RETURNING x.${targetColumn}
    )`);
  }
  if (adds) {
    ctes.push(`added AS (
      INSERT INTO ${table} (${actorColumn}, ${targetColumn})
      SELECT $1, t.id FROM target t WHERE ${[removes ? 'NOT EXISTS (SELECT 1 FROM removed)' : '', spec.addable ?? ''].filter(Boolean).join(' AND ') || 'true'}
      ON CONFLICT DO NOTHING RETURNING ${targetColumn}
    )`);
  }
  const delta = [adds ? ' + (SELECT count(*) FROM added)' : '', removes ? ' - (SELECT count(*) FROM removed)' : ''].join('');
  const changed = [adds ? 'EXISTS (SELECT 1 FROM added)' : '', removes ? 'EXISTS (SELECT 1 FROM removed)' : ''].filter(Boolean).join(' OR ');
  ctes.push(...spec.bump(delta, `(${changed})`));
  return `WITH ${ctes.join(', ')}
    SELECT EXISTS (SELECT 1 FROM target) AS visible,
           ${removes ? 'EXISTS (SELECT 1 FROM removed)' : 'false'} AS removed,
           ${adds ? 'EXISTS (SELECT 1 FROM added)' : 'false'} AS added,
           ${spec.counts} AS counts`;
}

/** The statement of each mode, built once: its text never varies per call, so each connection prepares it once. */
export function toggleStatements(spec: ToggleSpec): Record<ToggleMode, string> {
  return { toggle: toggleSql(spec, 'toggle'), set: toggleSql(spec, 'set'), unset: toggleSql(spec, 'unset') };
}
