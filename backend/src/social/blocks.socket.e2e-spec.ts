import { closeAllSockets, collect, connectSocket, nextEvent, postIds, postNewUntil, request, roundTrip } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestApp, createTestNodes, type TestApp } from '../../test/test-app';

type Member = { id: string; username: string };

/** Issue 25: no socket push crosses a block, on one node and across two. */
describe('blocks over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
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

  const block = async (blocker: Member, blocked: Member) => t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
  const home = async (member?: Member) => {
    const socket = await connectSocket(url, member ? await t.tokenFor(member) : undefined);
    expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
    return socket;
  };

  it('post:new on the home feed: a batch reaches each side without the other’s posts, everyone else whole', async () => {
    const [blocker, blocked, other] = await t.createUsers(3);
    await block(blocker, blocked);
    const [toBlocker, toBlocked, toOther, toGuest] = [await home(blocker), await home(blocked), await home(other), await home()];
    const waits = [toBlocker, toBlocked, toOther, toGuest].map((s) => collect(s, 'post:new'));
    // Three posts in one flush window: one batch.
    const [byBlocker, byBlocked, byOther] = [await t.createPost(blocker, 'a'), await t.createPost(blocked, 'b'), await t.createPost(other, 'c')];
    const [blockerSaw, blockedSaw, otherSaw, guestSaw] = await Promise.all([toBlocker, toBlocked, toOther, toGuest].map((s) => postNewUntil(s, byOther.id)));
    expect(postIds(otherSaw)).toEqual(expect.arrayContaining([byBlocker.id, byBlocked.id, byOther.id]));
    expect(postIds(guestSaw)).toEqual(expect.arrayContaining([byBlocker.id, byBlocked.id, byOther.id]));
    expect(postIds(blockerSaw)).toEqual(expect.arrayContaining([byBlocker.id, byOther.id]));
    expect(postIds(blockerSaw)).not.toContain(byBlocked.id);
    expect(postIds(blockedSaw)).toEqual(expect.arrayContaining([byBlocked.id, byOther.id]));
    expect(postIds(blockedSaw)).not.toContain(byBlocker.id);
    // Nothing else arrives afterwards either (one event per socket and flush).
    await Promise.all([toBlocker, toBlocked].map((s) => roundTrip(s)));
    expect(postIds(waits[0])).not.toContain(byBlocked.id);
    expect(postIds(waits[1])).not.toContain(byBlocker.id);
  });

  it('post:new on the following feed: a followed account’s repost of a blocked author does not reach the blocker', async () => {
    const [blocker, blocked, reposter, fan] = await t.createUsers(4);
    for (const follower of [blocker, fan]) await t.http.put(`/api/users/${reposter.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
    const post = await t.createPost(blocked, 'paylaşılacak');
    await block(blocker, blocked);
    const following = async (member: Member) => {
      const socket = await connectSocket(url, await t.tokenFor(member));
      expect(await request(socket, 'feed:watch', { feed: 'following' })).toEqual({ ok: true });
      return socket;
    };
    const [toBlocker, toFan] = [await following(blocker), await following(fan)];
    const leak = collect(toBlocker, 'post:new');
    const fanSaw = postNewUntil(toFan, post.id);
    await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', await t.bearer(reposter)).expect(200);
    expect(postIds(await fanSaw)).toContain(post.id);
    // The reposter's next own post still reaches the blocker.
    const own = await t.createPost(reposter, 'kendi gönderisi');
    expect(postIds(await postNewUntil(toBlocker, own.id))).not.toContain(post.id);
    expect(postIds(leak)).not.toContain(post.id);
  });

  it('post:reply: a reply by the blocked member does not reach the blocker watching the post', async () => {
    const [blocker, blocked, author] = await t.createUsers(3);
    const root = await t.createPost(author, 'tartışma');
    await block(blocker, blocked);
    const watch = async (member: Member) => {
      const socket = await connectSocket(url, await t.tokenFor(member));
      expect(await request(socket, 'posts:watch', [root.id])).toMatchObject({ ok: true });
      return socket;
    };
    const [toBlocker, toAuthor] = [await watch(blocker), await watch(author)];
    const leak = collect(toBlocker, 'post:reply');
    const authorSaw = nextEvent(toAuthor, 'post:reply', 10_000);
    const reply = await t.createPost(blocked, 'engellenenin yanıtı', root.id);
    expect((await authorSaw).reply.id).toBe(reply.id);
    // A third member's reply reaches the blocker: the blocked one's went nowhere before it.
    const next = nextEvent(toBlocker, 'post:reply', 10_000);
    const fine = await t.createPost(author, 'yazarın yanıtı', root.id);
    expect((await next).reply.id).toBe(fine.id);
    expect(leak.map((e) => e.reply.id)).toEqual([fine.id]);
  });

  it('message:typing across a block is refused without naming it, and message:new never goes out', async () => {
    const [blocker, blocked] = await t.createUsers(2);
    await block(blocker, blocked);
    const [toBlocker, toBlocked] = [await connectSocket(url, await t.tokenFor(blocker)), await connectSocket(url, await t.tokenFor(blocked))];
    const typing = collect(toBlocker, 'message:typing');
    const messages = collect(toBlocker, 'message:new');
    expect(await request(toBlocked, 'message:typing', { to: blocker.id })).toEqual({ ok: false, message: 'Bu kullanıcıya mesaj gönderemezsiniz.' });
    await t.http.post('/api/messages/send').set('authorization', await t.bearer(blocked)).send({ receiverId: blocker.id, content: 'selam' }).expect(403);
    await roundTrip(toBlocker);
    expect(typing).toEqual([]);
    expect(messages).toEqual([]);
    // After the unblock (and the typing interval), typing goes through again.
    await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
    const arrived = nextEvent(toBlocker, 'message:typing', 10_000);
    const again = await connectSocket(url, await t.tokenFor(blocked));
    expect(await request(again, 'message:typing', { to: blocker.id })).toEqual({ ok: true });
    expect(await arrived).toEqual({ from: blocked.id });
  });

  it('notification:new: the blocked member’s mention pushes nothing; a third member’s does', async () => {
    const [blocker, blocked, other] = await t.createUsers(3);
    await block(blocker, blocked);
    const tab = await connectSocket(url, await t.tokenFor(blocker));
    const seen = collect(tab, 'notification:new');
    await t.createPost(blocked, `selam @${blocker.username}`);
    await t.settled();
    const next = nextEvent(tab, 'notification:new', 10_000);
    await t.createPost(other, `selam @${blocker.username}`);
    expect((await next).notification.actors.map((a) => a.id)).toEqual([other.id]);
    expect(seen.flatMap((e) => e.notification.actors.map((a) => a.id))).toEqual([other.id]);
  });
});

let redis: TestRedis | null | undefined;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('blocks across two nodes (shared PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'blocks');
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a post on node A reaches a home tab on node B except the blocked member’s, and a reply skips them too', async () => {
    const [blocker, blocked, other] = await a.createUsers(3);
    await a.http.put(`/api/users/${blocked.id}/block`).set('authorization', await a.bearer(blocker)).expect(200);
    const onB = async (member: Member) => {
      const socket = await connectSocket(await b.listen(), await b.tokenFor(member));
      expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
      return socket;
    };
    const [blockedOnB, otherOnB] = [await onB(blocked), await onB(other)];
    const leak = collect(blockedOnB, 'post:new');
    const post = await a.createPost(blocker, 'A düğümünden');
    expect(postIds(await postNewUntil(otherOnB, post.id))).toContain(post.id);
    // A later post by someone else reaches the blocked member on node B: the earlier one never did.
    const later = await a.createPost(other, 'sonraki');
    expect(postIds(await postNewUntil(blockedOnB, later.id))).not.toContain(post.id);
    expect(postIds(leak)).not.toContain(post.id);

    // post:reply across nodes: the blocked member watches the other's post on node B.
    await request(blockedOnB, 'posts:watch', [later.id]);
    const replies = collect(blockedOnB, 'post:reply');
    await a.createPost(blocker, 'engelleyenin yanıtı', later.id);
    const next = nextEvent(blockedOnB, 'post:reply', 10_000);
    const fine = await a.createPost(other, 'üçüncünün yanıtı', later.id);
    expect((await next).reply.id).toBe(fine.id);
    expect(replies.map((e) => e.reply.id)).toEqual([fine.id]);
  });
  it('post rooms: a block takes the blocked member on node B out of the blocker’s post rooms, and a later watch of them joins nothing', async () => {
    const [blocker, blocked, other] = await a.createUsers(3);
    const theirs = await a.createPost(blocker, 'izlenen gönderi');
    // A second post of the blocker, untouched before the block, so its first like would go out at
    // once (no coalescing window of the first post's likes), ahead of the control's.
    const theirsToo = await a.createPost(blocker, 'izlenen ikinci gönderi');
    const control = await a.createPost(other, 'kontrol gönderisi');
    const socket = await connectSocket(await b.listen(), await b.tokenFor(blocked));
    expect(await request(socket, 'posts:watch', [theirs.id, theirsToo.id, control.id])).toEqual({ ok: true, watching: 3 });
    // Before the block the member gets the counts of the blocker's post.
    const first = nextEvent(socket, 'post:engagement', 10_000);
    await a.http.put(`/api/posts/${theirs.id}/like`).set('authorization', await a.bearer(other)).expect(200);
    expect((await first).postId).toBe(theirs.id);

    await a.http.put(`/api/users/${blocked.id}/block`).set('authorization', await a.bearer(blocker)).expect(200);
    // Once the block is answered, node B's connection has left the room: a like of the blocker's
    // post sends nothing to it, and the control post's like is the next event it gets.
    const seen = collect(socket, 'post:engagement');
    await a.http.put(`/api/posts/${theirsToo.id}/like`).set('authorization', await a.bearer(other)).expect(200);
    const next = nextEvent(socket, 'post:engagement', 10_000);
    await a.http.put(`/api/posts/${control.id}/like`).set('authorization', await a.bearer(other)).expect(200);
    expect((await next).postId).toBe(control.id);
    expect(seen.map((e) => e.postId)).toEqual([control.id]);
    // Watching it again is answered as usual but joins nothing; the control stays watched.
    expect(await request(socket, 'posts:watch', [theirs.id, theirsToo.id])).toEqual({ ok: true, watching: 1 });
    // The blocker's own connection cannot watch the blocked member's posts either.
    const mine = await a.createPost(blocked, 'engellenenin gönderisi');
    const blockerSocket = await connectSocket(await a.listen(), await a.tokenFor(blocker));
    expect(await request(blockerSocket, 'posts:watch', [mine.id, control.id])).toEqual({ ok: true, watching: 1 });
  });
});
