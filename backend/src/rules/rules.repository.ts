import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { poolRows, queryRows } from '../database/query-rows';

export interface RuleRow {
  id: string;
  /** 0-based. */
  position: number;
  text: string;
  hint: string | null;
}

const COLUMNS = 'id, position, text, hint';

/** The statements on `server_rules` (docs/architecture.md#rules). The list is short (RULES_LIMITS.maxRules) and read whole. */
@Injectable()
export class RulesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(): Promise<RuleRow[]> {
    return poolRows<RuleRow>(this.dataSource, { name: 'rules-list', text: `SELECT ${COLUMNS} FROM server_rules ORDER BY position` });
  }

  /**
   * The list on `em`'s transaction, the table locked against other saves (not against reads) until
   * it commits: two admins saving at once apply one after the other, each on the list the other left.
   */
  async lockedList(em: EntityManager): Promise<RuleRow[]> {
    await em.query('LOCK TABLE server_rules IN SHARE ROW EXCLUSIVE MODE');
    return queryRows<RuleRow>(em, `SELECT ${COLUMNS} FROM server_rules ORDER BY position`);
  }

  listOn(em: EntityManager): Promise<RuleRow[]> {
    return queryRows<RuleRow>(em, `SELECT ${COLUMNS} FROM server_rules ORDER BY position`);
  }

  /** Deletes every rule whose id is not in `keep`. */
  async deleteExcept(em: EntityManager, keep: string[]): Promise<void> {
    await em.query('DELETE FROM server_rules WHERE NOT (id = ANY($1::uuid[]))', [keep]);
  }

  /** Writes a kept rule's place and text (updated_at only when something changed). */
  async update(em: EntityManager, rule: RuleRow): Promise<void> {
    await em.query(
      `UPDATE server_rules SET position = $2, text = $3::varchar, hint = $4::varchar,
              updated_at = CASE WHEN (text, hint) IS DISTINCT FROM ($3::varchar, $4::varchar) THEN now() ELSE updated_at END
        WHERE id = $1`,
      [rule.id, rule.position, rule.text, rule.hint],
    );
  }

  async insert(em: EntityManager, rule: Omit<RuleRow, 'id'>): Promise<void> {
    await em.query('INSERT INTO server_rules (position, text, hint) VALUES ($1, $2, $3)', [rule.position, rule.text, rule.hint]);
  }

  /** One rule, its row share-locked until `em` commits (a save cannot delete it meanwhile): a report's or an action's citation. */
  async cite(em: EntityManager, id: string): Promise<RuleRow | null> {
    const [row] = await queryRows<RuleRow>(em, `SELECT ${COLUMNS} FROM server_rules WHERE id = $1 FOR KEY SHARE`, [id]);
    return row ?? null;
  }
}
