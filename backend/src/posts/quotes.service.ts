import type { PostPage, QuotePolicyState } from '@gundem/contract';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { PageQueryDto } from '../common/pagination/page-query.dto';
import { FirstPageCache } from './first-page.cache';
import { visiblePost } from './post-visibility';
import { PostsRepository } from './posts.repository';
import { pageRequest, toPostPage } from './posts.service';
import { POST_NOT_FOUND, QUOTE_POLICY_NOT_YOURS } from './posts.texts';

/**
 * Quote posts (issue 27, docs/product.md#alıntılar) beyond their creation (PostsService.create):
 * a post's `Alıntılar` list and its author's quote policy.
 */
@Injectable()
export class QuotesService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly firstPages: FirstPageCache,
  ) {}

  /** The quotes of a post the viewer may see (404, or 403 for a protected account's, otherwise), newest first. */
  async list(postId: string, viewerId: string | null, query: PageQueryDto): Promise<PostPage> {
    await visiblePost(this.posts, postId, viewerId);
    const page = pageRequest(query);
    return toPostPage(await this.posts.quotes(postId, viewerId, page), page.limit);
  }

  /**
   * Turns quoting of the author's own post on or off (idempotent). Off refuses new quotes and shows
   * the existing ones' card as unavailable at their next read; on brings them back.
   */
  async setQuotable(authorId: string, postId: string, quotable: boolean): Promise<QuotePolicyState> {
    const result = await this.posts.setQuotable(postId, authorId, quotable);
    if (!result) throw new NotFoundException(POST_NOT_FOUND);
    if (!result.changed) throw new ForbiddenException(QUOTE_POLICY_NOT_YOURS);
    // Cached first pages may show quotes of it: the next read has the new state.
    this.firstPages.invalidate();
    return { quotable };
  }
}
