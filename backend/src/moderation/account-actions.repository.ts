import type { CitedRule, NoticeKind, RemovedPostSnapshot } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { poolRows, queryRows } from '../database/query-rows';
import type { Sql } from '../posts/posts.repository';
import type { UserRole } from '../users/roles';

/** The most actions one account's history lists (staff screen, the member's notices). */
export const ACTION_HISTORY_LIMIT = 100;

/** An account's row as an action reads it under its lock. */
export interface ActionTarget {
  id: string;
  username: string;
  role: UserRole;
  is_active: boolean;
  suspended: boolean;
  media_sensitive: boolean;
  limited: boolean;
}

export interface AccountActionRow {
  id: string;
  target_id: string;
  actor_id: string | null;
  actor_username: string | null;
  kind: NoticeKind;
  reason: string;
  rule_id: string | null;
  rule_number: number | null;
  rule_text: string | null;
  post_snapshot: RemovedPostSnapshot | null;
  ends_at: Date | null;
  created_at: Date;
  revoked_at: Date | null;
  lifted_at: Date | null;
  post_restored_at: Date | null;
}

export const ACTION_COLUMNS = `a.id, a.target_id, a.actor_id, actor.username AS actor_username, a.kind, a.reason, a.rule_id, a.rule_number, a.rule_text,
  a.post_snapshot, a.ends_at, a.created_at, a.revoked_at, a.lifted_at, a.post_restored_at`;

