import type { AuditAction, AuditEntry, AuditTargetType } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { queryRows } from '../database/query-rows';

export interface AuditFilter {
  actorId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
}

export interface AuditRow {
  id: string;
  /** to_char'd with microseconds: the cursor's position (a JS Date would round it). */
  created_at: string;
  actor_id: string;
  actor_username: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  target_label: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    actor: { id: row.actor_id, username: row.actor_username },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** Reads of the audit log; only AuditLogWriter writes it. */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` entries newest first, after `cursor`. Each filter is an equality on the leading
   * columns of its own index (idx_audit_log_actor, _action, _target, or _created without one), and
   * the row comparison on (created_at, id) continues that index's order, so a page reads `limit`
   * index entries whatever the table's size.
   */
  async page(filter: AuditFilter, cursor: Cursor | undefined, limit: number): Promise<AuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.actorId) add((n) => `a.actor_id = ${n}::uuid`, filter.actorId);
    if (filter.action) add((n) => `a.action = ${n}`, filter.action);
    if (filter.targetType) add((n) => `a.target_type = ${n}`, filter.targetType);
    if (filter.targetId) add((n) => `a.target_id = ${n}::uuid`, filter.targetId);
    if (cursor) {
      params.push(cursor.createdAt, cursor.id);
      where.push(`(a.created_at, a.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    // `a.`-qualified: the output column created_at is the to_char'd text, and an unqualified
    // ORDER BY would sort by it instead of walking the index.
    return queryRows<AuditRow>(
      this.dataSource.manager,
      `SELECT a.id, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, a.actor_id, a.actor_username,
              a.action, a.target_type, a.target_id, a.target_label, a.reason, a.before, a.after
         FROM audit_log a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length}`,
      params,
    );
  }
}
