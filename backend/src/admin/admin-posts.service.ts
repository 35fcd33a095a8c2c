import { BadRequestException, Injectable } from '@nestjs/common';
import { type PostResponse, toPostResponse } from '../posts/dto/post.response';
import { PostDeletionService } from '../posts/post-deletion.service';
import { charCount, likePattern } from '../posts/post-text';
import { POST_DELETED, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../posts/posts.texts';
import type { User } from '../users/user.entity';
import { AdminRepository } from './admin.repository';
import { type AdminPageQueryDto, type Pagination, pageOffset, pagination } from './dto/admin-page-query.dto';

export const POSTS_PAGE_SIZE = 20;

/** Back-office moderation of posts: the list of every post and deleting one. */
@Injectable()
export class AdminPostsService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly deletion: PostDeletionService,
  ) {}

  /** Posts of any author (deactivated ones included), newest first; `search` over the content and hashtags. */
  async list(viewer: Pick<User, 'id'>, query: AdminPageQueryDto): Promise<{ posts: PostResponse[]; pagination: Pagination }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? POSTS_PAGE_SIZE;
    if (query.search && charCount(query.search) > SEARCH_MAX_LENGTH) throw new BadRequestException(SEARCH_TOO_LONG);
    const pattern = query.search ? likePattern(query.search) : null;
    const { posts, total } = await this.repository.postPage(viewer.id, pattern, limit, pageOffset(page, limit));
    return { posts: posts.map(toPostResponse), pagination: pagination(page, limit, total) };
  }

  /** The `n` newest posts of any author (the dashboard). */
  async newest(viewer: Pick<User, 'id'>, n: number): Promise<PostResponse[]> {
    return (await this.repository.postPage(viewer.id, null, n, 0, false)).posts.map(toPostResponse);
  }

  /**
   * Deletes the post with its likes and reposts and fixes every count that included it, in one
   * transaction; replies to it stay as standalone posts (PostDeletionService, shared with the
   * author's own delete).
   */
  async delete(id: string): Promise<{ message: string }> {
    await this.deletion.deleteAny(id);
    return { message: POST_DELETED };
  }
}
