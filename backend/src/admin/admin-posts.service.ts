import { BadRequestException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { pgErrorCode } from '../database/query-rows';
import { type PostResponse, toPostResponse } from '../posts/dto/post.response';
import { type EngagementCounts, toEngagementCounts } from '../posts/engagement-counts';
import { charCount, likePattern } from '../posts/post-text';
import { POST_NOT_FOUND, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../posts/posts.texts';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import type { User } from '../users/user.entity';
import { AdminRepository } from './admin.repository';
import { POST_DELETE_BUSY, POST_DELETED } from './admin.texts';
import { type AdminPageQueryDto, type Pagination, pageOffset, pagination } from './dto/admin-page-query.dto';

export const POSTS_PAGE_SIZE = 20;

/**
 * The delete waits at most this long for any one lock, then gives up and starts again: it
 * always yields to members' likes, reposts and replies (whose transactions do not retry) rather
 * than ever being the other half of a deadlock that PostgreSQL would break by aborting theirs.
 * Well below deadlock_timeout (1 s), so our timeout fires before their deadlock check.
 */
const DELETE_LOCK_TIMEOUT_MS = 250;
const DELETE_ATTEMPTS = 5;
const RETRYABLE = new Set(['55P03', '40P01']); // lock_not_available, deadlock_detected

/** Back-office moderation of posts: the list of every post and deleting one. */
@Injectable()
export class AdminPostsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: AdminRepository,
    private readonly realtime: RealtimeEvents,
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
   * transaction: the author's posts_count and, for a reply, the parent's reply_count.
   *
   * Replies TO the deleted post are kept: the foreign key sets their reply_to_id to NULL, so
   * they read as standalone posts from then on (`isReply: false`, `replyToId: null`) — a member's
   * words are not removed because someone else's post was, and a "reply" whose original can
   * never be opened would only show a dead link.
   *
   * Lock order: first the like and repost rows, then the post (FOR UPDATE, which also holds off
   * new likes, whose foreign-key check needs a share lock on it), then the author, then the
   * parent — the order a toggle (like row, then post) and a reply (author, then parent) take
   * theirs. Every wait is bounded (DELETE_LOCK_TIMEOUT_MS) and retried, so whatever a concurrent
   * transaction holds, this one steps back.
   */
  async delete(id: string): Promise<{ message: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const parent = await this.dataSource.transaction((em) => this.deleteOnce(em, id));
        // After commit only. The post's watchers learn it is gone (and get no late counts for
        // it); for a reply, the parent's reply count went down: its watchers get the new counts.
        this.realtime.postDeleted(id, parent?.postId);
        if (parent) this.realtime.postEngagement(parent.postId, parent);
        return { message: POST_DELETED };
      } catch (error) {
        const code = pgErrorCode(error);
        if (!code || !RETRYABLE.has(code)) throw error;
        if (attempt >= DELETE_ATTEMPTS) throw new ServiceUnavailableException(POST_DELETE_BUSY);
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
      }
    }
  }

  private async deleteOnce(em: EntityManager, id: string): Promise<EngagementCounts | null> {
    await this.repository.setLockTimeout(em, DELETE_LOCK_TIMEOUT_MS);
    if (!(await this.repository.findPostToDelete(em, id, false))) throw new NotFoundException(POST_NOT_FOUND);
    await this.repository.deleteLikesAndReposts(em, id);
    // Read again under the lock: a concurrent delete may have won, or the parent may be gone.
    const post = await this.repository.findPostToDelete(em, id, true);
    if (!post) throw new NotFoundException(POST_NOT_FOUND);
    // ON DELETE CASCADE removes likes/reposts that committed after the DELETEs above;
    // ON DELETE SET NULL detaches the replies.
    await this.repository.deletePost(em, post);
    if (!post.replyToId) return null;
    const counts = await this.repository.unbumpReplyCount(em, post.replyToId);
    return counts ? toEngagementCounts(counts) : null;
  }
}
