import type { AuditAction, AuditTargetType } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';

/** A post's label in the log: its first this many characters (code points). */
export const AUDIT_POST_LABEL_LENGTH = 80;

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string;
  reason?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The first AUDIT_POST_LABEL_LENGTH characters of a post (not UTF-16 units: an emoji is not cut in half). */
export function postLabel(content: string): string {
  return Array.from(content).slice(0, AUDIT_POST_LABEL_LENGTH).join('');
}

/**
 * Writes audit entries, always on the caller's transaction (`em` from dataSource.transaction): the
 * action and its entry commit or roll back together, so a refused or failed action leaves none
 * and no committed action lacks one. Below the features (it imports only database/), so admin/,
 * posts/ and settings/ each record where their own action commits.
 */
@Injectable()
export class AuditLogWriter {
  async record(em: EntityManager, entry: AuditRecord): Promise<void> {
    if (!em.queryRunner?.isTransactionActive) throw new Error('AuditLogWriter.record needs the action’s transaction');
    // The actor's username as it is now, read in the same transaction ("who" at the time).
    const rows = await queryRows<{ id: string }>(
      em,
      `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, target_label, reason, before, after)
       SELECT u.id, u.username, $2, $3, $4::uuid, $5, $6, $7::jsonb, $8::jsonb FROM users u WHERE u.id = $1
       RETURNING id`,
      [
        entry.actorId,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.targetLabel,
        entry.reason ?? null,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
      ],
    );
    // An action whose actor has no row cannot be attributed: roll it back rather than commit it unlogged.
    if (rows.length !== 1) throw new Error(`Audit entry not written: no account ${entry.actorId}`);
  }
}
