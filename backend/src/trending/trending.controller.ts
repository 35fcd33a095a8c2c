import type { TrendingHashtagsResponse, TrendingUsersResponse } from '@gundem/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth, Public } from '../common/decorators/public.decorator';
import type { SessionUser } from '../users/session-user';
import { TrendingQueryDto } from './dto/trending-query.dto';
import { TrendingService } from './trending.service';

@ApiTags('trending')
@Controller('trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  /** Hashtags of the last 7 days by post count; `?limit=` 1–20, default 5. */
  @Public()
  @Get('hashtags')
  hashtags(@Query() query: TrendingQueryDto): Promise<TrendingHashtagsResponse> {
    return this.trending.hashtags(query);
  }

  /** Accounts to follow (never the viewer or anyone the viewer follows); `?limit=` 1–20, default 3. */
  @OptionalAuth()
  @Get('users')
  users(@CurrentUser() viewer: SessionUser | undefined, @Query() query: TrendingQueryDto): Promise<TrendingUsersResponse> {
    return this.trending.users(viewer, query);
  }
}
