import type { Media } from '@gundem/contract';
import { Global, Injectable, Logger, Module } from '@nestjs/common';

/**
 * Something a member did that others may be told about (issue 14's notifications). Like, repost
 * and follow carry no direction: the listener reads whether the row exists now (an unlike and a
 * like that race end in whatever state committed last), so events may arrive in any order.
 */
export type Activity =
  | { kind: 'like' | 'repost'; actorId: string; postId: string; active: boolean; at: Date }
  | { kind: 'follow'; actorId: string; userId: string; active: boolean; at: Date }
  /**
   * A post or a reply was created; `mentions`: the usernames it stored in posts.mentions;
   * `quoteOfId`: the post it quotes (issue 27), whose author is told.
   */
  | { kind: 'post'; actorId: string; postId: string; replyToId: string | null; quoteOfId?: string | null; mentions: string[]; at: Date }
  /**
   * The author edited the post (issue 27): the members who reposted it are told, and `mentions`
   * (the usernames the edit added to posts.mentions) as for a new post's.
   */
  | { kind: 'post-edited'; actorId: string; postId: string; mentions: string[]; at: Date }
  /** Staff deactivated or activated `userId` (the kept following feeds that show it are dropped). */
  | { kind: 'account'; actorId: string; userId: string; active: boolean; at: Date }
  /**
   * A post was deleted (by its author or staff); its notifications went with it. `notified`: the
   * members who had a notification of it, whose unread counts may have dropped.
   */
  | { kind: 'post-deleted'; actorId: string | null; postId: string; notified: string[]; at: Date }
  /**
   * Staff's removal of the author's (`actorId`) post was undone and the post is back (posts/,
   * RemovedPostsService); `reposters`: the accounts whose reposts of it came back. The kept
   * following feeds get it as they get a new post and repost; nobody is notified again.
   */
  | { kind: 'post-restored'; actorId: string; postId: string; reposters: string[]; at: Date }
  /**
   * A post's pictures changed after it was written, in a module below posts/ (media/: its author
   * edited an alt text). `media` and `sensitive`: the post's whole values now, as a guest sees
   * them; posts/ (PostUpdatesService) drops its cached first page and pushes `post:updated`.
   */
  | { kind: 'post-updated'; actorId: string; postId: string; media: Media[]; sensitive: boolean; at: Date }
  /**
   * A follow request (issue 26) of `actorId` to the protected `userId` was made, withdrawn,
   * approved or declined: realtime/ pushes the member's pending count and, on an approval, tells
   * the requester. (An approval also publishes the `follow` itself.)
   */
  | { kind: 'follow-request'; actorId: string; userId: string; state: 'pending' | 'withdrawn' | 'approved' | 'declined'; at: Date }
  /**
   * `userId` turned `Gönderilerimi koru` on or off (issue 26): the kept following feeds that may
   * show its posts through a repost are dropped (and rebuilt at their next read), as for `account`.
   */
  | { kind: 'protection'; actorId: string; userId: string; active: boolean; at: Date }
  /** Staff resolved a report case with an action (not a dismissal): `reporterIds` are told "işlem yapıldı". */
  | { kind: 'report-resolved'; actorId: string; reporterIds: string[]; at: Date }
  /** Staff acted on `userId`'s account or decided their appeal (moderation/): their `moderation` notification. `actorId` is `userId` (staff are not named). */
  | { kind: 'moderation'; actorId: string; userId: string; at: Date };

export type ActivityListener = (activity: Activity) => void;

/**
 * The one way a low module (social/, media/, posts/) tells a higher one (posts/, notifications/)
 * that something committed, without importing it (docs/architecture.md#rules: nothing imports
 * upwards).
 *
 * Publish only AFTER the change committed. Listeners are called synchronously and must neither
 * throw nor wait (they queue the work); a listener that throws anyway is logged and the
 * publisher's request goes on untouched.
 */
@Injectable()
export class ActivityEvents {
  private readonly logger = new Logger('Activity');
  private readonly listeners: ActivityListener[] = [];

  subscribe(listener: ActivityListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  publish(activity: Activity): void {
    for (const listener of this.listeners) {
      try {
        listener(activity);
      } catch (error) {
        this.logger.warn(`Etkinlik işlenemedi (${activity.kind}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/** Global, so social/ and posts/ inject ActivityEvents without importing the module that listens. */
@Global()
@Module({ providers: [ActivityEvents], exports: [ActivityEvents] })
export class ActivityModule {}
