import type { CitedRule, ServerRule } from '@gundem/contract';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import type { SessionUser } from '../users/session-user';
import type { UpdateRulesDto } from './dto/update-rules.dto';
import { type RuleRow, RulesRepository } from './rules.repository';
import { RULE_DUPLICATE, RULE_GONE, RULE_TEXT_REQUIRED, RULE_UNKNOWN, RULES_AUDIT_LABEL } from './rules.texts';

export function toServerRule(row: RuleRow): ServerRule {
  return { id: row.id, position: row.position + 1, text: row.text, hint: row.hint };
}

/** A rule as the audit log keeps it (before and after of `rules.update`). */
const logged = (row: RuleRow) => ({ id: row.id, text: row.text, hint: row.hint });

/**
 * The server rules (docs/product.md#sunucu-kuralları): everyone reads them, admins replace the
 * whole list at once. A rule sent with its id keeps that id, whatever its new place or text.
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly rows: RulesRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogWriter,
  ) {}

  async list(): Promise<ServerRule[]> {
    return (await this.rows.list()).map(toServerRule);
  }

  /**
   * The rule a report or a staff action cites, as it reads now (its number and text are kept with
   * the citation), on the caller's transaction; null for none; 400 for an id not in the list.
   */
  async cite(em: EntityManager, id: string | null | undefined): Promise<CitedRule | null> {
    if (!id) return null;
    const row = await this.rows.cite(em, id.toLowerCase());
    if (!row) throw new BadRequestException(RULE_UNKNOWN);
    return { id: row.id, number: row.position + 1, text: row.text };
  }

  /**
   * Replaces the list with `dto.rules`, in their order: rules left out are deleted, rules without
   * an id are added. One transaction with its audit entry (`rules.update`, the whole list before
   * and after), so a refused save changes nothing.
   */
  async replace(dto: UpdateRulesDto, admin: Pick<SessionUser, 'id'>): Promise<ServerRule[]> {
    const wanted = dto.rules.map((rule, position) => ({
      id: rule.id ? rule.id.toLowerCase() : null,
      position,
      text: rule.text.trim(),
      hint: rule.hint?.trim() || null,
    }));
    if (wanted.some((rule) => !rule.text)) throw new BadRequestException(RULE_TEXT_REQUIRED);
    const ids = wanted.flatMap((rule) => (rule.id ? [rule.id] : []));
    if (new Set(ids).size !== ids.length) throw new BadRequestException(RULE_DUPLICATE);
    const saved = await this.dataSource.transaction(async (em) => {
      const before = await this.rows.lockedList(em);
      const known = new Set(before.map((rule) => rule.id));
      // Deleted by another admin since this one loaded the list: saving would bring it back under a new id.
      if (ids.some((id) => !known.has(id))) throw new ConflictException(RULE_GONE);
      await this.rows.deleteExcept(em, ids);
      for (const rule of wanted) {
        if (rule.id) await this.rows.update(em, { ...rule, id: rule.id });
        else await this.rows.insert(em, rule);
      }
      const after = await this.rows.listOn(em);
      await this.audit.record(em, {
        actorId: admin.id,
        action: 'rules.update',
        targetType: 'rules',
        targetId: null,
        targetLabel: RULES_AUDIT_LABEL,
        before: { rules: before.map(logged) },
        after: { rules: after.map(logged) },
      });
      return after;
    });
    return saved.map(toServerRule);
  }
}
