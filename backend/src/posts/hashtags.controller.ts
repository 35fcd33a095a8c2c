import type { PostPage } from '@gundem/contract';
import { BadRequestException, Controller, Get, Injectable, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { toPage } from '../common/pagination/cursor';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { MutesService } from '../social/mutes.service';
import type { SessionUser } from '../users/session-user';
import { toPostResponse } from './dto/post.response';
import { normalizeHashtag } from './post-text';
import { PostsRepository } from './posts.repository';
import { pageRequest, type PostPage as ServicePostPage } from './posts.service';
import { HASHTAG_INVALID } from './posts.texts';

/**
 * A hashtag page's posts (docs/product.md#hashtag-page): every post and reply carrying the tag,
 * newest first, in keyset pages, with what the everyone timeline leaves out for the viewer left
 * out here too (accounts blocked either way, limited accounts they do not follow, accounts and
 * words they mute). A tag staff hid from the trends still has its page: hiding ranks, it does not
 * remove posts (search finds them too).
 */
@Injectable()
export class HashtagPostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly mutes: MutesService,
  ) {}

  async forTag(rawTag: string, viewer: Pick<SessionUser, 'id'> | undefined, query: PageQueryDto): Promise<ServicePostPage> {
    const tag = normalizeHashtag(rawTag);
    if (tag === null) throw new BadRequestException(HASHTAG_INVALID);
    const page = pageRequest(query);
    const viewerId = viewer?.id ?? null;
    const rows = await this.posts.byHashtag(tag, viewerId, page, await this.mutes.viewerFilter(viewerId));
    const result = toPage(rows, page.limit, (post) => post.cursor);
    return { posts: result.items.map(toPostResponse), nextCursor: result.nextCursor };
  }
}

@ApiTags('posts')
@Controller('hashtags')
export class HashtagsController {
  constructor(private readonly hashtags: HashtagPostsService) {}

  /** The posts carrying `#tag` (with or without its `#`, any case), newest first; 400 for a tag that is no hashtag. */
  @OptionalAuth()
  @Get(':tag/posts')
  posts(@Param('tag') tag: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.hashtags.forTag(tag, viewer, query);
  }
}
