import type { ReportCaseDetail, ReportCaseResponse, ReportCasesPage, ReportCaseSummary, ReportResolution, ReportSort } from '@gundem/contract';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogWriter, postLabel } from '../audit/audit-log.writer';
import { INVALID_CURSOR } from '../common/common.texts';
import { decodeCursor, encodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page-query.dto';
import { ActivityEvents } from '../common/activity/activity-events';
import type { AccountActionRow } from '../moderation/account-actions.repository';
import { AccountActionsService } from '../moderation/account-actions.service';
import { RulesService } from '../rules/rules.service';
import { type CaseCursor, caseCursorOf, type LockedCase, ReportsRepository, toCaseSummary } from '../reports/reports.repository';
import { ReportsService } from '../reports/reports.service';
import {
  REPORT_ACTION_NOT_FOR_TARGET,
  REPORT_ASSIGNED,
  REPORT_CASE_NOT_FOUND,
  REPORT_CASE_RESOLVED,
  REPORT_KIND_ONLY_FOR_ACCOUNT_ACTION,
  REPORT_KIND_REQUIRED,
  REPORT_NOTE_ADDED,
  REPORT_REASON_REQUIRED,
  REPORT_RESOLVED_ACTED,
  REPORT_RESOLVED_DISMISSED,
  REPORT_STAFF_ADMIN_ONLY,
} from '../reports/reports.texts';
import type { SessionUser } from '../users/session-user';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import type { ReportQueryDto } from './dto/report-query.dto';
import type { ReportNoteDto, ResolveReportDto } from './dto/resolve-report.dto';

/** The detail's bounded lists. */
export const RECENT_POSTS_SHOWN = 10;
export const EARLIER_CASES_SHOWN = 10;
export const ACTIONS_SHOWN = 20;

/** The queue's cursor: the standard keyset cursor of (latest report, id), with the report count in front for `most`. */
export function encodeCaseCursor(cursor: CaseCursor): string {
  const base = encodeCursor({ createdAt: cursor.at, id: cursor.id });
  return cursor.count === undefined ? base : `${cursor.count}.${base}`;
}

export function decodeCaseCursor(raw: string | undefined, sort: ReportSort): CaseCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  let count: number | undefined;
  let rest = raw;
  if (sort === 'most') {
    const match = /^(\d{1,9})\.(.+)$/.exec(raw);
    if (!match) throw new BadRequestException(INVALID_CURSOR);
    count = Number(match[1]);
    rest = match[2];
  }
  const cursor = decodeCursor(rest);
  if (!cursor) throw new BadRequestException(INVALID_CURSOR);
  return { count, at: cursor.createdAt, id: cursor.id };
}

/** The audit log's label of a case: the post's first characters, or the reported account. */
function caseLabel(summary: ReportCaseSummary): string {
  if (summary.targetType === 'post' && summary.snapshot.post) return postLabel(summary.snapshot.post.content);
  return `@${summary.account.username}`;
}

const POST_ACTIONS: ReadonlySet<ReportResolution> = new Set(['delete_post', 'mark_sensitive']);

/**
 * The moderation desk (docs/wire-contract.md#moderation-desk): the queue of cases, a case's
 * detail, assigning, notes and the resolution. A resolution's effect reuses the back office's own
 * services (AdminPostsService, AdminUsersService): the case's lock, its checks, the resolution
 * and its audit entry run first in that action's transaction, so the effect and the resolution
 * commit together or not at all.
 */
