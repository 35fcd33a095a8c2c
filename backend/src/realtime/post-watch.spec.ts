import { randomUUID } from 'node:crypto';
import { applyWatch, parsePostIds } from './post-watch';
import { MAX_WATCHED_POSTS, WATCH_INVALID_ID, WATCH_LIMIT_REACHED, WATCH_NOT_A_LIST, WATCH_TOO_MANY_PER_CALL } from './realtime.texts';

function fakeSocket() {
  const rooms = new Set<string>(['sid', 'user:u1']);
  return {
    rooms,
    join: (list: string[]) => list.forEach((r) => rooms.add(r)),
    leave: (room: string) => rooms.delete(room),
  };
}
const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

describe('posts:watch payloads', () => {
  it('accepts up to 200 uuids, lowercased and deduplicated', () => {
    const id = randomUUID();
    expect(parsePostIds([id, id.toUpperCase()])).toEqual({ ok: true, ids: [id] });
    expect(parsePostIds(ids(200))).toMatchObject({ ok: true });
    expect(parsePostIds([])).toEqual({ ok: true, ids: [] });
  });

  it.each([
    [ids(201), WATCH_TOO_MANY_PER_CALL],
    ['x', WATCH_NOT_A_LIST],
    [undefined, WATCH_NOT_A_LIST],
    [{ length: 1, 0: randomUUID() }, WATCH_NOT_A_LIST],
    [['x'], WATCH_INVALID_ID],
    [[randomUUID(), null], WATCH_INVALID_ID],
    [[`${randomUUID()} `], WATCH_INVALID_ID],
  ])('refuses %p', (body, message) => {
    expect(parsePostIds(body)).toEqual({ ok: false, message });
  });

  it('counts only post rooms toward the cap and refuses a call that would pass it, joining nothing', () => {
    const socket = fakeSocket();
    for (let i = 0; i < MAX_WATCHED_POSTS / 200; i++) expect(applyWatch(socket, ids(200), 'watch')).toMatchObject({ ok: true });
    expect(applyWatch(socket, ids(1), 'watch')).toEqual({ ok: false, message: WATCH_LIMIT_REACHED });
    expect(socket.rooms.size).toBe(MAX_WATCHED_POSTS + 2);
    // Watching an already watched post again costs nothing.
    const watched = [...socket.rooms].find((r) => r.startsWith('post:'))!.slice(5);
    expect(applyWatch(socket, [watched], 'watch')).toEqual({ ok: true, watching: MAX_WATCHED_POSTS });
    expect(applyWatch(socket, [watched], 'unwatch')).toEqual({ ok: true, watching: MAX_WATCHED_POSTS - 1 });
    expect(socket.rooms.has('user:u1')).toBe(true);
  });
});
