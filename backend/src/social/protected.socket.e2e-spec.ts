import { closeAllSockets, collect, connectSocket, nextEvent, postIds, postNewUntil, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FollowRequestsService } from './follow-requests.service';

type Member = { id: string; username: string };

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
});
