import type { BookmarkState, PostPage } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { PageQueryDto } from '../common/pagination/page-query.dto';
import { pgErrorCode } from '../database/query-rows';
import { PostsRepository } from './posts.repository';
import { pageRequest, toPostPage } from './posts.service';
import { POST_NOT_FOUND } from './posts.texts';

/**
 * `Yer işaretleri` (issue 27, docs/product.md#yer-işaretleri): a member's private list of posts.
 * Nobody else reads it, and the post's author is not told. Adding and removing are idempotent;
 * a post the member may not see (gone, its author deactivated, a block either way, a protected
 * account they do not follow) cannot be added, and leaves their list while that holds.
 */
@Injectable()
export class BookmarksService {
  constructor(private readonly posts: PostsRepository) {}

  async add(userId: string, postId: string): Promise<BookmarkState> {
    let found: boolean;
    try {
      found = await this.posts.addBookmark(userId, postId);
    } catch (error) {
      // The post was deleted between the statement's check and its insert.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(POST_NOT_FOUND);
      throw error;
    }
    if (!found) throw new NotFoundException(POST_NOT_FOUND);
    return { bookmarked: true };
  }

  async remove(userId: string, postId: string): Promise<BookmarkState> {
    await this.posts.removeBookmark(userId, postId);
    return { bookmarked: false };
  }

  async state(userId: string, postId: string): Promise<BookmarkState> {
    return { bookmarked: await this.posts.isBookmarked(userId, postId) };
  }

  async list(userId: string, query: PageQueryDto): Promise<PostPage> {
    const page = pageRequest(query);
    return toPostPage(await this.posts.bookmarks(userId, page), page.limit);
  }
}
