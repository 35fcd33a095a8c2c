import { feedRoom, type FeedName, type FeedResult, FEEDS, homeRoom } from './realtime.types';
import { FEED_NOT_AN_OBJECT, FEED_UNKNOWN } from './realtime.texts';


interface RoomMember {
  data?: { userId?: string };
  join(room: string): unknown;
  leave(room: string): unknown;
}

/** The feed named by `{ feed }`, or the Turkish reason the payload is refused. */
export function parseFeed(body: unknown): { ok: true; feed: FeedName } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: FEED_NOT_AN_OBJECT };
  const feed = (body as { feed?: unknown }).feed;
  if (typeof feed !== 'string') return { ok: false, message: FEED_NOT_AN_OBJECT };
  if (!(FEEDS as readonly string[]).includes(feed)) return { ok: false, message: FEED_UNKNOWN };
  return { ok: true, feed: feed as FeedName };
}

/**
 * Joins or leaves the room `feed:<name>`, where `post:new` batches go. Only known feeds have a
 * room, so a connection is in at most FEEDS.length of them whatever it sends.
 */
export function applyFeedWatch(socket: RoomMember, body: unknown, action: 'watch' | 'unwatch'): FeedResult {
  const parsed = parseFeed(body);
  if (!parsed.ok) return parsed;
  const room = feedRoom(parsed.feed);
  void (action === 'watch' ? socket.join(room) : socket.leave(room));
  // A member's home connections are also in their own room (homeRoom): blocks filter per member.
  const userId = socket.data?.userId;
  if (parsed.feed === 'home' && userId) {
    const own = homeRoom(userId.toLowerCase());
    void (action === 'watch' ? socket.join(own) : socket.leave(own));
  }
  return { ok: true };
}
