import type {
  AccountActionKind,
  CitedRule,
  Media,
  ReportCaseSummary,
  ReportCategory,
  ReportEntry,
  ReportHistoryEntry,
  ReportNote,
  ReportResolution,
  ReportSnapshot,
  ReportSnapshotPost,
  ReportSort,
  ReportStatus,
  ReportTargetType,
} from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import type { UserRole } from '../users/roles';

/** Cap of the staff's badge count: an index-only count that stops there ("999+"). */
export const OPEN_COUNT_CAP = 1000;

export interface PostRow {
  id: string;
  content: string;
  created_at: Date;
  media: Media[];
  sensitive: boolean;
}

export function toSnapshotPost(row: PostRow): ReportSnapshotPost {
  return { id: row.id, content: row.content, createdAt: new Date(row.created_at).toISOString(), media: row.media ?? [], sensitive: row.sensitive };
}

/** A citation's columns (rule_id, rule_number, rule_text) as the wire's rule; null when none was named. */
export function citedRule(row: { rule_id: string | null; rule_number: number | null; rule_text: string | null }): CitedRule | null {
  return row.rule_number !== null && row.rule_text !== null ? { id: row.rule_id, number: row.rule_number, text: row.rule_text } : null;
}

/** Where the queue continues: the last case's sort key. `count` only for the `most` order. */
export interface CaseCursor {
  count?: number;
  at: string;
  id: string;
}

interface CaseRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  account_id: string;
  account_username: string;
  account_display_name: string;
  account_role: UserRole;
  status: ReportStatus;
  report_count: number;
  categories: ReportCategory[];
  /** to_char'd with microseconds: the cursor's position. */
  latest_report_at: string;
  snapshot: ReportSnapshot | null;
  assignee_id: string | null;
  assignee_username: string | null;
  resolution: ReportResolution | null;
  action_kind: AccountActionKind | null;
  resolved_by: string | null;
  resolver_username: string | null;
  resolved_at: Date | null;
}

export function toCaseSummary(row: CaseRow): ReportCaseSummary {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    account: { id: row.account_id, username: row.account_username, displayName: row.account_display_name, role: row.account_role },
    status: row.status,
    reportCount: row.report_count,
    categories: row.categories,
    latestReportAt: row.latest_report_at,
    snapshot: row.snapshot ?? { account: { id: row.account_id, username: row.account_username, displayName: row.account_display_name, bio: null }, attachedPosts: [] },
    assignee: row.assignee_id && row.assignee_username ? { id: row.assignee_id, username: row.assignee_username } : null,
    resolution: row.resolution,
    actionKind: row.action_kind,
    resolvedBy: row.resolved_by && row.resolver_username ? { id: row.resolved_by, username: row.resolver_username } : null,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  };
}

/** A case's sort key as the cursor keeps it. */
export function caseCursorOf(summary: ReportCaseSummary, sort: ReportSort): CaseCursor {
  return sort === 'most' ? { count: summary.reportCount, at: summary.latestReportAt, id: summary.id } : { at: summary.latestReportAt, id: summary.id };
}

/** The select list of a case as the desk shows it; `c` is report_cases. */
const CASE_COLUMNS = `
  c.id, c.target_type, c.target_id, c.account_id, a.username AS account_username, a.display_name AS account_display_name,
  a.role AS account_role, c.status, c.report_count,
  ARRAY(SELECT DISTINCT r.category FROM reports r WHERE r.case_id = c.id ORDER BY r.category) AS categories,
  to_char(c.latest_report_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS latest_report_at,
  (SELECT r.snapshot FROM reports r WHERE r.case_id = c.id ORDER BY r.created_at, r.id LIMIT 1) AS snapshot,
  c.assignee_id, asg.username AS assignee_username, c.resolution, act.kind AS action_kind, c.resolved_by, res.username AS resolver_username, c.resolved_at`;
const CASE_JOINS = `
  JOIN users a ON a.id = c.account_id
  LEFT JOIN users asg ON asg.id = c.assignee_id
  LEFT JOIN users res ON res.id = c.resolved_by
  LEFT JOIN account_actions act ON act.id = c.action_id`;

