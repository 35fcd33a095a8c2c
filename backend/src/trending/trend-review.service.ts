import type { HashtagReviewResponse, HiddenHashtagsResponse } from '@gundem/contract';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import { normalizeHashtag } from '../posts/post-text';
import { HASHTAG_INVALID } from '../posts/posts.texts';
import type { SessionUser } from '../users/session-user';
import { TrendingRepository } from './trending.repository';
import { TrendingService } from './trending.service';
import { HASHTAG_ALREADY_HIDDEN, HASHTAG_HIDDEN, HASHTAG_NOT_HIDDEN, HASHTAG_SHOWN } from './trend-review.texts';

/** The newest hidden hashtags the back office lists (a short list in practice). */
export const HIDDEN_LIST_LIMIT = 200;

/** A hashtag as posts store it (post-text.ts normalizeHashtag: without `#`, NFC, Turkish lowercase), or a 400. */
export function normaliseTag(raw: string): string {
  const tag = normalizeHashtag(raw.trim());
  if (tag === null) throw new BadRequestException(HASHTAG_INVALID);
  return tag;
}

/**
 * Trend review (docs/wire-contract.md#trend-review): staff hide a hashtag from the trends and undo
 * it. Each change and its audit entry commit together; this node serves the change at once
 * (TrendingService.hiddenChanged), the others within the ranking's reload interval.
 */
@Injectable()
export class TrendReviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: TrendingRepository,
    private readonly trending: TrendingService,
    private readonly audit: AuditLogWriter,
  ) {}

  async hidden(): Promise<HiddenHashtagsResponse> {
    const rows = await this.repository.hiddenList(HIDDEN_LIST_LIMIT);
    return {
      hashtags: rows.map((row) => ({
        hashtag: row.tag,
        hiddenAt: row.hidden_at.toISOString(),
        hiddenBy: row.hidden_by && row.username ? { id: row.hidden_by, username: row.username } : null,
      })),
    };
  }

  /** Hiding a hidden tag changes nothing and logs nothing (200, its own message). */
  async hide(staff: Pick<SessionUser, 'id'>, raw: string): Promise<HashtagReviewResponse> {
    const tag = normaliseTag(raw);
    const changed = await this.dataSource.transaction(async (em) => {
      if (!(await this.repository.hide(em, tag, staff.id))) return false;
      await this.audit.record(em, { actorId: staff.id, action: 'trend.hide', targetType: 'hashtag', targetId: null, targetLabel: `#${tag}`, before: { hidden: false }, after: { hidden: true } });
      return true;
    });
    if (changed) this.trending.hiddenChanged(tag, true);
    return { message: changed ? HASHTAG_HIDDEN : HASHTAG_ALREADY_HIDDEN, hashtag: tag, hidden: true };
  }

  async unhide(staff: Pick<SessionUser, 'id'>, raw: string): Promise<HashtagReviewResponse> {
    const tag = normaliseTag(raw);
    await this.dataSource.transaction(async (em) => {
      if (!(await this.repository.unhide(em, tag))) throw new NotFoundException(HASHTAG_NOT_HIDDEN);
      await this.audit.record(em, { actorId: staff.id, action: 'trend.unhide', targetType: 'hashtag', targetId: null, targetLabel: `#${tag}`, before: { hidden: true }, after: { hidden: false } });
    });
    this.trending.hiddenChanged(tag, false);
    return { message: HASHTAG_SHOWN, hashtag: tag, hidden: false };
  }
}
