import type { PostPage } from '@gundem/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import type { SessionUser } from '../users/session-user';
import { FollowingFeedService } from './following-feed.service';

/** GET /api/posts/timeline/following: members only (a guest gets the session 401). */
@ApiTags('posts')
@Controller('posts')
export class FollowingFeedController {
  constructor(private readonly feed: FollowingFeedService) {}

  /**
   * Posts and reposts of the accounts the member follows and their own, newest first by post or
   * repost time; a reposted post once, at its newest repost, with `repostedBy` and `repostedAt`.
   */
  @ApiBearerAuth()
  @Get('timeline/following')
  following(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.feed.page(viewer, query);
  }
}
