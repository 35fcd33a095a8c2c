import type { FollowRequestDecisionResponse, FollowRequestListResponse } from '@gundem/contract';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { decodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { FollowRequestsService } from '../social/follow-requests.service';
import type { SessionUser } from './session-user';

/**
 * The member's `Takip istekleri` (issue 26): the pending requests to follow their protected
 * account, and their approval or refusal. Members only; a request is always the viewer's own
 * (the path names the requester, the target is the viewer), so nobody can act on another's.
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me/follow-requests')
export class FollowRequestsController {
  constructor(private readonly requests: FollowRequestsService) {}

  /** The pending requests, newest first (keyset pages), and how many are pending. */
  @Get()
  async list(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<FollowRequestListResponse> {
    const page = await this.requests.list(viewer.id, query.limit ?? DEFAULT_PAGE_SIZE, decodeCursor(query.cursor));
    return {
      requests: page.items.map(({ requestedAt, ...user }) => ({ user: { _id: user.id, ...user }, requestedAt })),
      nextCursor: page.nextCursor,
      count: page.count,
    };
  }

  /** Approves `userId`'s request: they follow the member from now on. */
  @Post(':userId/approve')
  @HttpCode(200)
  approve(@CurrentUser() viewer: SessionUser, @Param('userId', UuidPipe) userId: string): Promise<FollowRequestDecisionResponse> {
    return this.requests.approve(viewer.id, userId);
  }

  /** Declines `userId`'s request (they are not told). */
  @Post(':userId/decline')
  @HttpCode(200)
  decline(@CurrentUser() viewer: SessionUser, @Param('userId', UuidPipe) userId: string): Promise<FollowRequestDecisionResponse> {
    return this.requests.decline(viewer.id, userId);
  }
}
