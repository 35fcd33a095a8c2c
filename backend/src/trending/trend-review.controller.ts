import type { HashtagReviewResponse, HiddenHashtagsResponse } from '@gundem/contract';
import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { TrendReviewService } from './trend-review.service';

/** Trend review (docs/wire-contract.md#trend-review): staff, moderators and admins. `:tag` with or without `#` (URL-encoded). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Controller('admin/trends/hidden')
export class TrendReviewController {
  constructor(private readonly review: TrendReviewService) {}

  /** The hidden hashtags, newest first (at most 200). */
  @Get()
  list(): Promise<HiddenHashtagsResponse> {
    return this.review.hidden();
  }

  /** Hides the hashtag from GET /api/trending/hashtags at once. */
  @Put(':tag')
  hide(@Param('tag') tag: string, @CurrentUser() staff: SessionUser): Promise<HashtagReviewResponse> {
    return this.review.hide(staff, tag);
  }

  /** Lets the hashtag trend again (it is back once the ranking, recomputed at once, counts it). */
  @Delete(':tag')
  unhide(@Param('tag') tag: string, @CurrentUser() staff: SessionUser): Promise<HashtagReviewResponse> {
    return this.review.unhide(staff, tag);
  }
}
