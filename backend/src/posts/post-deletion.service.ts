import { ForbiddenException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogWriter, postLabel } from '../audit/audit-log.writer';
import { ActivityEvents } from '../common/activity/activity-events';
import { pgErrorCode } from '../database/query-rows';
import { MediaService } from '../media/media.service';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { type EngagementCounts, toEngagementCounts } from './engagement-counts';
import { FirstPageCache } from './first-page.cache';
import { PostDeletionRepository, type PostToDelete } from './post-deletion.repository';
import { RemovedPostsRepository } from './removed-posts.repository';
import { POST_DELETE_BUSY, POST_NOT_FOUND, POST_NOT_YOURS } from './posts.texts';

/**
 * The delete waits at most this long for any one lock, then gives up and starts again: it
 * always yields to members' likes, reposts and replies (whose transactions do not retry) rather
 * than ever being the other half of a deadlock that PostgreSQL would break by aborting theirs.
 * Well below deadlock_timeout (1 s), so our timeout fires before their deadlock check.
 */
export const DELETE_LOCK_TIMEOUT_MS = 250;
export const DELETE_ATTEMPTS = 5;
const RETRYABLE = new Set(['55P03', '40P01']); // lock_not_available, deadlock_detected

/** What a delete changed besides the post: for a reply, the parent's counts after it. */
export interface DeletedPost {
  parent: EngagementCounts | null;
}

/**
 * Who deletes: staff (any post; the admin controller's guard checked the role; recorded in the
 * audit log) or a member (their own posts only).
 */
type Deleter = { kind: 'staff'; actorId: string; within?: RemovalStep } | { kind: 'author'; userId: string };

/**
 * A caller's own statements to run first in the action's transaction (a report's resolution,
 * admin/): they commit with the action or roll back with it; what they throw refuses the action.
 */
export type InTransaction = (em: EntityManager) => Promise<void>;

/**
 * A staff deletion's first step (admin/: the author's `post_removed` notice): as InTransaction;
 * `archiveFor` names the notice's action, and the post is then kept in the removed posts' archive
 * (RemovedPostsService) until that action is undone or its appeal rejected.
 */
export type RemovalStep = (em: EntityManager) => Promise<{ archiveFor: string | null } | void>;