/** Reads and writes of account_actions and the account columns the actions set (migration 1764850000001). */
@Injectable()
export class AccountActionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The accounts' rows, locked in id order (as AdminRepository.lockUsers: two staff acting on each other cannot deadlock). */
  lockUsers(em: EntityManager, ids: string[]): Promise<ActionTarget[]> {
    return queryRows(em, `SELECT id, username, role, is_active, suspended, media_sensitive, limited FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [[...new Set(ids)]]);
  }

  async insert(
    em: EntityManager,
    action: { targetId: string; actorId: string; kind: NoticeKind; reason: string; endsAt: Date | null; rule: CitedRule | null; post?: RemovedPostSnapshot },
  ): Promise<AccountActionRow> {
    const [row] = await queryRows<AccountActionRow>(
      em,
      `WITH a AS (
         INSERT INTO account_actions (target_id, actor_id, kind, reason, ends_at, rule_id, rule_number, rule_text, post_snapshot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING *)
       SELECT ${ACTION_COLUMNS} FROM a LEFT JOIN users actor ON actor.id = a.actor_id`,
      [
        action.targetId,
        action.actorId,
        action.kind,
        action.reason,
        action.endsAt,
        action.rule?.id ?? null,
        action.rule?.number ?? null,
        action.rule?.text ?? null,
        action.post ? JSON.stringify(action.post) : null,
      ],
    );
    return row;
  }

  historySql(targetId: string): Sql {
    return {
      text: `SELECT ${ACTION_COLUMNS} FROM account_actions a LEFT JOIN users actor ON actor.id = a.actor_id
              WHERE a.target_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT ${ACTION_HISTORY_LIMIT}`,
      params: [targetId],
    };
  }

  /** The account's actions, newest first (idx_account_actions_target). */
  history(targetId: string): Promise<AccountActionRow[]> {
    const sql = this.historySql(targetId);
    return queryRows(this.dataSource.manager, sql.text, sql.params);
  }

  /** The action, its row locked (an undo and an appeal's acceptance cannot both apply). */
  async lockAction(em: EntityManager, id: string): Promise<AccountActionRow | null> {
    const [row] = await queryRows<AccountActionRow>(
      em,
      `SELECT ${ACTION_COLUMNS} FROM account_actions a LEFT JOIN users actor ON actor.id = a.actor_id WHERE a.id = $1 FOR UPDATE OF a`,
      [id],
    );
    return row ?? null;
  }

  async markRevoked(em: EntityManager, id: string, revokedBy: string, postRestored = false): Promise<AccountActionRow> {
    const [row] = await queryRows<AccountActionRow>(
      em,
      `WITH a AS (UPDATE account_actions SET revoked_at = now(), revoked_by = $2, lifted_at = now(), post_restored_at = CASE WHEN $3 THEN now() END WHERE id = $1 RETURNING *)
       SELECT ${ACTION_COLUMNS} FROM a LEFT JOIN users actor ON actor.id = a.actor_id`,
      [id, revokedBy, postRestored],
    );
    return row;
  }

  /** Suspends: inactive (content hidden as a deactivated account's), flagged suspended, every token void. */
  async suspend(em: EntityManager, userId: string): Promise<void> {
    await queryRows(em, `UPDATE users SET is_active = false, suspended = true, session_version = session_version + 1, updated_at = now() WHERE id = $1`, [userId]);
  }

  /** Lifts a suspension: the account is active again (its old tokens stay void: the version was bumped). */
  async unsuspend(em: EntityManager, userId: string): Promise<void> {
    await queryRows(em, `UPDATE users SET is_active = true, suspended = false, updated_at = now() WHERE id = $1 AND suspended`, [userId]);
  }

  /** Marks every post of the account that has pictures and is not sensitive yet; new ones follow users.media_sensitive (PostsRepository's insert). */
  async markMediaSensitive(em: EntityManager, userId: string): Promise<void> {
    await queryRows(em, `UPDATE users SET media_sensitive = true WHERE id = $1`, [userId]);
    await queryRows(em, `UPDATE posts SET sensitive = true, forced_sensitive = true WHERE author_id = $1 AND NOT sensitive AND media <> '[]'::jsonb`, [userId]);
  }

  /** Sets or clears users.limited (a `limit` action, its undo): every list reads it on the author row (social/limits.sql.ts). */
  async setLimited(em: EntityManager, userId: string, limited: boolean): Promise<void> {
    await queryRows(em, `UPDATE users SET limited = $2 WHERE id = $1`, [userId, limited]);
  }

  /**
   * Of `ids`, the limited accounts, each with its followers (RealtimeEvents.useLimits: who gets
   * its posts pushed in the everyone feed). A primary-key probe per account; the followers are
   * read (idx_follows_followee_created) only for a limited one.
   */
  async limitedAudiences(ids: string[]): Promise<Map<string, string[]>> {
    const rows = await poolRows<{ id: string; followers: string[] }>(this.dataSource, {
      name: 'moderation_limited_audiences',
      text: `SELECT u.id::text AS id, ARRAY(SELECT f.follower_id::text FROM follows f WHERE f.followee_id = u.id) AS followers
               FROM users u WHERE u.id = ANY($1::uuid[]) AND u.limited`,
      values: [ids],
    });
    return new Map(rows.map((r) => [r.id, r.followers]));
  }

  /** Clears what markMediaSensitive (and the inserts since) set; the author's own marks stay. */
  async clearMediaSensitive(em: EntityManager, userId: string): Promise<void> {
    await queryRows(em, `UPDATE users SET media_sensitive = false WHERE id = $1`, [userId]);
    await queryRows(em, `UPDATE posts SET sensitive = false, forced_sensitive = false WHERE author_id = $1 AND forced_sensitive`, [userId]);
  }

  /** The standing suspension of the account (lifted_at NULL), if any. */
  async standingSuspension(userId: string): Promise<Pick<AccountActionRow, 'id' | 'ends_at'> | null> {
    const [row] = await queryRows<Pick<AccountActionRow, 'id' | 'ends_at'>>(
      this.dataSource.manager,
      `SELECT id, ends_at FROM account_actions WHERE target_id = $1 AND kind = 'suspend' AND lifted_at IS NULL`,
      [userId],
    );
    return row ?? null;
  }

  /**
   * Lifts up to `limit` suspensions whose end has passed (only `userId`'s when given), in one
   * transaction: each is marked lifted and its account made active again. Rows another node is
   * lifting right now are skipped (SKIP LOCKED) and, once it commits, no longer match
   * (lifted_at), so nodes running this at the same time never lift one twice. The lifted accounts' ids.
   */
  liftDue(limit: number, userId?: string): Promise<string[]> {
    return this.dataSource.transaction(async (em) => {
      const rows = await queryRows<{ id: string }>(
        em,
        `WITH due AS (
           SELECT id, target_id FROM account_actions
            WHERE kind = 'suspend' AND lifted_at IS NULL AND ends_at IS NOT NULL AND ends_at <= now() AND ($2::uuid IS NULL OR target_id = $2)
            ORDER BY ends_at LIMIT $1 FOR UPDATE SKIP LOCKED
         ), lifted AS (
           UPDATE account_actions a SET lifted_at = now() FROM due WHERE a.id = due.id RETURNING a.target_id
         )
         UPDATE users u SET is_active = true, suspended = false, updated_at = now() FROM lifted WHERE u.id = lifted.target_id AND u.suspended RETURNING u.id`,
        [limit, userId ?? null],
      );
      return rows.map((r) => r.id);
    });
  }
}
