import type { BookmarkState, PostPage } from '@gundem/contract';
import { Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { BookmarksService } from './bookmarks.service';

/** `Yer işaretleri` (docs/wire-contract.md#yer-işaretleri): the signed-in member's own, never anyone else's. */
@ApiTags('bookmarks')
@ApiBearerAuth()
@Controller()
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  /** The viewer's bookmarks, newest bookmark first (keyset pages). */
  @Get('bookmarks')
  list(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.bookmarks.list(viewer.id, query);
  }

  /** Whether the post is in the viewer's bookmarks (the `⋯` menu's entry). */
  @Get('posts/:id/bookmark')
  state(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<BookmarkState> {
    return this.bookmarks.state(viewer.id, id);
  }

  /** Adds the post (idempotent); 404 for a post the viewer may not see. */
  @Put('posts/:id/bookmark')
  add(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<BookmarkState> {
    return this.bookmarks.add(viewer.id, id);
  }

  /** Takes it out (idempotent, also for a post that is gone). */
  @Delete('posts/:id/bookmark')
  remove(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<BookmarkState> {
    return this.bookmarks.remove(viewer.id, id);
  }
}
