import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { FollowsService } from '../social/follows.service';
import { RealtimeEvents } from './realtime-events.service';
import { FEED_SIGN_IN, FEED_UNAVAILABLE } from './realtime.texts';
import { authorRoom, type FeedResult, followingRoom } from './realtime.types';

/**
 * Author rooms one connection may be in: a member following more accounts gets `post:new` live
 * from the first this many (the feed itself lists them all). Rooms are a few dozen bytes each.
 */
export const MAX_FOLLOWING_ROOMS = 5_000;

const AUTHOR_ROOM_PREFIX = authorRoom('');

interface FollowingSocket {
  data: { userId?: string };
  rooms: Set<string>;
  join(rooms: string | string[]): unknown;
  leave(room: string): unknown;
}

/**
 * The live side of the `following` feed (docs/wire-contract.md#feedwatch): a connection that
 * watches it joins `following:<member>` and `author:<id>` for the member and each active account
 * they follow, where `post:new` (per author: their posts and reposts) and `repost:removed` go. Follows and unfollows that
 * commit later move those connections in or out of the author's room on every node (through
 * ActivityEvents, so social/ does not import this module); an unrepost sends `repost:removed`.
 */
@Injectable()
export class FollowingFeedRooms implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private unsubscribe?: () => void;

  constructor(
    private readonly follows: FollowsService,
    private readonly events: RealtimeEvents,
    private readonly activity: ActivityEvents,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.activity.subscribe((activity) => {
      if (activity.kind === 'follow') this.events.followChanged(activity.actorId, activity.userId, activity.active);
      else if (activity.kind === 'repost' && !activity.active) this.events.repostRemoved(activity.postId, activity.actorId);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Joins the member's rooms (members only); a second watch brings them up to date with the follows. */
  async watch(socket: FollowingSocket): Promise<FeedResult> {
    const userId = socket.data.userId;
    if (!userId) return { ok: false, message: FEED_SIGN_IN };
    let followed: string[];
    try {
      followed = await this.follows.followedActiveIds(userId);
    } catch (error) {
      this.logger.warn(`Takip edilenler akışının odaları okunamadı: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, message: FEED_UNAVAILABLE };
    }
    const wanted = new Set([userId, ...followed.slice(0, MAX_FOLLOWING_ROOMS - 1)].map((id) => authorRoom(id.toLowerCase())));
    for (const room of socket.rooms) if (room.startsWith(AUTHOR_ROOM_PREFIX) && !wanted.has(room)) void socket.leave(room);
    void socket.join([followingRoom(userId), ...wanted]);
    return { ok: true };
  }

  unwatch(socket: FollowingSocket): FeedResult {
    const userId = socket.data.userId;
    if (!userId) return { ok: true };
    void socket.leave(followingRoom(userId));
    for (const room of [...socket.rooms]) if (room.startsWith(AUTHOR_ROOM_PREFIX)) void socket.leave(room);
    return { ok: true };
  }
}
