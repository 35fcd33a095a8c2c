import type { Post, PostHistoryPage } from '@gundem/contract';
import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { EditPostDto } from './dto/edit-post.dto';
import { PostEditsService } from './post-edits.service';

/** Edits with history (docs/wire-contract.md#düzenleme): the author's edit, everyone's view of the versions. */
@ApiTags('posts')
@Controller('posts')
export class PostEditsController {
  constructor(private readonly edits: PostEditsService) {}

  /** The author's edit (403 for anyone else's post): answers the post as it is now. */
  @ApiBearerAuth()
  @Patch(':id')
  edit(@Param('id', UuidPipe) id: string, @CurrentUser() author: SessionUser, @Body() dto: EditPostDto): Promise<Post> {
    return this.edits.edit(author.id, id, dto);
  }

  /** The post's versions, newest first, for whoever may see the post. */
  @OptionalAuth()
  @Get(':id/history')
  history(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostHistoryPage> {
    return this.edits.history(viewer?.id ?? null, id, query);
  }
}
