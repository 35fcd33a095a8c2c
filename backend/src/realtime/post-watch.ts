import { MAX_WATCH_IDS_PER_CALL } from '@gundem/contract';
import { postRoom, type WatchResult } from './realtime.types';
import {
  MAX_WATCHED_POSTS,
  WATCH_INVALID_ID,
  WATCH_IP_LIMIT_REACHED,
  WATCH_LIMIT_REACHED,
  WATCH_NOT_A_LIST,
  WATCH_TOO_MANY_PER_CALL,
} from './realtime.texts';

/** docs/wire-contract.md#postswatch: at most 200 post ids per `posts:watch` call. */
export { MAX_WATCH_IDS_PER_CALL };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Distinct lowercased post ids, or the Turkish reason the payload is refused. */
export function parsePostIds(body: unknown): { ok: true; ids: string[] } | { ok: false; message: string } {
  if (!Array.isArray(body)) return { ok: false, message: WATCH_NOT_A_LIST };
  if (body.length > MAX_WATCH_IDS_PER_CALL) return { ok: false, message: WATCH_TOO_MANY_PER_CALL };
  const ids = new Set<string>();
  for (const value of body) {
    if (typeof value !== 'string' || !UUID.test(value)) return { ok: false, message: WATCH_INVALID_ID };
    ids.add(value.toLowerCase());
  }
  return { ok: true, ids: [...ids] };
}

interface RoomMember {
  rooms: Set<string>;
  join(rooms: string[]): unknown;
  leave(room: string): unknown;
}

function watchedCount(socket: RoomMember): number {
  let n = 0;
  for (const room of socket.rooms) if (room.startsWith('post:')) n++;
  return n;
}

/**
 * Joins or leaves `post:<id>` rooms. A refused call changes nothing: every id is valid, the
 * total stays within MAX_WATCHED_POSTS and the new rooms within `allowance` (what the other
 * connections of the client's address leave of its budget, see socket-limits.ts), or none is joined.
 * `hidden`: ids (lowercased) this connection may not watch, skipped silently (a block's, issue 25).
 */
export function applyWatch(socket: RoomMember, body: unknown, action: 'watch' | 'unwatch', allowance = Infinity, hidden?: ReadonlySet<string>): WatchResult {
  const parsed = parsePostIds(body);
  if (!parsed.ok) return parsed;
  // Posts a block hides from this member are left out without a word (the member is not told).
  const rooms = (hidden?.size && action === 'watch' ? parsed.ids.filter((id) => !hidden.has(id)) : parsed.ids).map(postRoom);
  if (action === 'unwatch') {
    for (const room of rooms) void socket.leave(room);
    return { ok: true, watching: watchedCount(socket) };
  }
  const fresh = rooms.filter((room) => !socket.rooms.has(room));
  if (watchedCount(socket) + fresh.length > MAX_WATCHED_POSTS) return { ok: false, message: WATCH_LIMIT_REACHED };
  if (fresh.length > allowance) return { ok: false, message: WATCH_IP_LIMIT_REACHED };
  if (fresh.length) void socket.join(fresh);
  return { ok: true, watching: watchedCount(socket) };
}
