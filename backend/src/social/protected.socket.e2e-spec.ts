import { closeAllSockets, type ClientSocket, collect, connectSocket, nextEvent, postIds, postNewUntil, request, roundTrip } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestApp, createTestNodes, type TestApp } from '../../test/test-app';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { FollowRequestsService } from './follow-requests.service';

type Member = { id: string; username: string };

/**
 * Resolves once `socket`'s connection on `node` is in the post's room (`inside`) or out of it: the
 * server takes watchers out after the change is answered (an activity listener), so a test waits
 * for the room itself before it checks which events still come.
 */
async function inRoom(node: TestApp, socket: ClientSocket, postId: string, inside: boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const room = node.app.get(RealtimeGateway).server.of('/').adapter.rooms.get(`post:${postId.toLowerCase()}`);
    if ((room?.has(socket.id!) ?? false) === inside) return;
    if (Date.now() > deadline) throw new Error(`bağlantı ${inside ? 'odaya girmedi' : 'odadan çıkmadı'}: post:${postId}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Issue 26 over Socket.IO: a protected account's posts and replies are pushed to its followers only; follow requests are live. */
describe('protected accounts over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const home = async (member?: Member) => {
    const socket = await connectSocket(url, member ? await t.tokenFor(member) : undefined);
    expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
    return socket;
  };
  const follow = async (follower: Member, target: Member) => t.http.put(`/api/users/${target.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);

  it('post:new on the home feed: the protected account’s post reaches its follower and itself, not a stranger or a guest', async () => {
    const [locked, fan, stranger, other] = await t.createUsers(4);
    await follow(fan, locked);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const [toLocked, toFan, toStranger, toGuest] = [await home(locked), await home(fan), await home(stranger), await home()];
    const leaks = [toStranger, toGuest].map((s) => collect(s, 'post:new'));
    const hidden = await t.createPost(locked, 'gizli');
    const open = await t.createPost(other, 'açık');
    const [lockedSaw, fanSaw, strangerSaw, guestSaw] = await Promise.all([toLocked, toFan, toStranger, toGuest].map((s) => postNewUntil(s, open.id)));
    expect(postIds(lockedSaw)).toEqual(expect.arrayContaining([hidden.id, open.id]));
    expect(postIds(fanSaw)).toEqual(expect.arrayContaining([hidden.id, open.id]));
    expect(postIds(strangerSaw)).not.toContain(hidden.id);
    expect(postIds(guestSaw)).not.toContain(hidden.id);
    await Promise.all([toStranger, toGuest].map((s) => roundTrip(s)));
    for (const seen of leaks) expect(postIds(seen)).not.toContain(hidden.id);
  });

  it('post:reply: a protected member’s reply goes to followers watching the post, not to other watchers', async () => {
    const [locked, fan, stranger, author] = await t.createUsers(4);
    await follow(fan, locked);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const post = await t.createPost(author, 'herkese açık');
    const watch = async (member: Member) => {
      const socket = await connectSocket(url, await t.tokenFor(member));
      expect(await request(socket, 'posts:watch', [post.id])).toMatchObject({ ok: true });
      return socket;
    };
    const [toFan, toStranger] = [await watch(fan), await watch(stranger)];
    const strangerSaw = collect(toStranger, 'post:reply');
    const fanGot = nextEvent(toFan, 'post:reply');
    const reply = await t.createPost(locked, 'gizli yanıt', post.id);
    expect((await fanGot).reply.id).toBe(reply.id);
    // A public reply after it reaches the stranger, and the protected one never did.
    const strangerGot = nextEvent(toStranger, 'post:reply');
    const open = await t.createPost(author, 'açık yanıt', post.id);
    expect((await strangerGot).reply.id).toBe(open.id);
    expect(strangerSaw.map((e) => e.reply.id)).toEqual([open.id]);
  });

  it('follow-requests:count reaches the protected member live; follow-request:approved reaches the requester', async () => {
    const [locked, fan] = await t.createUsers(2);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const toLocked = await connectSocket(url, await t.tokenFor(locked));
    const toFan = await connectSocket(url, await t.tokenFor(fan));
    const counted = nextEvent(toLocked, 'follow-requests:count');
    await follow(fan, locked);
    expect(await counted).toEqual({ count: 1 });
    // Withdrawn: back to 0.
    const withdrawn = nextEvent(toLocked, 'follow-requests:count');
    await t.http.delete(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    expect(await withdrawn).toEqual({ count: 0 });
    // Asked again, then approved: the member's connections end on 0 pending, the requester hears of it.
    const again = nextEvent(toLocked, 'follow-requests:count');
    await follow(fan, locked);
    expect(await again).toEqual({ count: 1 });
    const approvedCount = nextEvent(toLocked, 'follow-requests:count');
    const approved = nextEvent(toFan, 'follow-request:approved');
    await t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).set('authorization', await t.bearer(locked)).expect(200);
    expect(await approved).toEqual({ userId: locked.id, username: locked.username });
    expect(await approvedCount).toEqual({ count: 0 });
  });

  it('posts:watch: a guest and a non-follower cannot watch a protected account’s post nor get its post:engagement; the account and its follower can', async () => {
    const [locked, fan, stranger, other] = await t.createUsers(4);
    await follow(fan, locked);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const hidden = await t.createPost(locked, 'korunan gönderi');
    const control = await t.createPost(other, 'açık gönderi');
    const watch = async (member?: Member) => {
      const socket = await connectSocket(url, member ? await t.tokenFor(member) : undefined);
      return socket;
    };
    const [toLocked, toFan, toStranger, toGuest] = [await watch(locked), await watch(fan), await watch(stranger), await watch()];
    // Answered as usual; the protected post's room is left out without a word for the other two.
    expect(await request(toLocked, 'posts:watch', [hidden.id, control.id])).toEqual({ ok: true, watching: 2 });
    expect(await request(toFan, 'posts:watch', [hidden.id, control.id])).toEqual({ ok: true, watching: 2 });
    expect(await request(toStranger, 'posts:watch', [hidden.id, control.id])).toEqual({ ok: true, watching: 1 });
    expect(await request(toGuest, 'posts:watch', [hidden.id.toUpperCase(), control.id])).toEqual({ ok: true, watching: 1 });
    const leaks = [toStranger, toGuest].map((s) => collect(s, 'post:engagement'));
    const [fanGot, lockedGot] = [nextEvent(toFan, 'post:engagement', 10_000), nextEvent(toLocked, 'post:engagement', 10_000)];
    await t.http.put(`/api/posts/${hidden.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    expect((await fanGot).postId).toBe(hidden.id);
    expect((await lockedGot).postId).toBe(hidden.id);
    // The control post's like is the first the other two get.
    const next = [toStranger, toGuest].map((s) => nextEvent(s, 'post:engagement', 10_000));
    await t.http.put(`/api/posts/${control.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    for (const got of next) expect((await got).postId).toBe(control.id);
    for (const seen of leaks) expect(seen.map((e) => e.postId)).toEqual([control.id]);
  });

  it('turning protection on takes the watchers who do not follow (guests too) out of its posts’ rooms; an unfollow takes the former follower out', async () => {
    const [account, fan, stranger, other] = await t.createUsers(4);
    await follow(fan, account);
    const post = await t.createPost(account, 'henüz açık gönderi');
    const control = await t.createPost(other, 'kontrol gönderisi');
    const sockets = await Promise.all([fan, stranger, undefined].map(async (member) => connectSocket(url, member ? await t.tokenFor(member) : undefined)));
    const [toFan, toStranger, toGuest] = sockets;
    for (const socket of sockets) expect(await request(socket, 'posts:watch', [post.id, control.id])).toEqual({ ok: true, watching: 2 });

    await t.app.get(FollowRequestsService).setProtected(account.id, true);
    await Promise.all([inRoom(t, toStranger, post.id, false), inRoom(t, toGuest, post.id, false)]);
    // The follower stays, and every watcher keeps the other post.
    await inRoom(t, toFan, post.id, true);
    for (const socket of sockets) await inRoom(t, socket, control.id, true);
    const leaks = [toStranger, toGuest].map((s) => collect(s, 'post:engagement'));
    const fanGot = nextEvent(toFan, 'post:engagement', 10_000);
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    expect((await fanGot).postId).toBe(post.id);
    const next = [toStranger, toGuest].map((s) => nextEvent(s, 'post:engagement', 10_000));
    await t.http.put(`/api/posts/${control.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    for (const got of next) expect((await got).postId).toBe(control.id);
    for (const seen of leaks) expect(seen.map((e) => e.postId)).toEqual([control.id]);
    // Watching it again joins nothing.
    expect(await request(toGuest, 'posts:watch', [post.id])).toEqual({ ok: true, watching: 1 });

    // The follower unfollows: out of the room too, and the account's own like no longer reaches them.
    await t.http.delete(`/api/users/${account.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    await inRoom(t, toFan, post.id, false);
    await inRoom(t, toFan, control.id, true);
    const fanSeen = collect(toFan, 'post:engagement');
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(account)).expect(200);
    const fanNext = nextEvent(toFan, 'post:engagement', 10_000);
    await t.http.put(`/api/posts/${control.id}/like`).set('authorization', await t.bearer(account)).expect(200);
    expect((await fanNext).postId).toBe(control.id);
    expect(fanSeen.map((e) => e.postId)).toEqual([control.id]);
    expect(await request(toFan, 'posts:watch', [post.id])).toEqual({ ok: true, watching: 1 });
  });
});

let redis: TestRedis | null | undefined;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('protected accounts across two nodes (shared PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'protected');
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('protection turned on at node A takes a guest and a stranger watching on node B out of its post’s room; the follower stays', async () => {
    const [account, fan, stranger] = await a.createUsers(3);
    await a.http.put(`/api/users/${account.id}/follow`).set('authorization', await a.bearer(fan)).expect(200);
    const post = await a.createPost(account, 'iki düğüm');
    const onB = await b.listen();
    const [toFan, toStranger, toGuest] = await Promise.all([fan, stranger, undefined].map(async (member) => connectSocket(onB, member ? await b.tokenFor(member) : undefined)));
    for (const socket of [toFan, toStranger, toGuest]) expect(await request(socket, 'posts:watch', [post.id])).toEqual({ ok: true, watching: 1 });
    await a.app.get(FollowRequestsService).setProtected(account.id, true);
    await Promise.all([inRoom(b, toStranger, post.id, false), inRoom(b, toGuest, post.id, false)]);
    await inRoom(b, toFan, post.id, true);
    const fanGot = nextEvent(toFan, 'post:engagement', 10_000);
    const leaks = [toStranger, toGuest].map((s) => collect(s, 'post:engagement'));
    await a.http.put(`/api/posts/${post.id}/like`).set('authorization', await a.bearer(fan)).expect(200);
    expect((await fanGot).postId).toBe(post.id);
    await Promise.all([toStranger, toGuest].map((s) => roundTrip(s)));
    for (const seen of leaks) expect(seen).toEqual([]);
  });
});
