import type { BlockListResponse, BlockResponse, MutedWordListResponse, MutedWordResponse, MuteListResponse, MuteResponse, FollowListResponse, FollowResponse, FollowStatusResponse, ProfileResponse, UserSearchResponse, UserSuggestResponse } from '@gundem/contract';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { decodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { BlocksService } from '../social/blocks.service';
import { FollowsService } from '../social/follows.service';
import { MutesService } from '../social/mutes.service';
import { MuteDto, MutedWordDto } from './dto/mute.dto';
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
    private readonly mutes: MutesService,
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

  /** The accounts the viewer mutes now, newest mute first (settings' `Sessize alınanlar`). */
  @ApiBearerAuth()
  @Get('mutes')
  async muteList(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<MuteListResponse> {
    const page = await this.mutes.list(viewer.id, query.limit ?? DEFAULT_PAGE_SIZE, decodeCursor(query.cursor));
    return { users: page.items.map((user) => ({ _id: user.id, ...user })), nextCursor: page.nextCursor };
  }

  /** The viewer's active muted words, newest first. */
  @ApiBearerAuth()
  @Get('muted-words')
  async mutedWords(@CurrentUser() viewer: SessionUser): Promise<MutedWordListResponse> {
    return { words: await this.mutes.words(viewer.id) };
  }

  /** Mutes a word or `#hashtag` (optionally for 1, 7 or 30 days). */
  @ApiBearerAuth()
  @Post('muted-words')
  async addMutedWord(@CurrentUser() viewer: SessionUser, @Body() body: MutedWordDto): Promise<MutedWordResponse> {
    return { word: await this.mutes.addWord(viewer.id, body.word, body.days) };
  }

  /** Removes one of the viewer's muted words. */
  @ApiBearerAuth()
  @Delete('muted-words/:id')
  @HttpCode(204)
  async removeMutedWord(@CurrentUser() viewer: SessionUser, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.mutes.removeWord(viewer.id, id);
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
    const { isFollowing, requested, followersCount } = await this.follows.toggle(viewer.id, id);
    return { isFollowing, requested, followersCount };
  }

  /** Follows (idempotent: a repeat changes nothing and answers the same state). */
  @ApiBearerAuth()
  @Put(':id/follow')
  async putFollow(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowResponse> {
    const { isFollowing, requested, followersCount } = await this.follows.set(viewer.id, id, true);
    return { isFollowing, requested, followersCount };
  }

  /** Unfollows (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/follow')
  async deleteFollow(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<FollowResponse> {
    const { isFollowing, requested, followersCount } = await this.follows.set(viewer.id, id, false);
    return { isFollowing, requested, followersCount };
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

  /** Mutes the account (idempotent; a repeat sets the new duration). The muted member is not told; follows stay. */
  @ApiBearerAuth()
  @Put(':id/mute')
  putMute(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser, @Body() body: MuteDto): Promise<MuteResponse> {
    return this.mutes.set(viewer.id, id, true, body?.days);
  }

  /** Unmutes the account (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/mute')
  deleteMute(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<MuteResponse> {
    return this.mutes.set(viewer.id, id, false);
  }
}
