import type { AccountAction, AccountActionKind, AuditAction, NoticeKind, RemovedPostSnapshot } from '@gundem/contract';
import { ACCOUNT_ACTION_REASON_MAX } from '@gundem/contract';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import { ActivityEvents } from '../common/activity/activity-events';
import { FORBIDDEN, USER_NOT_FOUND } from '../common/common.texts';
import { charCount } from '../posts/post-text';
import { type RestoredPost, RemovedPostsService } from '../posts/removed-posts.service';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { RulesService } from '../rules/rules.service';
import { isStaff } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { UsersService } from '../users/users.service';
import { type AccountActionRow, AccountActionsRepository, type ActionTarget } from './account-actions.repository';
import type { CreateAccountActionDto } from './dto/create-account-action.dto';
import {
  ACCOUNT_LIMITED,
  ACCOUNT_MEDIA_SENSITIVE,
  ACCOUNT_SUSPENDED,
  ACCOUNT_WARNED,
  ACTION_ALREADY_ENDED,
  ACTION_ALREADY_UNDONE,
  ACTION_NOT_FOUND,
  ACTION_REASON_REQUIRED,
  ACTION_UNDONE,
  ALREADY_LIMITED,
  ALREADY_MEDIA_SENSITIVE,
  ALREADY_SUSPENDED,
  actionReasonTooLong,
  CANNOT_ACT_ON_SELF,
  DAYS_ONLY_FOR_SUSPENSION,
  INACTIVE_CANNOT_BE_SUSPENDED,
  POST_REMOVAL_UNDONE,
  POST_REMOVAL_UNDONE_NOT_RESTORED,
  POST_REMOVED_DEFAULT_REASON,
  STAFF_ACTIONS_ADMIN_ONLY,
} from './moderation.texts';

const DAY_MS = 24 * 60 * 60 * 1000;

const AUDIT_CODES: Record<AccountActionKind, AuditAction> = { warn: 'user.warn', sensitive_media: 'user.sensitive_media', suspend: 'user.suspend', limit: 'user.limit' };
const DONE_MESSAGES: Record<AccountActionKind, string> = {
  warn: ACCOUNT_WARNED,
  sensitive_media: ACCOUNT_MEDIA_SENSITIVE,
  suspend: ACCOUNT_SUSPENDED,
  limit: ACCOUNT_LIMITED,
};

/** The account column an action sets and its undo clears, by wire name, for the audit entries (warn: none). */
function auditState(kind: NoticeKind, holding: boolean): Record<string, boolean> | null {
  if (kind === 'suspend') return { isActive: !holding };
  if (kind === 'sensitive_media') return { mediaSensitive: holding };
  if (kind === 'limit') return { limited: holding };
  return null;
}

/** The wire's action; `actor` only for staff. */
export function toAccountAction(row: AccountActionRow, withActor: boolean): AccountAction {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lifted: row.lifted_at !== null,
    postRestored: row.post_restored_at !== null,
    rule: row.rule_number !== null && row.rule_text !== null ? { id: row.rule_id, number: row.rule_number, text: row.rule_text } : null,
    removedPost: row.post_snapshot ?? null,
    ...(withActor && { actor: row.actor_id && row.actor_username ? { id: row.actor_id, username: row.actor_username } : null }),
  };
}

/**
 * Who may act on an account (docs/wire-contract.md#account-actions): moderators and admins,
 * nobody on themself, and only an admin on a staff account (a moderator cannot act on an admin
 * or another moderator). Checked on the rows as locked, so a role changed a moment ago counts.
 */
function checkPermission(actor: ActionTarget | undefined, target: ActionTarget): void {
  if (!actor?.is_active || !isStaff(actor)) throw new ForbiddenException(FORBIDDEN);
  if (actor.id === target.id) throw new ForbiddenException(CANNOT_ACT_ON_SELF);
  if (actor.role !== 'admin' && target.role !== 'user') throw new ForbiddenException(STAFF_ACTIONS_ADMIN_ONLY);
}

/**
 * Graduated actions on an account (issue 25): warn, mark its media sensitive, limit (its posts
 * and the account reach only its followers: social/limits.sql.ts; indefinite until undone),
 * suspend; and their undo. Each is one transaction with its audit entry; a suspension's session end (every node's
 * session cache, every node's sockets) follows the commit, as a deactivation's does.
 */
