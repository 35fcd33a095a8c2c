import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { PostUpdatedEvent } from '@gundem/contract';
import { ActivityEvents } from '../common/activity/activity-events';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { ProfileChanges } from '../users/profile-changes';
import { FirstPageCache } from './first-page.cache';

/**
 * What follows a committed change of a post's pictures, wherever it was made: staff's `sensitive`
 * mark (admin/ calls `changed`) and the author's alt text (media/, a floor below, publishes the
 * `post-updated` activity). This node's cached first page showing the post is dropped, so a fresh
 * read has the change (other nodes' expire within FIRST_PAGE_TTL_MS), and the post's watchers get
 * `post:updated` on every node.
 */
@Injectable()
export class PostUpdatesService implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;
  private unsubscribeProfiles?: () => void;

  constructor(
    private readonly realtime: RealtimeEvents,
    private readonly firstPages: FirstPageCache,
    private readonly activity: ActivityEvents,
    private readonly profiles: ProfileChanges,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.activity.subscribe((activity) => {
      if (activity.kind === 'post-updated') this.changed(activity.postId, activity);
    });
    // The first page carries its authors' names and avatars: a member's profile change (issue 26)
    // drops this node's copy, so the next read has the new ones (other nodes' within FIRST_PAGE_TTL_MS).
    this.unsubscribeProfiles = this.profiles.subscribe(() => this.firstPages.invalidate());
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.unsubscribeProfiles?.();
  }

  /** After the commit: `update` is the post's whole `media` and `sensitive` now, as a guest sees them. */
  changed(postId: string, update: Omit<PostUpdatedEvent, 'postId'>): void {
    // The cache first: a watcher that reads the post on the event must not get the cached copy.
    this.firstPages.touch(postId);
    this.realtime.postUpdated(postId, update);
  }
}
