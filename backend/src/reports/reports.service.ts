import { REPORTS_PER_HOUR, type CreateReportResponse, type ReportSnapshot } from '@gundem/contract';
import { BadRequestException, HttpException, HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { RulesService } from '../rules/rules.service';
import { BlocksService } from '../social/blocks.service';
import type { SessionUser } from '../users/session-user';
import type { CreateReportDto } from './dto/create-report.dto';
import { ReportsRepository, toSnapshotPost } from './reports.repository';
import {
  REPORT_ACCOUNT_NOT_FOUND,
  REPORT_MESSAGE_NOT_FOUND,
  REPORT_OWN_MESSAGE,
  REPORT_OWN_POST,
  REPORT_POST_NOT_FOUND,
  REPORT_POSTS_FOREIGN,
  REPORT_RECEIVED,
  REPORT_SELF,
  REPORT_UPDATED,
  REPORTS_LIMITED,
} from './reports.texts';

/** What a report is about, resolved from the request: the reported account and the content as it is now. */
interface Target {
  accountId: string;
  snapshot: Omit<ReportSnapshot, 'attachedPosts'>;
}

/**
 * Members' reports (docs/wire-contract.md#reports). A report joins its target's open case (one
 * per target), so staff see every report of a post together. Nothing a member can read names a
 * reporter: only the staff's routes (AdminReportsService) read the reports' reporter_id.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger('Reports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: ReportsRepository,
    private readonly realtime: RealtimeEvents,
    private readonly rules: RulesService,
    private readonly blocks: BlocksService,
  ) {}

  /**
   * Checks the target (one the member may see and is not their own), the attached posts (the
   * reported account's own) and the hourly limit, then inserts the report or updates the
   * member's open one of the same target, with a snapshot of the content: all in one
   * transaction, under a lock of the member's own reports so two at once cannot both pass the
   * limit. `created` is false for an update.
   */
  async create(reporter: SessionUser, dto: CreateReportDto): Promise<CreateReportResponse & { caseId: string; created: boolean }> {
    const targetId = dto.targetId.toLowerCase();
    const postIds = dto.postIds ?? [];
    const comment = dto.comment ? dto.comment : null;
    const answer = await this.dataSource.transaction(async (em) => {
      await this.repository.lockReporter(em, reporter.id);
      const target = await this.target(em, reporter.id, dto.targetType, targetId);
      // 400 for a rule not in the list, before anything is written.
      const rule = await this.rules.cite(em, dto.ruleId);
      const attached = await this.repository.postsOf(em, target.accountId, postIds);
      if (attached.length !== postIds.length) throw new BadRequestException(REPORT_POSTS_FOREIGN);
      if ((await this.repository.recentReports(em, reporter.id, REPORTS_PER_HOUR)) >= REPORTS_PER_HOUR) {
        throw new HttpException(REPORTS_LIMITED, HttpStatus.TOO_MANY_REQUESTS);
      }
      const caseId = await this.repository.openCase(em, dto.targetType, targetId, target.accountId);
      const snapshot: ReportSnapshot = { ...target.snapshot, attachedPosts: attached.map(toSnapshotPost) };
      const report = await this.repository.upsertReport(em, { caseId, reporterId: reporter.id, category: dto.category, rule, comment, postIds, snapshot });
      if (report.inserted) await this.repository.countNewReport(em, caseId);
      return {
        message: report.inserted ? REPORT_RECEIVED : REPORT_UPDATED,
        report: { id: report.id, updated: !report.inserted },
        blocked: false,
        caseId,
        created: report.inserted,
        accountId: target.accountId,
      };
    });
    // After the commit: every staff connection's badge (the open cases now).
    if (answer.created) await this.announceOpenCount();
    const { accountId, ...rest } = answer;
    if (!dto.block) return rest;
    // The block in its own statement once the report stands (BlocksService: idempotent, its own
    // follow removals and realtime). The account was just checked visible and is never the
    // reporter (self-reports are refused), so it fails only if the account went away meanwhile:
    // then the report stands and the answer says `blocked: false`.
    try {
      await this.blocks.set(reporter.id, accountId, true);
      return { ...rest, blocked: true };
    } catch (error) {
      this.logger.warn(`Bildirimle birlikte engelleme yapılamadı: ${error instanceof Error ? error.message : String(error)}`);
      return rest;
    }
  }

  /** `reports:open` with the open cases now to every staff connection; a failed count is logged, never the member's error. */
  async announceOpenCount(): Promise<void> {
    try {
      this.realtime.reportsOpen(await this.repository.openCount());
    } catch (error) {
      this.logger.warn(`Açık bildirim sayısı okunamadı: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** 404 for what the member cannot see, 400 for their own post, account or message. */
  private async target(em: EntityManager, reporterId: string, type: CreateReportDto['targetType'], id: string): Promise<Target> {
    if (type === 'post') {
      const post = await this.repository.postToReport(em, id);
      // A deactivated author's posts are hidden from members (GET /api/posts/:id is 404 too).
      if (!post || !post.author_active) throw new NotFoundException(REPORT_POST_NOT_FOUND);
      if (post.author_id === reporterId) throw new BadRequestException(REPORT_OWN_POST);
      return { accountId: post.author_id, snapshot: { account: await this.accountSnapshot(em, post.author_id), post: toSnapshotPost(post) } };
    }
    if (type === 'account') {
      if (id === reporterId) throw new BadRequestException(REPORT_SELF);
      const account = await this.repository.accountToReport(em, id);
      if (!account || !account.is_active) throw new NotFoundException(REPORT_ACCOUNT_NOT_FOUND);
      return { accountId: account.id, snapshot: { account: { id: account.id, username: account.username, displayName: account.display_name, bio: account.bio || null } } };
    }
    const message = await this.repository.messageToReport(em, id);
    // Another conversation's message: as if it did not exist.
    if (!message || (message.sender_id !== reporterId && message.receiver_id !== reporterId)) throw new NotFoundException(REPORT_MESSAGE_NOT_FOUND);
    if (message.sender_id === reporterId) throw new BadRequestException(REPORT_OWN_MESSAGE);
    return {
      accountId: message.sender_id,
      snapshot: {
        account: await this.accountSnapshot(em, message.sender_id),
        message: { id: message.id, content: message.text, createdAt: new Date(message.created_at).toISOString() },
      },
    };
  }

  private async accountSnapshot(em: EntityManager, id: string): Promise<ReportSnapshot['account']> {
    const account = await this.repository.accountToReport(em, id);
    if (!account) throw new NotFoundException(REPORT_ACCOUNT_NOT_FOUND);
    return { id: account.id, username: account.username, displayName: account.display_name, bio: account.bio || null };
  }
}
