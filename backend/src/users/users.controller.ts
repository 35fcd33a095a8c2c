import type { BlockListResponse, BlockResponse, FollowListResponse, FollowResponse, FollowStatusResponse, ProfileResponse, UserSearchResponse, UserSuggestResponse } from '@gundem/contract';
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { BlocksService } from '../social/blocks.service';
import { FollowsService } from '../social/follows.service';
import { SearchUsersDto } from './dto/search-users.dto';
import { SuggestUsersDto } from './dto/suggest-users.dto';
import type { SessionUser } from './session-user';
import { ProfilesService } from './profiles.service';
import { UsersService } from './users.service';

/**
 * Profiles and the follow routes in one controller, so `profile/:username` is matched before
 * `:id/…` and a member named `following` keeps a reachable profile.
 */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly follows: FollowsService,
    private readonly users: UsersService,
    private readonly blocks: BlocksService,
  ) {}

  /** `@` autocompletion: up to 8 active accounts whose username starts with `q` (Turkish case rules). */
  @ApiBearerAuth()
  @Get('suggest')
  suggest(@Query() query: SuggestUsersDto, @CurrentUser() viewer: SessionUser): Promise<UserSuggestResponse> {
    return this.users.suggest(query.q, viewer.id);
  }

  /**
   * Finding people (explore, the messages picker): active accounts whose username or display
   * name starts with `q` (Turkish case rules), with `isFollowing` for a signed-in viewer.
   */
  @OptionalAuth()
  @Get('search')
  search(@Query() query: SearchUsersDto, @CurrentUser() viewer: SessionUser | undefined): Promise<UserSearchResponse> {
    return this.users.search(query.q, viewer?.id ?? null, query.limit);
  }

  /** The accounts the viewer blocks, newest block first (settings' `Engellenenler`). */
  @ApiBearerAuth()
  @Get('blocks')
  blockList(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<BlockListResponse> {
    return this.profiles.blockList(viewer, query);
  }

  /** A member's profile, with `isFollowing` for the viewer (false for guests). */
  @OptionalAuth()
  @Get('profile/:username')
  profile(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined): Promise<ProfileResponse> {
    return this.profiles.get(username, viewer);
  }

  /**
   * The member's followers, newest follow first (the profile's `Takipçiler`). Under `profile/`:
   * `:id/following` is already the viewer's follow status.
   */
  @OptionalAuth()
  @Get('profile/:username/followers')
  followers(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<FollowListResponse> {
    return this.profiles.followList('followers', username, viewer, query);
  }

  /** The accounts the member follows, newest follow first (the profile's `Takip edilenler`). */
  @OptionalAuth()
  @Get('profile/:username/following')
  followedAccounts(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<FollowListResponse> {
    return this.profiles.followList('following', username, viewer, query);
  }

  /** Whether the viewer follows the user. */
  @ApiBearerAuth()
  @Get(':id/following')
  following(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowStatusResponse> {
    return this.follows.status(viewer.id, id);
  }

  /** Follows, or unfollows when already following. */
  @ApiBearerAuth()
  @Post(':id/follow')
  @HttpCode(200)
  async follow(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowResponse> {
    const { isFollowing, followersCount } = await this.follows.toggle(viewer.id, id);
    return { isFollowing, followersCount };
  }

  /** Follows (idempotent: a repeat changes nothing and answers the same state). */
  @ApiBearerAuth()
  @Put(':id/follow')
  async putFollow(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowResponse> {
    const { isFollowing, followersCount } = await this.follows.set(viewer.id, id, true);
    return { isFollowing, followersCount };
  }

  /** Unfollows (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/follow')
  async deleteFollow(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowResponse> {
    const { isFollowing, followersCount } = await this.follows.set(viewer.id, id, false);
    return { isFollowing, followersCount };
  }

  /** Blocks the account (idempotent): both follows between the two go, in the same statement. */
  @ApiBearerAuth()
  @Put(':id/block')
  putBlock(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<BlockResponse> {
    return this.blocks.set(viewer.id, id, true);
  }

  /** Unblocks the account (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/block')
  deleteBlock(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<BlockResponse> {
    return this.blocks.set(viewer.id, id, false);
  }
}
