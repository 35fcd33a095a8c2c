import type { AppealStatus } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import type { Sql } from '../posts/posts.repository';
import { ACTION_COLUMNS, ACTION_HISTORY_LIMIT, type AccountActionRow } from './account-actions.repository';

/** Pending appeals the staff queue shows at once, oldest first. */
export const APPEAL_QUEUE_LIMIT = 50;

export interface AppealRow {
  id: string;
  action_id: string;
  text: string;
  created_at: Date;
  status: AppealStatus;
  decided_at: Date | null;
  reply: string | null;
}

/** An action with its appeal's columns (prefixed `appeal_`), as the notices and the queue read them. */
export type ActionWithAppealRow = AccountActionRow & {
  member_username: string;
  appeal_id: string | null;
  appeal_text: string | null;
  appeal_created_at: Date | null;
  appeal_status: AppealStatus | null;
  appeal_decided_at: Date | null;
  appeal_reply: string | null;
};

const COLUMNS = `${ACTION_COLUMNS},
  m.username AS member_username, ap.id AS appeal_id, ap.text AS appeal_text, ap.created_at AS appeal_created_at, ap.status AS appeal_status,
  ap.decided_at AS appeal_decided_at, ap.reply AS appeal_reply`;

/** Reads and writes of account_appeals (migration 1764850000002). */
@Injectable()
export class AppealsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  noticesSql(userId: string): Sql {
    return {
      text: `SELECT ${COLUMNS} FROM account_actions a JOIN users m ON m.id = a.target_id
               LEFT JOIN users actor ON actor.id = a.actor_id LEFT JOIN account_appeals ap ON ap.action_id = a.id
              WHERE a.target_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT ${ACTION_HISTORY_LIMIT}`,
      params: [userId],
    };
  }

  /** The member's actions with their appeals, newest first (idx_account_actions_target). */
  notices(userId: string): Promise<ActionWithAppealRow[]> {
    const sql = this.noticesSql(userId);
    return queryRows(this.dataSource.manager, sql.text, sql.params);
  }

  queueSql(): Sql {
    return {
      // The page of pending appeals first (a walk of the partial index), then their actions by key.
      text: `SELECT ${COLUMNS}
               FROM (SELECT * FROM account_appeals WHERE status = 'pending' ORDER BY created_at, id LIMIT ${APPEAL_QUEUE_LIMIT}) ap
               JOIN account_actions a ON a.id = ap.action_id JOIN users m ON m.id = a.target_id
               LEFT JOIN users actor ON actor.id = a.actor_id
              ORDER BY ap.created_at, ap.id`,
      params: [],
    };
  }

  /** Pending appeals, oldest first (idx_account_appeals_pending). */
  queue(): Promise<ActionWithAppealRow[]> {
    const sql = this.queueSql();
    return queryRows(this.dataSource.manager, sql.text, sql.params);
  }

  /** One appeal with its action, as the queue shows it. */
  async byId(em: EntityManager, appealId: string): Promise<ActionWithAppealRow | null> {
    const [row] = await queryRows<ActionWithAppealRow>(
      em,
      `SELECT ${COLUMNS} FROM account_appeals ap JOIN account_actions a ON a.id = ap.action_id JOIN users m ON m.id = a.target_id
         LEFT JOIN users actor ON actor.id = a.actor_id WHERE ap.id = $1`,
      [appealId],
    );
    return row ?? null;
  }

  /** The action's row, locked: an appeal and an undo of the same action take turns. */
  async lockAction(em: EntityManager, actionId: string): Promise<Pick<AccountActionRow, 'id' | 'target_id' | 'kind' | 'lifted_at'> | null> {
    const [row] = await queryRows<Pick<AccountActionRow, 'id' | 'target_id' | 'kind' | 'lifted_at'>>(
      em,
      `SELECT id, target_id, kind, lifted_at FROM account_actions WHERE id = $1 FOR UPDATE`,
      [actionId],
    );
    return row ?? null;
  }

  /** The appeal, or null when the action has one already (the unique action_id decides a race). */
  async insert(em: EntityManager, actionId: string, text: string): Promise<AppealRow | null> {
    const [row] = await queryRows<AppealRow>(
      em,
      `INSERT INTO account_appeals (action_id, text) VALUES ($1, $2) ON CONFLICT (action_id) DO NOTHING
       RETURNING id, action_id, text, created_at, status, decided_at, reply`,
      [actionId, text],
    );
    return row ?? null;
  }

  /** The appeal's row, locked (two staff deciding it at once take turns). */
  async lock(em: EntityManager, appealId: string): Promise<AppealRow | null> {
    const [row] = await queryRows<AppealRow>(em, `SELECT id, action_id, text, created_at, status, decided_at, reply FROM account_appeals WHERE id = $1 FOR UPDATE`, [
      appealId,
    ]);
    return row ?? null;
  }

  async decide(em: EntityManager, appealId: string, status: 'accepted' | 'rejected', staffId: string, reply: string | null): Promise<void> {
    await queryRows(em, `UPDATE account_appeals SET status = $2, decided_at = now(), decided_by = $3, reply = $4 WHERE id = $1`, [appealId, status, staffId, reply]);
  }
}
