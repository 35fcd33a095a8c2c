import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityEvents } from '../common/activity/activity-events';
import { MediaService } from '../media/media.service';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { type EngagementCounts, toEngagementCounts } from './engagement-counts';
import { FirstPageCache } from './first-page.cache';
import { RemovedPostsRepository } from './removed-posts.repository';

/** A removed post brought back: what the caller does after its commit (afterRestore). */
export interface RestoredPost {
  postId: string;
  authorId: string;
  /** The parent's counts after the reply was attached again; null for a post, or a parent gone meanwhile. */
  parent: EngagementCounts | null;
  /** A restored quote's quoted post's counts after it counted again; null otherwise. */
  quoted: EngagementCounts | null;
  /** The accounts whose reposts came back (their followers' kept feeds show it again). */
  reposters: string[];
}

/**
 * The archive of posts staff removed (issue 25; docs/architecture.md#moderation): written by
 * PostDeletionService in the removal's transaction, read back here when the `post_removed` action
 * is undone (moderation/: an accepted appeal or staff's undo), dropped when its appeal is rejected.
 * Every read of `posts` stays as it was: a removed post is not in `posts` at all.
 */
@Injectable()
export class RemovedPostsService {
  constructor(
    private readonly repository: RemovedPostsRepository,
    private readonly media: MediaService,
    private readonly activity: ActivityEvents,
    private readonly firstPages: FirstPageCache,
    private readonly realtime: RealtimeEvents,
  ) {}

  /**
   * Brings the action's removed post back, on the caller's transaction (which holds the author's
   * row locked): the same row (id, text, time, hashtags, mentions, pictures, sensitive mark), its
   * reply_to_id if the parent still exists (whose reply_count goes up), its media rows, the likes
   * and reposts of accounts that still exist, the replies it had that are still detached; then its
   * counts from those rows and the author's posts_count. Null when the action has no archive (a
   * removal from before archives, or one dropped already): nothing is restored.
   */
  async restoreIn(em: EntityManager, actionId: string): Promise<RestoredPost | null> {
    const archive = await this.repository.take(em, actionId);
    if (!archive) return null;
    const post = { ...archive.post };
    const parentId = typeof post.reply_to_id === 'string' ? post.reply_to_id : null;
    // The parent first (its row locked by the UPDATE), as a new reply takes author then parent.
    const parent = parentId ? await this.repository.bumpReplyCount(em, parentId) : null;
    post.reply_to_id = parent ? parentId : null;
    if (!(await this.repository.insertPost(em, post))) return null;
    // A quote (issue 27) counts on its quoted post again, if that still exists.
    const quotedId = typeof post.quote_of_id === 'string' ? post.quote_of_id : null;
    const quoted = quotedId ? await this.repository.bumpQuoteCount(em, quotedId) : null;
    await this.repository.bumpPostsCount(em, archive.author_id);
    await this.media.restoreRows(em, archive.media);
    await this.repository.restoreEngagement(em, 'likes', archive.post_id, archive.likes);
    const reposters = await this.repository.restoreEngagement(em, 'reposts', archive.post_id, archive.reposts);
    await this.repository.reattachReplies(em, archive.post_id, archive.replies);
    await this.repository.settle(em, archive.post_id);
    return { postId: archive.post_id, authorId: archive.author_id, parent: parent ? toEngagementCounts(parent) : null, quoted: quoted ? toEngagementCounts(quoted) : null, reposters };
  }

  /**
   * After the restore's commit: the kept following feeds of the author's and the reposters'
   * followers get the post again (the fan-out a new post or repost makes), this node's cached
   * first page is dropped (others' expire within FIRST_PAGE_TTL_MS), and the parent's watchers
   * get its new reply count. Trends count it at their next recompute (they read `posts`).
   */
  afterRestore(restored: RestoredPost): void {
    this.activity.publish({ kind: 'post-restored', actorId: restored.authorId, postId: restored.postId, reposters: restored.reposters, at: new Date() });
    this.firstPages.invalidate();
    for (const counts of [restored.parent, restored.quoted]) {
      if (!counts) continue;
      this.firstPages.touch(counts.postId);
      this.realtime.postEngagement(counts.postId, counts);
    }
  }

  /** Drops the action's archive on the caller's transaction (its appeal was rejected); answers its pictures' keys for afterDrop. */
  async dropIn(em: EntityManager, actionId: string): Promise<string[]> {
    return (await this.repository.take(em, actionId))?.media_keys ?? [];
  }

  /** After the drop's commit: the files no row (and no archive) names any more are removed. */
  async afterDrop(keys: string[]): Promise<void> {
    await this.media.releaseKeys(keys);
  }
}
