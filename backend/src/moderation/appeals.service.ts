import { ACCOUNT_ACTION_REASON_MAX, APPEAL_TEXT_MAX, type Appeal, type AppealQueueItem, type ModerationNotice } from '@gundem/contract';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import { charCount } from '../posts/post-text';
import { RemovedPostsService } from '../posts/removed-posts.service';
import { AccountActionsService, toAccountAction } from './account-actions.service';
import { type ActionWithAppealRow, type AppealRow, AppealsRepository } from './appeals.repository';
import {
  ACTION_NOT_FOUND,
  APPEAL_ACCEPTED,
  APPEAL_ALREADY_DECIDED,
  APPEAL_ALREADY_SENT,
  APPEAL_NOT_FOUND,
  APPEAL_NOT_NEEDED,
  APPEAL_REJECTED,
  APPEAL_SENT,
  APPEAL_TEXT_REQUIRED,
  appealTooLong,
  POST_REMOVAL_APPEAL_ACCEPTED,
  POST_REMOVAL_APPEAL_ACCEPTED_NOT_RESTORED,
  replyTooLong,
} from './moderation.texts';

function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reply: row.reply,
  };
}

function appealOf(row: ActionWithAppealRow): Appeal | null {
  if (!row.appeal_id) return null;
  return toAppeal({
    id: row.appeal_id,
    action_id: row.id,
    text: row.appeal_text ?? '',
    created_at: row.appeal_created_at!,
    status: row.appeal_status!,
    decided_at: row.appeal_decided_at,
    reply: row.appeal_reply,
  });
}

function toQueueItem(row: ActionWithAppealRow): AppealQueueItem {
  return { ...appealOf(row)!, action: toAccountAction(row, true), member: { id: row.target_id, username: row.member_username } };
}

/**
 * The member's side of the account actions (issue 25): their notices, one appeal per action;
 * and staff's appeals queue, where accepting undoes the action in the decision's transaction.
 */
@Injectable()
export class AppealsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AppealsRepository,
    private readonly actions: AccountActionsService,
    private readonly audit: AuditLogWriter,
    private readonly removedPosts: RemovedPostsService,
  ) {}

  /** Every action against the member, newest first, with its appeal; staff are not named. */
  async notices(userId: string): Promise<{ notices: ModerationNotice[] }> {
    const rows = await this.repository.notices(userId);
    return {
      notices: rows.map((row) => ({ ...toAccountAction(row, false), appeal: appealOf(row), canAppeal: !row.appeal_id && !row.lifted_at })),
    };
  }

  /** The member's one appeal of their action: 404 for another's action, 409 for a second appeal or an action that no longer holds. */
  async appeal(userId: string, actionId: string, rawText: string): Promise<{ message: string; appeal: Appeal }> {
    const text = rawText.trim();
    if (!text) throw new BadRequestException(APPEAL_TEXT_REQUIRED);
    if (charCount(text) > APPEAL_TEXT_MAX) throw new BadRequestException(appealTooLong(APPEAL_TEXT_MAX));
    const row = await this.dataSource.transaction(async (em) => {
      const action = await this.repository.lockAction(em, actionId);
      if (!action || action.target_id !== userId) throw new NotFoundException(ACTION_NOT_FOUND);
      const inserted = await this.repository.insert(em, actionId, text);
      if (!inserted) throw new ConflictException(APPEAL_ALREADY_SENT);
      if (action.lifted_at) throw new ConflictException(APPEAL_NOT_NEEDED);
      return inserted;
    });
    return { message: APPEAL_SENT, appeal: toAppeal(row) };
  }

  /** Pending appeals, oldest first. */
  async queue(): Promise<{ appeals: AppealQueueItem[] }> {
    return { appeals: (await this.repository.queue()).map(toQueueItem) };
  }

  /**
   * Accepts (undoes the action, unless it already stopped holding) or rejects the appeal, with an
   * optional reply, in one transaction with its audit entry; the member is notified after the commit.
   * The same rules as acting on the account: a moderator cannot decide a staff account's appeal.
   *
   * A `post_removed` action's post: accepting brings it back from its archive (undoIn, same
   * transaction; the answer and the notice say whether it was restored); rejecting drops the
   * archive, and its pictures' files after the commit. The appeal row's lock serialises two
   * decisions, so the post is restored at most once.
   */
  async decide(actor: { id: string }, appealId: string, accept: boolean, rawReply: string | undefined): Promise<{ message: string; appeal: AppealQueueItem }> {
    const reply = rawReply?.trim() || null;
    if (reply && charCount(reply) > ACCOUNT_ACTION_REASON_MAX) throw new BadRequestException(replyTooLong(ACCOUNT_ACTION_REASON_MAX));
    const { row, undone, dropped } = await this.dataSource.transaction(async (em) => {
      const appeal = await this.repository.lock(em, appealId);
      if (!appeal) throw new NotFoundException(APPEAL_NOT_FOUND);
      if (appeal.status !== 'pending') throw new ConflictException(APPEAL_ALREADY_DECIDED);
      const action = await this.repository.lockAction(em, appeal.action_id);
      if (!action) throw new NotFoundException(APPEAL_NOT_FOUND);
      const target = await this.actions.lockAndCheck(em, actor.id, action.target_id);
      // Accepting undoes what still holds; an action already undone or ended has nothing left to undo.
      const undone = accept && !action.lifted_at ? await this.actions.undoIn(em, actor.id, action.id) : null;
      // A rejected removal stays: nothing can bring the post back any more, so its archive goes.
      const dropped = !accept && action.kind === 'post_removed' ? await this.removedPosts.dropIn(em, action.id) : [];
      await this.repository.decide(em, appealId, accept ? 'accepted' : 'rejected', actor.id, reply);
      await this.audit.record(em, {
        actorId: actor.id,
        action: accept ? 'user.appeal_accept' : 'user.appeal_reject',
        targetType: 'user',
        targetId: target.id,
        targetLabel: `@${target.username}`,
        reason: reply,
        before: { appealId, actionId: action.id, status: 'pending' },
        after: {
          appealId,
          actionId: action.id,
          status: accept ? 'accepted' : 'rejected',
          ...(accept && action.kind === 'post_removed' && { restoredPostId: undone?.restored?.postId ?? null }),
        },
      });
      return { row: (await this.repository.byId(em, appealId))!, undone, dropped };
    });
    if (undone) this.actions.afterUndo(actor.id, undone);
    if (dropped.length) await this.removedPosts.afterDrop(dropped);
    this.actions.notify(row.target_id);
    const accepted = row.kind !== 'post_removed' ? APPEAL_ACCEPTED : row.post_restored_at ? POST_REMOVAL_APPEAL_ACCEPTED : POST_REMOVAL_APPEAL_ACCEPTED_NOT_RESTORED;
    return { message: accept ? accepted : APPEAL_REJECTED, appeal: toQueueItem(row) };
  }
}