@Injectable()
export class AdminReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: ReportsRepository,
    private readonly audit: AuditLogWriter,
    private readonly posts: AdminPostsService,
    private readonly users: AdminUsersService,
    private readonly reports: ReportsService,
    private readonly activity: ActivityEvents,
    private readonly accountActions: AccountActionsService,
    private readonly rules: RulesService,
  ) {}

  async list(query: ReportQueryDto): Promise<ReportCasesPage> {
    const status = query.status ?? 'open';
    const sort = query.sort ?? 'newest';
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const cursor = decodeCaseCursor(query.cursor, sort);
    const rows = await this.repository.casePage(status, sort, cursor, limit + 1);
    const cases = rows.slice(0, limit).map(toCaseSummary);
    const last = cases[cases.length - 1];
    return { cases, nextCursor: rows.length > limit && last ? encodeCaseCursor(caseCursorOf(last, sort)) : null };
  }

  async openCount(): Promise<{ open: number }> {
    return { open: await this.repository.openCount() };
  }

  async detail(id: string): Promise<ReportCaseDetail> {
    const summary = await this.repository.caseById(id);
    if (!summary) throw new NotFoundException(REPORT_CASE_NOT_FOUND);
    const accountId = summary.account.id;
    const [reports, notes, recentPosts, earlierCases, actions] = await Promise.all([
      this.repository.reportsOf(id),
      this.repository.notesOf(id),
      this.repository.recentPostsOf(accountId, RECENT_POSTS_SHOWN),
      this.repository.earlierCases(accountId, id, EARLIER_CASES_SHOWN),
      this.repository.actionsOn(accountId, ACTIONS_SHOWN),
    ]);
    return { case: summary, reports, notes, recentPosts, earlierCases, actions };
  }

  /** The case is the actor's to handle (whoever had it before); 409 once resolved. */
  async assign(actor: SessionUser, id: string): Promise<ReportCaseResponse> {
    await this.dataSource.transaction(async (em) => {
      const locked = await this.lockOpen(em, id);
      await this.repository.assign(em, id, actor.id);
      const summary = await this.repository.caseById(id, em);
      await this.audit.record(em, {
        actorId: actor.id,
        action: 'report.assign',
        targetType: 'report',
        targetId: id,
        targetLabel: summary ? caseLabel(summary) : `@${locked.account_username}`,
        before: { assignee: locked.assignee_username },
        after: { assignee: actor.username },
      });
    });
    return { message: REPORT_ASSIGNED, case: await this.summary(id) };
  }

  /** A private note of the staff member on an open case. */
  async addNote(actor: SessionUser, id: string, dto: ReportNoteDto): Promise<ReportCaseResponse> {
    await this.dataSource.transaction(async (em) => {
      await this.lockOpen(em, id);
      await this.repository.addNote(em, id, actor.id, dto.body);
    });
    return { message: REPORT_NOTE_ADDED, case: await this.summary(id) };
  }

  /**
   * Resolves every report of the case with one action. 400 for a post's action on an account's
   * or a message's case, an unknown rule, or an account action without its kind or reason; 409
   * when the case is already resolved; 403 for a moderator on a staff account's case (and,
   * through AdminUsersService or AccountActionsService, for anything they refuse).
   *
   * `account_action` runs the account action (warn, suspend, …: AccountActionsService.createIn)
   * on the case's account in the resolution's transaction, so the member's notice, its appeal and
   * both audit entries (report.resolve, user.<kind>) come with it or not at all. `delete_post`
   * gives the post's author a `post_removed` notice with the note as its reason.
   */
  async resolve(actor: SessionUser, id: string, dto: ResolveReportDto): Promise<ReportCaseResponse & { reporters: string[] }> {
    const current = await this.repository.caseById(id);
    if (!current) throw new NotFoundException(REPORT_CASE_NOT_FOUND);
    if (POST_ACTIONS.has(dto.action) && current.targetType !== 'post') throw new BadRequestException(REPORT_ACTION_NOT_FOR_TARGET);
    if (dto.action === 'account_action') {
      if (!dto.kind) throw new BadRequestException(REPORT_KIND_REQUIRED);
      if (!dto.note) throw new BadRequestException(REPORT_REASON_REQUIRED);
    } else if (dto.kind !== undefined || dto.days != null) {
      throw new BadRequestException(REPORT_KIND_ONLY_FOR_ACCOUNT_ACTION);
    }
    let reporters: string[] = [];
    // The account action written by the (last, committed) attempt: a holder, since the closure sets it.
    const made: { action: AccountActionRow | null } = { action: null };
    const within = async (em: EntityManager) => {
      made.action = null;
      const locked = await this.lockOpen(em, id);
      // Read under the lock: a role changed a moment ago counts.
      if (actor.role !== 'admin' && locked.account_role !== 'user') throw new ForbiddenException(REPORT_STAFF_ADMIN_ONLY);
      // 400 for an unknown rule before anything is written (the action cites it again itself).
      const rule = await this.rules.cite(em, dto.ruleId);
      if (dto.action === 'account_action' && dto.kind) {
        made.action = await this.accountActions.createIn(em, actor.id, current.account.id, { kind: dto.kind, reason: dto.note ?? '', days: dto.days, ruleId: dto.ruleId });
      }
      await this.repository.resolve(em, id, dto.action, actor.id, made.action?.id ?? null);
      reporters = await this.repository.reportersOf(em, id);
      await this.audit.record(em, {
        actorId: actor.id,
        action: 'report.resolve',
        targetType: 'report',
        targetId: id,
        targetLabel: caseLabel(current),
        reason: dto.note ? dto.note : null,
        before: { status: 'open' },
        after: {
          status: 'resolved',
          resolution: dto.action,
          ...(dto.kind && { kind: dto.kind }),
          ...(made.action && { actionId: made.action.id }),
          ...(rule && { rule: rule.number }),
        },
      });
    };
    switch (dto.action) {
      case 'dismiss':
      case 'account_action':
        await this.dataSource.transaction(within);
        break;
      case 'delete_post':
        await this.posts.delete(actor, current.targetId, within, { reason: dto.note, ruleId: dto.ruleId });
        break;
      case 'mark_sensitive':
        await this.posts.setSensitive(actor, current.targetId, true, within);
        break;
      case 'deactivate_account':
        await this.users.update(actor, current.account.id, { isActive: false }, within);
        break;
    }
    if (made.action) this.accountActions.afterCreate(actor.id, made.action);
    // After the commit: the reporters learn that staff acted (not what was done, nor by whom;
    // NotificationsWriter, through ActivityEvents), and every staff badge the new open count.
    if (dto.action !== 'dismiss' && reporters.length) this.activity.publish({ kind: 'report-resolved', actorId: actor.id, reporterIds: reporters, at: new Date() });
    await this.reports.announceOpenCount();
    return { message: dto.action === 'dismiss' ? REPORT_RESOLVED_DISMISSED : REPORT_RESOLVED_ACTED, case: await this.summary(id), reporters };
  }

  private async lockOpen(em: EntityManager, id: string): Promise<LockedCase> {
    const locked = await this.repository.lockCase(em, id);
    if (!locked) throw new NotFoundException(REPORT_CASE_NOT_FOUND);
    if (locked.status !== 'open') throw new ConflictException(REPORT_CASE_RESOLVED);
    return locked;
  }

  private async summary(id: string): Promise<ReportCaseSummary> {
    const summary = await this.repository.caseById(id);
    if (!summary) throw new NotFoundException(REPORT_CASE_NOT_FOUND);
    return summary;
  }
}
