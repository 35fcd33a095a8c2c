import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLogWriter, postLabel } from '../audit/audit-log.writer';
import { AccountActionsService } from '../moderation/account-actions.service';
import { type PostResponse, toPostResponse } from '../posts/dto/post.response';
import { type InTransaction, PostDeletionService } from '../posts/post-deletion.service';
import { PostUpdatesService } from '../posts/post-updates.service';
import { charCount, likePattern } from '../posts/post-text';
import { POST_DELETED, POST_NOT_FOUND, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../posts/posts.texts';
import type { User } from '../users/user.entity';
import { POST_MARKED_SENSITIVE, POST_SENSITIVE_CLEARED } from './admin.texts';
import { AdminRepository } from './admin.repository';
import { type AdminPageQueryDto, type Pagination, pageOffset, pagination } from './dto/admin-page-query.dto';

export const POSTS_PAGE_SIZE = 20;

/** Back-office moderation of posts: the list of every post, marking one sensitive, deleting one. */
@Injectable()
export class AdminPostsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogWriter,
    private readonly repository: AdminRepository,
    private readonly deletion: PostDeletionService,
    private readonly updates: PostUpdatesService,
    private readonly actions: AccountActionsService,
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
   * author's own delete). Its author gets a `post_removed` notice (the post as it was, `removal`'s
   * reason and rule), written in the same transaction and notified after the commit; an unknown
   * rule refuses the deletion (400). With a notice, the post is kept in the removed posts' archive
   * for that action, so undoing it (an accepted appeal) brings the post back.
   */
  async delete(actor: Pick<User, 'id'>, id: string, within?: InTransaction, removal: { reason?: string; ruleId?: string | null } = {}): Promise<{ message: string }> {
    let noticeFor: string | null = null;
    await this.deletion.deleteAny(id, actor.id, async (em) => {
      if (within) await within(em);
      noticeFor = null;
      const post = await this.repository.postForRemoval(em, id);
      // Gone already: the deletion answers its 404.
      if (!post) return;
      const notice = await this.actions.recordPostRemoval(em, actor.id, post, removal.reason, removal.ruleId);
      noticeFor = notice ? notice.target_id : null;
      // With a notice, an appeal can bring the post back: the deletion archives it for the action.
      return { archiveFor: notice ? notice.id : null };
    });
    if (noticeFor) this.actions.notify(noticeFor);
    return { message: POST_DELETED };
  }

  /**
   * Sets or clears the post's `sensitive` mark (any author's, deactivated ones included), 404 for
   * an unknown post. Every post answer reads posts.sensitive, so the change shows in every list at
   * once; after the commit (with its audit entry), this node's cached first page is dropped (other nodes'
   * expire within FIRST_PAGE_TTL_MS) and the post's watchers get `post:updated` on every node. Not
   * for a deactivated author's post: nobody but staff sees it, so it is on no first page and its
   * pictures go to no watcher.
   */
  async setSensitive(viewer: Pick<User, 'id'>, id: string, sensitive: boolean, within?: InTransaction): Promise<{ message: string; post: PostResponse }> {
    const changed = await this.dataSource.transaction(async (em) => {
      if (within) await within(em);
      const before = await this.repository.lockPostForSensitive(em, id);
      if (!before) return null;
      const result = await this.repository.setSensitive(em, viewer.id, id, sensitive);
      // In the change's transaction: the entry commits (or rolls back) with it.
      await this.audit.record(em, {
        actorId: viewer.id,
        action: sensitive ? 'post.mark_sensitive' : 'post.clear_sensitive',
        targetType: 'post',
        targetId: id,
        targetLabel: postLabel(before.content),
        before: { sensitive: before.sensitive },
        after: { sensitive },
      });
      return result;
    });
    if (!changed) throw new NotFoundException(POST_NOT_FOUND);
    const { view, authorActive } = changed;
    if (authorActive) this.updates.changed(view.id, { media: view.media, sensitive: view.sensitive });
    return { message: sensitive ? POST_MARKED_SENSITIVE : POST_SENSITIVE_CLEARED, post: toPostResponse(view) };
  }
}
