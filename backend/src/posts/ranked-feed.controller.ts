import type { PostPage } from '@gundem/contract';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { API_COMPRESSION_THRESHOLD } from '../common/http/compress-api';
import { sendMadeAnswer } from '../common/http/made-answer';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import type { SessionUser } from '../users/session-user';
import { RankedFeedService } from './ranked-feed.service';

/** GET /api/posts/timeline/ranked: the ranked `Size özel` feed (docs/wire-contract.md#size-özel-sıralı-akış). */
@ApiTags('posts')
@Controller('posts')
export class RankedFeedController {
  constructor(private readonly feed: RankedFeedService) {}

  /**
   * Recent posts ranked by engagement decayed with age, re-ranked for the member (followed and
   * interacted-with authors boosted), at most two per author per page; a guest gets the global
   * ranking (its first page the same JSON for every guest for a second). The cursor is a
   * snapshot: paging repeats and skips nothing while engagement changes.
   */
  @OptionalAuth()
  @Get('timeline/ranked')
  async ranked(@CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (viewer || query.cursor) {
      res.json((await this.feed.page(viewer, query)) satisfies PostPage);
      return;
    }
    await sendMadeAnswer(req, res, (await this.feed.guestFirstPage(query)).answer, { type: 'json', brotliQuality: 9, threshold: API_COMPRESSION_THRESHOLD });
  }
}