@Injectable()
export class AccountActionsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AccountActionsRepository,
    private readonly audit: AuditLogWriter,
    private readonly users: UsersService,
    private readonly realtime: RealtimeEvents,
    private readonly activity: ActivityEvents,
    private readonly rules: RulesService,
    private readonly removedPosts: RemovedPostsService,
  ) {}

  /** From now on `post:new` of the everyone feed takes a limited account's posts only to its followers and itself. */
  onModuleInit(): void {
    this.realtime.useLimits((ids) => this.repository.limitedAudiences(ids));
  }

  /** The account's actions, newest first, for staff (404 for an unknown account). */
  async history(targetId: string): Promise<{ actions: AccountAction[] }> {
    const [user] = await this.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [targetId]);
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return { actions: (await this.repository.history(targetId)).map((r) => toAccountAction(r, true)) };
  }

  async create(actor: Pick<SessionUser, 'id'>, targetId: string, dto: CreateAccountActionDto): Promise<{ message: string; action: AccountAction }> {
    const row = await this.dataSource.transaction((em) => this.createIn(em, actor.id, targetId, dto));
    this.afterCreate(actor.id, row);
    return { message: DONE_MESSAGES[row.kind as AccountActionKind], action: toAccountAction(row, true) };
  }

  /**
   * The action on the caller's transaction (this route's, or a report's resolution, admin/): the
   * reason and the rule checked, both accounts locked and the permissions checked, the effect and
   * the audit entry written. The caller calls afterCreate once it committed.
   */
  async createIn(em: EntityManager, actorId: string, targetId: string, dto: CreateAccountActionDto): Promise<AccountActionRow> {
    const reason = dto.reason.trim();
    if (!reason) throw new BadRequestException(ACTION_REASON_REQUIRED);
    if (charCount(reason) > ACCOUNT_ACTION_REASON_MAX) throw new BadRequestException(actionReasonTooLong(ACCOUNT_ACTION_REASON_MAX));
    if (dto.kind !== 'suspend' && dto.days != null) throw new BadRequestException(DAYS_ONLY_FOR_SUSPENSION);
    const endsAt = dto.kind === 'suspend' && dto.days != null ? new Date(Date.now() + dto.days * DAY_MS) : null;
    const target = await this.lockAndCheck(em, actorId, targetId);
    if (dto.kind === 'suspend') {
      if (target.suspended) throw new ConflictException(ALREADY_SUSPENDED);
      if (!target.is_active) throw new ConflictException(INACTIVE_CANNOT_BE_SUSPENDED);
    }
    if (dto.kind === 'sensitive_media' && target.media_sensitive) throw new ConflictException(ALREADY_MEDIA_SENSITIVE);
    if (dto.kind === 'limit' && target.limited) throw new ConflictException(ALREADY_LIMITED);
    const rule = await this.rules.cite(em, dto.ruleId);
    const inserted = await this.repository.insert(em, { targetId, actorId, kind: dto.kind, reason, endsAt, rule });
    if (dto.kind === 'suspend') await this.repository.suspend(em, targetId);
    if (dto.kind === 'sensitive_media') await this.repository.markMediaSensitive(em, targetId);
    if (dto.kind === 'limit') await this.repository.setLimited(em, targetId, true);
    await this.audit.record(em, {
      actorId,
      action: AUDIT_CODES[dto.kind],
      targetType: 'user',
      targetId,
      targetLabel: `@${target.username}`,
      reason,
      before: auditState(dto.kind, false),
      after: {
        actionId: inserted.id,
        ...(rule && { rule: rule.number }),
        ...auditState(dto.kind, true),
        ...(dto.kind === 'suspend' && { suspendedUntil: endsAt?.toISOString() ?? null }),
      },
    });
    return inserted;
  }

  /** After createIn's commit: a suspension ends the member's sessions everywhere; the member's notice is notified. */
  afterCreate(actorId: string, row: AccountActionRow): void {
    if (row.kind === 'suspend') this.sessionsEnded(actorId, row.target_id);
    this.notify(row.target_id);
  }

  /**
   * Staff deleted a post (admin/: the posts page, a report's resolution): its author's
   * `post_removed` notice, with the post as it was, the reason and the rule, on the deletion's
   * transaction (the caller calls notify after the commit). The deletion's own authorization
   * (staff, any post) decides, so no account rule applies here; staff removing their own post get
   * no notice (null).
   */
  async recordPostRemoval(
    em: EntityManager,
    actorId: string,
    post: RemovedPostSnapshot & { authorId: string },
    reason: string | undefined,
    ruleId: string | null | undefined,
  ): Promise<AccountActionRow | null> {
    const text = reason?.trim() || POST_REMOVED_DEFAULT_REASON;
    if (charCount(text) > ACCOUNT_ACTION_REASON_MAX) throw new BadRequestException(actionReasonTooLong(ACCOUNT_ACTION_REASON_MAX));
    const rule = await this.rules.cite(em, ruleId);
    if (post.authorId === actorId) return null;
    return this.repository.insert(em, {
      targetId: post.authorId,
      actorId,
      kind: 'post_removed',
      reason: text,
      endsAt: null,
      rule,
      post: { id: post.id, content: post.content, createdAt: post.createdAt },
    });
  }

  /** Undoes the action (staff's undo route; an accepted appeal does the same in its own transaction through `undoIn`). */
  async undo(actor: Pick<SessionUser, 'id'>, actionId: string): Promise<{ message: string; action: AccountAction }> {
    const undone = await this.dataSource.transaction((em) => this.undoIn(em, actor.id, actionId));
    this.afterUndo(actor.id, undone);
    const { row } = undone;
    const message = row.kind !== 'post_removed' ? ACTION_UNDONE : row.post_restored_at ? POST_REMOVAL_UNDONE : POST_REMOVAL_UNDONE_NOT_RESTORED;
    return { message, action: toAccountAction(row, true) };
  }

  /** After undoIn's commit: a lifted suspension's account is back everywhere; a restored post is back in the feeds. */
  afterUndo(actorId: string, undone: { row: AccountActionRow; lifted: boolean; restored: RestoredPost | null }): void {
    if (undone.lifted) this.accountBack(actorId, undone.row.target_id);
    if (undone.restored) this.removedPosts.afterRestore(undone.restored);
  }

  /**
   * The undo on the caller's transaction: the action's row and both accounts locked, the rules
   * checked, the effect reversed, the audit entry written. `lifted`: a suspension ended;
   * `restored`: a `post_removed` action's post came back from its archive (RemovedPostsService;
   * null when there was none to restore). The caller calls afterUndo after its commit.
   */
  async undoIn(em: EntityManager, actorId: string, actionId: string): Promise<{ row: AccountActionRow; lifted: boolean; restored: RestoredPost | null }> {
    const action = await this.repository.lockAction(em, actionId);
    if (!action) throw new NotFoundException(ACTION_NOT_FOUND);
    const target = await this.lockAndCheck(em, actorId, action.target_id);
    if (action.revoked_at) throw new ConflictException(ACTION_ALREADY_UNDONE);
    if (action.lifted_at) throw new ConflictException(ACTION_ALREADY_ENDED);
    // Under the action's and the author's locks: a second undo or acceptance waits, then finds it revoked.
    const restored = action.kind === 'post_removed' ? await this.removedPosts.restoreIn(em, actionId) : null;
    const row = await this.repository.markRevoked(em, actionId, actorId, restored !== null);
    if (action.kind === 'suspend') await this.repository.unsuspend(em, action.target_id);
    if (action.kind === 'sensitive_media') await this.repository.clearMediaSensitive(em, action.target_id);
    if (action.kind === 'limit') await this.repository.setLimited(em, action.target_id, false);
    await this.audit.record(em, {
      actorId,
      action: 'user.action_undo',
      targetType: 'user',
      targetId: action.target_id,
      targetLabel: `@${target.username}`,
      reason: action.reason,
      before: { actionId, kind: action.kind, ...auditState(action.kind, true) },
      after: { actionId, revoked: true, ...auditState(action.kind, false), ...(action.kind === 'post_removed' && { restoredPostId: restored?.postId ?? null }) },
    });
    return { row, lifted: action.kind === 'suspend', restored };
  }

  /**
   * The member's accounts and the actor's locked (id order) and the rules checked on them: what
   * every decision about `targetId` by `actorId` starts with. The target's row.
   */
  async lockAndCheck(em: EntityManager, actorId: string, targetId: string): Promise<ActionTarget> {
    const rows = await this.repository.lockUsers(em, [actorId, targetId]);
    const target = rows.find((r) => r.id === targetId);
    if (!target) throw new NotFoundException(USER_NOT_FOUND);
    checkPermission(
      rows.find((r) => r.id === actorId),
      target,
    );
    return target;
  }

  /** After a commit: the member's `moderation` notification (written and pushed by notifications/). */
  notify(userId: string): void {
    this.activity.publish({ kind: 'moderation', actorId: userId, userId, at: new Date() });
  }

  /** After a suspension's commit: every node reads the session row again and closes the account's sockets. */
  private sessionsEnded(actorId: string, userId: string): void {
    this.users.sessionChanged(userId);
    this.realtime.disconnectUser(userId);
    this.activity.publish({ kind: 'account', actorId, userId, active: false, at: new Date() });
  }

  /** After a suspension was lifted (undo, accepted appeal, its end): the account is active again everywhere. */
  accountBack(actorId: string, userId: string): void {
    this.users.sessionChanged(userId);
    this.activity.publish({ kind: 'account', actorId, userId, active: true, at: new Date() });
  }
}