/**
 * Deleting a post, for its author (DELETE /api/posts/:id) and for staff (DELETE
 * /api/admin/posts/:id): one implementation, so both keep the counts exact the same way.
 *
 * The post goes with its likes and reposts, and every count that included it is fixed in the same
 * transaction: the author's posts_count and, for a reply, the parent's reply_count. Its
 * notifications go with it (their foreign keys cascade; docs/architecture.md#notifications), and
 * after the commit every member who had one is pushed their new unread count (`notification:read`).
 *
 * A staff removal that gave its author a notice (`archiveFor`, see RemovalStep) keeps the post in
 * the archive `removed_posts`, written in the same transaction: its row, its media rows (whose
 * files stay, as the archive names them), its likes and reposts, and the replies detached from it;
 * an accepted appeal brings it back from there (RemovedPostsService). The author's own delete and
 * a removal with no notice (staff's own post) keep nothing.
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
@Injectable()
export class PostDeletionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: PostDeletionRepository,
    private readonly realtime: RealtimeEvents,
    private readonly firstPages: FirstPageCache,
    private readonly activity: ActivityEvents,
    private readonly media: MediaService,
    private readonly audit: AuditLogWriter,
    private readonly archive: RemovedPostsRepository,
  ) {}

  /** Staff (`actorId`): any post, whoever wrote it (deactivated authors included); an audit entry in the same transaction. */
  deleteAny(id: string, actorId: string, within?: RemovalStep): Promise<DeletedPost> {
    return this.delete(id, { kind: 'staff', actorId, within });
  }

  /** A member's own post or reply: 403 for somebody else's, 404 for one they cannot see. */
  deleteOwn(userId: string, id: string): Promise<DeletedPost> {
    return this.delete(id, { kind: 'author', userId });
  }

  private async delete(id: string, deleter: Deleter): Promise<DeletedPost> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { parent, quoted, notified, mediaKeys } = await this.dataSource.transaction((em) => this.deleteOnce(em, id, deleter));
        // The pictures' files, once no row names them (another upload of the same bytes may).
        await this.media.releaseKeys(mediaKeys);
        // After commit only. The post's watchers learn it is gone (and get no late counts for
        // it); for a reply, the parent's reply count went down: its watchers get the new counts.
        this.realtime.postDeleted(id, parent?.postId);
        if (parent) this.realtime.postEngagement(parent.postId, parent);
        // This node's shared first page must not show the post (nor the parent's old count).
        this.firstPages.touch(id);
        if (parent) this.firstPages.touch(parent.postId);
        // A deleted quote: its quoted post's quote count went down (issue 27).
        if (quoted) {
          this.firstPages.touch(quoted.postId);
          this.realtime.postEngagement(quoted.postId, quoted);
        }
        // The members whose notifications of the post went with it get their new unread count
        // (NotificationsWriter, through ActivityEvents: notifications/ sits above posts/).
        if (notified.length) {
          this.activity.publish({ kind: 'post-deleted', actorId: deleter.kind === 'author' ? deleter.userId : null, postId: id, notified, at: new Date() });
        }
        return { parent };
      } catch (error) {
        const code = pgErrorCode(error);
        if (!code || !RETRYABLE.has(code)) throw error;
        if (attempt >= DELETE_ATTEMPTS) throw new ServiceUnavailableException(POST_DELETE_BUSY);
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
      }
    }
  }

  private async deleteOnce(
    em: EntityManager,
    id: string,
    deleter: Deleter,
  ): Promise<{ parent: EngagementCounts | null; quoted: EngagementCounts | null; notified: string[]; mediaKeys: string[] }> {
    const step = deleter.kind === 'staff' && deleter.within ? await deleter.within(em) : undefined;
    const archiveFor = step ? step.archiveFor : null;
    await this.repository.setLockTimeout(em, DELETE_LOCK_TIMEOUT_MS);
    const found = await this.repository.findPostToDelete(em, id, false);
    // The author never changes, so the first read decides, before anything is deleted.
    this.authorize(found, deleter);
    // Archived: the rows as they were, to be put back by an accepted appeal.
    const first = archiveFor ? await this.archive.takeEngagement(em, id) : null;
    if (!first) await this.repository.deleteLikesAndReposts(em, id);
    // Read again under the lock: a concurrent delete may have won, or the parent may be gone.
    const post = await this.repository.findPostToDelete(em, id, true);
    if (!post) throw new NotFoundException(POST_NOT_FOUND);
    // Under the post's lock: no reply or mention notification of it can be written any more
    // (their insert takes KEY SHARE on it), and its likes and reposts are gone.
    const notified = await this.repository.notifiedMembers(em, post.id);
    let mediaKeys: string[];
    if (archiveFor && first) {
      // Under the post's lock, no like, repost or reply can be added: the late ones, then the archive.
      const late = await this.archive.takeEngagement(em, post.id);
      const media = await this.media.archiveOfPost(em, post.id);
      await this.archive.insert(em, {
        actionId: archiveFor,
        postId: post.id,
        media: media.rows,
        mediaKeys: media.keys,
        likes: [...first.likes, ...late.likes],
        reposts: [...first.reposts, ...late.reposts],
        replies: await this.archive.replyIds(em, post.id),
      });
      // The archive names the files: none is released.
      mediaKeys = [];
    } else {
      // Its pictures' rows (their files go after the commit).
      mediaKeys = await this.media.deleteOfPost(em, post.id);
    }
    // ON DELETE CASCADE removes likes/reposts that committed after the DELETEs above, and the
    // post's notifications; ON DELETE SET NULL detaches the replies.
    await this.repository.deletePost(em, post);
    // Staff's deletion is logged in its own transaction: a retried attempt rolled its entry back too.
    if (deleter.kind === 'staff') {
      await this.audit.record(em, {
        actorId: deleter.actorId,
        action: 'post.delete',
        targetType: 'post',
        targetId: post.id,
        targetLabel: postLabel(post.content),
        before: { content: post.content, authorId: post.authorId, replyToId: post.replyToId },
        after: archiveFor ? { archivedFor: archiveFor } : null,
      });
    }
    // The parent, then the quoted post (a post is never both: PostsService.create refuses it).
    const counts = post.replyToId ? await this.repository.unbumpReplyCount(em, post.replyToId) : null;
    const quoted = post.quoteOfId ? await this.repository.unbumpQuoteCount(em, post.quoteOfId) : null;
    return { parent: counts ? toEngagementCounts(counts) : null, quoted: quoted ? toEngagementCounts(quoted) : null, notified, mediaKeys };
  }

  private authorize(post: PostToDelete | null, deleter: Deleter): asserts post is PostToDelete {
    if (!post) throw new NotFoundException(POST_NOT_FOUND);
    if (deleter.kind === 'staff' || post.authorId === deleter.userId) return;
    // A deactivated author's posts are hidden from members: not found, as GET /api/posts/:id says.
    if (!post.authorActive) throw new NotFoundException(POST_NOT_FOUND);
    throw new ForbiddenException(POST_NOT_YOURS);
  }
}
