import type { CreatePostResponse, DeletePostResponse, PostPage, PostThread } from '@gundem/contract';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { HeavyQueryInterceptor } from '../common/concurrency/heavy-queries';
import { API_COMPRESSION_THRESHOLD } from '../common/http/compress-api';
import { sendMadeAnswer } from '../common/http/made-answer';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { ApiIdempotencyKey, IdempotencyKey } from '../common/idempotency/idempotency-key.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { ReadCost } from '../settings/rate-limit.guard';
import type { SessionUser } from '../users/session-user';
import { CreatePostDto } from './dto/create-post.dto';
import { toCountsResponse, toLikeResponse, toRepostResponse } from './dto/engagement.response';
import { SearchPostsDto } from './dto/search-posts.dto';
import { EngagementService } from './engagement.service';
import { PostDeletionService } from './post-deletion.service';
import { PostsService, SEARCH_READ_COST } from './posts.service';
import { POST_DELETED } from './posts.texts';

/** Static paths come before `:id` so `timeline`, `search` and `user` are never taken for an id. */
@ApiTags('posts')
@Controller('posts')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly engagement: EngagementService,
    private readonly deletion: PostDeletionService,
  ) {}

  /**
   * Every member's posts and replies, newest first; `liked`/`retweeted` for the viewer. A guest's
   * first page is the same JSON for every guest and comes serialised from a one-second cache.
   */
  @OptionalAuth()
  @Get('timeline')
  async timeline(@CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (viewer || query.cursor) {
      res.json(await this.posts.timeline(viewer, query));
      return;
    }
    // The same bytes, Content-Type and ETag res.json would send, and its compressed forms made
    // once for every guest of the second (a page with pictures is 57 KB of JSON, ~7 KB brotli).
    await sendMadeAnswer(req, res, (await this.posts.guestTimeline(query)).answer, { type: 'json', brotliQuality: 9, threshold: API_COMPRESSION_THRESHOLD });
  }

  /** Posts whose text or hashtags contain `q` (Turkish case rules), newest first. */
  @OptionalAuth()
  @UseInterceptors(HeavyQueryInterceptor)
  @ReadCost(SEARCH_READ_COST)
  @Get('search')
  search(@CurrentUser() viewer: SessionUser | undefined, @Query() query: SearchPostsDto): Promise<PostPage> {
    return this.posts.search(viewer, query);
  }

  /**
   * Explore's `Popüler`: the most engaged top-level posts of the last 24 hours by active
   * authors (likes + 2 × reposts + 2 × replies), at most 50 in keyset pages.
   */
  @OptionalAuth()
  @Get('popular')
  popular(@CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.posts.popular(viewer, query);
  }

  /** A member's posts and replies, newest first. */
  @OptionalAuth()
  @Get('user/:username')
  byUser(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.posts.byUsername(username, viewer, query);
  }

  /** A member's replies, newest first, each with its reply context (the profile's Yanıtlar tab). */
  @OptionalAuth()
  @Get('user/:username/replies')
  repliesByUser(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.posts.repliesByUsername(username, viewer, query);
  }

  /** A member's posts and replies with pictures, newest first (the profile's Medya tab). */
  @OptionalAuth()
  @Get('user/:username/media')
  mediaByUser(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.posts.mediaByUsername(username, viewer, query);
  }

  /** The posts a member liked, newest like first (the profile's Beğeniler tab). */
  @OptionalAuth()
  @Get('user/:username/likes')
  likesByUser(@Param('username') username: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.posts.likesByUsername(username, viewer, query);
  }

  /**
   * A post or, with `replyToId`, a reply. A reply also answers `parent`: the original's absolute
   * counts after it, so a client sets them instead of adding one to what it holds (a live
   * post:engagement event may already have counted the reply).
   *
   * `Idempotency-Key` (optional): a retry with the same key answers the first post again (201,
   * same body, `Idempotent-Replayed: true`) and creates nothing.
   */
  @ApiBearerAuth()
  @ApiIdempotencyKey()
  @Post()
  async create(
    @CurrentUser() author: SessionUser,
    @Body() dto: CreatePostDto,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatePostResponse> {
    const { post, parent, quoted, replayed } = await this.posts.create(author, dto, key);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { post, ...(parent && { parent }), ...(quoted && { quoted }) };
  }

  /** The post, a page of its replies (oldest first) and, on the first page, its thread's posts above it. */
  @OptionalAuth()
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostThread> {
    return this.posts.getWithReplies(id, viewer, query);
  }

  /**
   * Deletes the viewer's own post or reply (403 for somebody else's), with its likes and
   * reposts; replies to it stay as standalone posts. A deleted reply also answers `parent`: the
   * original's absolute counts after it.
   */
  @ApiBearerAuth()
  @Delete(':id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser): Promise<DeletePostResponse> {
    const { parent } = await this.deletion.deleteOwn(user.id, id);
    return parent ? { message: POST_DELETED, parent: toCountsResponse(parent) } : { message: POST_DELETED };
  }

  /** Toggles the viewer's like. */
  @ApiBearerAuth()
  @Post(':id/like')
  @HttpCode(200)
  async like(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toLikeResponse(await this.engagement.toggleLike(user.id, id));
  }

  /** Likes (idempotent: a repeat changes nothing and answers the same state). */
  @ApiBearerAuth()
  @Put(':id/like')
  async putLike(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toLikeResponse(await this.engagement.setLike(user.id, id, true));
  }

  /** Takes the like back (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/like')
  async deleteLike(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toLikeResponse(await this.engagement.setLike(user.id, id, false));
  }

  /** Toggles the viewer's repost. */
  @ApiBearerAuth()
  @Post(':id/retweet')
  @HttpCode(200)
  async retweet(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toRepostResponse(await this.engagement.toggleRepost(user.id, id));
  }

  /** Reposts (idempotent). */
  @ApiBearerAuth()
  @Put(':id/retweet')
  async putRetweet(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toRepostResponse(await this.engagement.setRepost(user.id, id, true));
  }

  /** Takes the repost back (idempotent). */
  @ApiBearerAuth()
  @Delete(':id/retweet')
  async deleteRetweet(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser) {
    return toRepostResponse(await this.engagement.setRepost(user.id, id, false));
  }
}