export interface LockedCase {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  account_id: string;
  account_username: string;
  account_role: UserRole;
  status: ReportStatus;
  assignee_username: string | null;
}

/** Every statement of reports and the moderation desk. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  // ---- the member's report ----

  /** Serialises one member's reports (the hourly count and the upsert), not anyone else's. */
  async lockReporter(em: EntityManager, reporterId: string): Promise<void> {
    await queryRows(em, `SELECT pg_advisory_xact_lock(hashtextextended('report:' || $1::text, 0))`, [reporterId]);
  }

  /** The member's reports sent or updated within the last hour, counted up to `cap` (idx_reports_reporter_updated). */
  async recentReports(em: EntityManager, reporterId: string, cap: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      em,
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM reports WHERE reporter_id = $1 AND updated_at > now() - interval '1 hour' LIMIT $2) x`,
      [reporterId, cap],
    );
    return row.n;
  }

  async postToReport(em: EntityManager, id: string): Promise<(PostRow & { author_id: string; author_active: boolean }) | null> {
    const [row] = await queryRows<PostRow & { author_id: string; author_active: boolean }>(
      em,
      `SELECT p.id, p.content, p.created_at, p.media, p.sensitive, p.author_id, u.is_active AS author_active
         FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async accountToReport(em: EntityManager, id: string): Promise<{ id: string; username: string; display_name: string; bio: string | null; is_active: boolean } | null> {
    const [row] = await queryRows<{ id: string; username: string; display_name: string; bio: string | null; is_active: boolean }>(
      em,
      `SELECT id, username, display_name, bio, is_active FROM users WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async messageToReport(em: EntityManager, id: string): Promise<{ id: string; text: string; created_at: Date; sender_id: string; receiver_id: string } | null> {
    const [row] = await queryRows<{ id: string; text: string; created_at: Date; sender_id: string; receiver_id: string }>(
      em,
      `SELECT id, text, created_at, sender_id, receiver_id FROM messages WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Those of `ids` that are posts of `authorId` (the primary key, then the author compared). */
  async postsOf(em: EntityManager, authorId: string, ids: string[]): Promise<PostRow[]> {
    if (!ids.length) return [];
    return queryRows<PostRow>(
      em,
      `SELECT id, content, created_at, media, sensitive FROM posts WHERE id = ANY($1::uuid[]) AND author_id = $2 ORDER BY array_position($1::uuid[], id)`,
      [ids, authorId],
    );
  }

  /** The target's open case (created if none; locked by the upsert until the commit). */
  async openCase(em: EntityManager, targetType: ReportTargetType, targetId: string, accountId: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      em,
      `INSERT INTO report_cases (target_type, target_id, account_id) VALUES ($1, $2, $3)
       ON CONFLICT (target_type, target_id) WHERE status = 'open' DO UPDATE SET account_id = report_cases.account_id
       RETURNING id`,
      [targetType, targetId, accountId],
    );
    return row.id;
  }

  /** The member's report in the case: inserted, or their earlier one updated (one per reporter and case). */
  async upsertReport(
    em: EntityManager,
    report: { caseId: string; reporterId: string; category: ReportCategory; rule: CitedRule | null; comment: string | null; postIds: string[]; snapshot: ReportSnapshot },
  ): Promise<{ id: string; inserted: boolean }> {
    const [row] = await queryRows<{ id: string; inserted: boolean }>(
      em,
      `INSERT INTO reports (case_id, reporter_id, category, comment, attached_post_ids, snapshot, rule_id, rule_number, rule_text)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6::jsonb, $7, $8, $9)
       ON CONFLICT (case_id, reporter_id) DO UPDATE
         SET category = EXCLUDED.category, comment = EXCLUDED.comment, attached_post_ids = EXCLUDED.attached_post_ids,
             snapshot = EXCLUDED.snapshot, rule_id = EXCLUDED.rule_id, rule_number = EXCLUDED.rule_number, rule_text = EXCLUDED.rule_text,
             updated_at = now()
       RETURNING id, (xmax = 0) AS inserted`,
      [
        report.caseId,
        report.reporterId,
        report.category,
        report.comment,
        report.postIds,
        JSON.stringify(report.snapshot),
        report.rule?.id ?? null,
        report.rule?.number ?? null,
        report.rule?.text ?? null,
      ],
    );
    return row;
  }

  async countNewReport(em: EntityManager, caseId: string): Promise<void> {
    await queryRows(em, `UPDATE report_cases SET report_count = report_count + 1, latest_report_at = now() WHERE id = $1`, [caseId]);
  }

  // ---- the desk ----

  /** Open cases, counted up to OPEN_COUNT_CAP (an index-only range of idx_report_cases_newest). */
  async openCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM report_cases WHERE status = 'open' LIMIT $1) x`,
      [OPEN_COUNT_CAP],
    );
    return row.n;
  }

  /**
   * One page of the queue: `newest` walks idx_report_cases_newest, `most` idx_report_cases_most,
   * from the cursor on (the row comparison continues the index's order), `limit` rows.
   */
  async casePage(status: ReportStatus, sort: ReportSort, cursor: CaseCursor | undefined, limit: number): Promise<CaseRow[]> {
    const params: unknown[] = [status];
    let after = '';
    if (cursor && sort === 'most') {
      params.push(cursor.count ?? 0, cursor.at, cursor.id);
      after = `AND (c.report_count, c.latest_report_at, c.id) < ($2::int, $3::timestamptz, $4::uuid)`;
    } else if (cursor) {
      params.push(cursor.at, cursor.id);
      after = `AND (c.latest_report_at, c.id) < ($2::timestamptz, $3::uuid)`;
    }
    params.push(limit);
    const order = sort === 'most' ? 'c.report_count DESC, c.latest_report_at DESC, c.id DESC' : 'c.latest_report_at DESC, c.id DESC';
    // c.-qualified: the output column latest_report_at is text; ORDER BY must walk the index.
    return queryRows<CaseRow>(
      this.dataSource.manager,
      `SELECT ${CASE_COLUMNS} FROM report_cases c ${CASE_JOINS}
        WHERE c.status = $1 ${after} ORDER BY ${order} LIMIT $${params.length}`,
      params,
    );
  }

  async caseById(id: string, em: EntityManager = this.dataSource.manager): Promise<ReportCaseSummary | null> {
    const [row] = await queryRows<CaseRow>(em, `SELECT ${CASE_COLUMNS} FROM report_cases c ${CASE_JOINS} WHERE c.id = $1`, [id]);
    return row ? toCaseSummary(row) : null;
  }

  /** Earlier cases about the same account, newest first (idx_report_cases_account). */
  async earlierCases(accountId: string, exceptId: string, limit: number): Promise<ReportCaseSummary[]> {
    const rows = await queryRows<CaseRow>(
      this.dataSource.manager,
      `SELECT ${CASE_COLUMNS} FROM report_cases c ${CASE_JOINS}
        WHERE c.account_id = $1 AND c.id <> $2 ORDER BY c.created_at DESC LIMIT $3`,
      [accountId, exceptId, limit],
    );
    return rows.map(toCaseSummary);
  }

  /** The case's reports, oldest first, with their reporters (one per reporter: bounded by the case). */
  async reportsOf(caseId: string): Promise<ReportEntry[]> {
    const rows = await queryRows<{
      id: string;
      reporter_id: string;
      username: string;
      display_name: string;
      category: ReportCategory;
      rule_id: string | null;
      rule_number: number | null;
      rule_text: string | null;
      comment: string | null;
      snapshot: ReportSnapshot;
      created_at: Date;
      updated_at: Date;
    }>(
      this.dataSource.manager,
      `SELECT r.id, r.reporter_id, u.username, u.display_name, r.category, r.rule_id, r.rule_number, r.rule_text, r.comment, r.snapshot, r.created_at, r.updated_at
         FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.case_id = $1 ORDER BY r.created_at, r.id`,
      [caseId],
    );
    return rows.map((r) => ({
      id: r.id,
      reporter: { id: r.reporter_id, username: r.username, displayName: r.display_name },
      category: r.category,
      rule: citedRule(r),
      comment: r.comment,
      snapshot: r.snapshot,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** The members who reported the case (their notification once staff acted). */
  async reportersOf(em: EntityManager, caseId: string): Promise<string[]> {
    const rows = await queryRows<{ reporter_id: string }>(em, `SELECT reporter_id FROM reports WHERE case_id = $1`, [caseId]);
    return rows.map((r) => r.reporter_id);
  }

  async notesOf(caseId: string): Promise<ReportNote[]> {
    const rows = await queryRows<{ id: string; author_id: string; username: string; body: string; created_at: Date }>(
      this.dataSource.manager,
      `SELECT n.id, n.author_id, u.username, n.body, n.created_at FROM report_notes n JOIN users u ON u.id = n.author_id
        WHERE n.case_id = $1 ORDER BY n.created_at, n.id`,
      [caseId],
    );
    return rows.map((n) => ({ id: n.id, author: { id: n.author_id, username: n.username }, body: n.body, createdAt: new Date(n.created_at).toISOString() }));
  }

  /** The account's newest posts now (idx_posts_author_created). */
  async recentPostsOf(accountId: string, limit: number): Promise<ReportSnapshotPost[]> {
    const rows = await queryRows<PostRow>(
      this.dataSource.manager,
      `SELECT id, content, created_at, media, sensitive FROM posts WHERE author_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map(toSnapshotPost);
  }

  /**
   * Staff actions on the account (audit entries on the user) and on its cases (report.*), newest
   * first: two ranges of idx_audit_log_target.
   */
  async actionsOn(accountId: string, limit: number): Promise<ReportHistoryEntry[]> {
    const rows = await queryRows<{ action: string; actor_id: string; actor_username: string; target_label: string; reason: string | null; created_at: Date }>(
      this.dataSource.manager,
      `SELECT * FROM (
         (SELECT a.action, a.actor_id, a.actor_username, a.target_label, a.reason, a.created_at FROM audit_log a
           WHERE a.target_type = 'user' AND a.target_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2)
         UNION ALL
         (SELECT a.action, a.actor_id, a.actor_username, a.target_label, a.reason, a.created_at FROM audit_log a
           WHERE a.target_type = 'report' AND a.target_id IN (SELECT c.id FROM report_cases c WHERE c.account_id = $1)
           ORDER BY a.created_at DESC, a.id DESC LIMIT $2)
       ) x ORDER BY created_at DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((r) => ({
      action: r.action,
      actor: { id: r.actor_id, username: r.actor_username },
      targetLabel: r.target_label,
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  /** The case locked for a change, with the reported account's current role. */
  async lockCase(em: EntityManager, id: string): Promise<LockedCase | null> {
    const [row] = await queryRows<LockedCase>(
      em,
      `SELECT c.id, c.target_type, c.target_id, c.account_id, a.username AS account_username, a.role AS account_role, c.status,
              asg.username AS assignee_username
         FROM report_cases c JOIN users a ON a.id = c.account_id LEFT JOIN users asg ON asg.id = c.assignee_id
        WHERE c.id = $1 FOR UPDATE OF c`,
      [id],
    );
    return row ?? null;
  }

  async assign(em: EntityManager, id: string, assigneeId: string): Promise<void> {
    await queryRows(em, `UPDATE report_cases SET assignee_id = $2 WHERE id = $1`, [id, assigneeId]);
  }

  async addNote(em: EntityManager, caseId: string, authorId: string, body: string): Promise<void> {
    await queryRows(em, `INSERT INTO report_notes (case_id, author_id, body) VALUES ($1, $2, $3)`, [caseId, authorId, body]);
  }

  async resolve(em: EntityManager, id: string, resolution: ReportResolution, actorId: string, actionId: string | null = null): Promise<void> {
    await queryRows(em, `UPDATE report_cases SET status = 'resolved', resolution = $2, resolved_by = $3, resolved_at = now(), action_id = $4 WHERE id = $1`, [
      id,
      resolution,
      actorId,
      actionId,
    ]);
  }
}
