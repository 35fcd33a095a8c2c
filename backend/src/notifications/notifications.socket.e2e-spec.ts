import type { NotificationNewEvent } from '@gundem/contract';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestApp, createTestNodes, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { NotificationsWriter } from './notifications.writer';

/** The next `notification:new` for which `done` holds, and every one seen until then. */
function eventsUntil(socket: Parameters<typeof collect>[0], done: (event: NotificationNewEvent) => boolean, timeoutMs = 10_000): Promise<NotificationNewEvent[]> {
  const seen: NotificationNewEvent[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('notification:new', handler);
      reject(new Error(`no matching notification:new within ${timeoutMs} ms (saw ${JSON.stringify(seen.map((e) => [e.unreadCount, e.notification.actorCount]))})`));
    }, timeoutMs);
    const handler = (event: NotificationNewEvent) => {
      seen.push(event);
      if (!done(event)) return;
      clearTimeout(timer);
      socket.off('notification:new', handler);
      resolve(seen);
    };
    socket.on('notification:new', handler);
  });
}

describe('notifications over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
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

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;

  it('notification:new reaches every tab of the recipient with the absolute unread count, and nobody else', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const bystander = await t.createUser();
    const post = await t.createPost(author, 'canlı');
    const tabs = [await connectSocket(url, await t.tokenFor(author)), await connectSocket(url, await t.tokenFor(author))];
    const others = [await connectSocket(url, await t.tokenFor(fan)), await connectSocket(url, await t.tokenFor(bystander)), await connectSocket(url)];
    const leaks = others.map((s) => [collect(s, 'notification:new'), collect(s, 'notification:read')]);

    const first = tabs.map((tab) => nextEvent(tab, 'notification:new', 10_000));
    await t.http.post(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
    for (const event of await Promise.all(first)) {
      expect(event.unreadCount).toBe(1);
      expect(event.notification).toMatchObject({ type: 'like', post: { id: post.id }, actorCount: 1, read: false, actors: [{ id: fan.id, username: fan.username }] });
    }

    const second = tabs.map((tab) => nextEvent(tab, 'notification:new', 10_000));
    await t.http.post(`/api/users/${author.id}/follow`).set('authorization', await bearer(fan)).expect(200);
    for (const event of await Promise.all(second)) {
      expect(event.unreadCount).toBe(2);
      expect(event.notification).toMatchObject({ type: 'follow', post: null, actorCount: 1 });
    }

    // Marked read on one tab: every tab hears the new count.
    const read = tabs.map((tab) => nextEvent(tab, 'notification:read', 10_000));
    await t.http.post('/api/notifications/read-all').set('authorization', await bearer(author)).expect(200);
    for (const event of await Promise.all(read)) expect(event).toEqual({ unreadCount: 0, all: true });

    await Promise.all(others.map((s) => roundTrip(s)));
    expect(leaks).toEqual([[[], []], [[], []], [[], []]]);
  });

  it('an unlike withdraws the notification and pushes the lower count', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const post = await t.createPost(author, 'geri al');
    const tab = await connectSocket(url, await t.tokenFor(author));
    const added = nextEvent(tab, 'notification:new', 10_000);
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
    expect((await added).unreadCount).toBe(1);
    const withdrawn = nextEvent(tab, 'notification:read', 10_000);
    await t.http.delete(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
    expect(await withdrawn).toEqual({ unreadCount: 0 });
  });

  it("deleting a post pushes the lower unread count to every member whose notification of it went with it", async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const mentioned = await t.createUser();
    const bystander = await t.createUser();
    const post = await t.createPost(author, 'silinecek');
    const authorTab = await connectSocket(url, await t.tokenFor(author));
    const mentionedTab = await connectSocket(url, await t.tokenFor(mentioned));
    const bystanderTab = await connectSocket(url, await t.tokenFor(bystander));
    const leaks = [collect(bystanderTab, 'notification:new'), collect(bystanderTab, 'notification:read')];

    // The fan likes the author's post: the author has one unread notification.
    const liked = nextEvent(authorTab, 'notification:new', 10_000);
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
    expect((await liked).unreadCount).toBe(1);

    // The fan's reply mentions another member: the author (a reply) and they (a mention) have one more.
    const replied = nextEvent(authorTab, 'notification:new', 10_000);
    const mentionedIn = nextEvent(mentionedTab, 'notification:new', 10_000);
    const reply = await t.createPost(fan, `@${mentioned.username} bak`, post.id);
    expect(await replied).toMatchObject({ unreadCount: 2, notification: { type: 'reply' } });
    expect(await mentionedIn).toMatchObject({ unreadCount: 1, notification: { type: 'mention' } });

    // The fan deletes the reply: both its notifications go, and both members hear it live.
    const authorAfterReply = nextEvent(authorTab, 'notification:read', 10_000);
    const mentionedAfterReply = nextEvent(mentionedTab, 'notification:read', 10_000);
    await t.http.delete(`/api/posts/${reply.id}`).set('authorization', await bearer(fan)).expect(200);
    expect(await authorAfterReply).toEqual({ unreadCount: 1 });
    expect(await mentionedAfterReply).toEqual({ unreadCount: 0 });

    // The author deletes the liked post: the like's notification goes, and the badge drops to 0.
    const authorAfterPost = nextEvent(authorTab, 'notification:read', 10_000);
    await t.http.delete(`/api/posts/${post.id}`).set('authorization', await bearer(author)).expect(200);
    expect(await authorAfterPost).toEqual({ unreadCount: 0 });
    const res = await t.http.get('/api/notifications/unread-count').set('authorization', await bearer(author)).expect(200);
    expect(res.body).toEqual({ count: 0 });

    await t.app.get(NotificationsWriter).drain();
    await roundTrip(bystanderTab);
    expect(leaks).toEqual([[], []]);
  });

  it("staff deleting a post pushes its author's lower unread count too", async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const post = await t.createPost(author, 'kurala aykırı');
    const kept = await t.createPost(author, 'kalan');
    const tab = await connectSocket(url, await t.tokenFor(author));
    const first = nextEvent(tab, 'notification:new', 10_000);
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
    expect((await first).unreadCount).toBe(1);
    const second = nextEvent(tab, 'notification:new', 10_000);
    await t.http.put(`/api/posts/${kept.id}/like`).set('authorization', await bearer(fan)).expect(200);
    expect((await second).unreadCount).toBe(2);

    // Staff's delete also gives the author a `Gönderiniz kaldırıldı` notice (moderation): its push
    // carries the count with the deleted post's like already gone (the kept like + the notice: 2, not 3).
    const notice = eventsUntil(tab, (e) => e.notification.type === 'moderation');
    await t.http.delete(`/api/admin/posts/${post.id}`).set('authorization', await bearer(admin)).expect(200);
    const seen = await notice;
    expect(seen[seen.length - 1].unreadCount).toBe(2);
  });

  it('a burst of likes on one post is coalesced: fewer events than likes, the last with the exact totals', async () => {
    const author = await t.createUser();
    const likers = await t.createUsers(40);
    const tokens = await Promise.all(likers.map((u) => t.tokenFor(u)));
    const post = await t.createPost(author, 'çok beğenilen');
    const tab = await connectSocket(url, await t.tokenFor(author));
    const events = eventsUntil(tab, (e) => e.notification.actorCount === likers.length);
    await Promise.all(tokens.map((token) => t.http.post(`/api/posts/${post.id}/like`).set('authorization', `Bearer ${token}`).expect(200)));
    const seen = await events;
    expect(seen.length).toBeLessThan(likers.length);
    expect(seen[seen.length - 1]).toMatchObject({ unreadCount: 1, notification: { type: 'like', actorCount: 40 } });
    // Counts only ever grow along the burst (each event newer than the one before).
    const actorCounts = seen.map((e) => e.notification.actorCount);
    expect([...actorCounts].sort((a, b) => a - b)).toEqual(actorCounts);
    await t.app.get(NotificationsWriter).drain();
    await roundTrip(tab);
  });

  it("a deactivated account's sockets are closed and receive nothing", async () => {
    const author = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const fan = await t.createUser();
    const post = await t.createPost(author, 'uyku');
    const tab = await connectSocket(url, await t.tokenFor(author));
    const got = collect(tab, 'notification:new');
    const closed = nextEvent(tab, 'disconnect', 10_000);
    await t.http.patch(`/api/admin/users/${author.id}`).set('authorization', await bearer(admin)).send({ isActive: false });
    await closed;
    const res = await t.http.post(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan));
    // A deactivated author's post cannot be liked at all.
    expect(res.status).toBe(404);
    await t.app.get(NotificationsWriter).drain();
    expect(got).toEqual([]);
  });
});

let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('notifications across two nodes (shared PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'notif');
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a like on node B reaches the author’s tabs on both nodes; read-all on node A clears the tab on node B', async () => {
    const author = await a.createUser();
    const fan = await a.createUser();
    const other = await a.createUser();
    const post = await a.createPost(author, 'iki düğüm');
    const onA = await connectSocket(await a.listen(), await a.tokenFor(author));
    const onB = await connectSocket(await b.listen(), await b.tokenFor(author));
    const otherOnA = await connectSocket(await a.listen(), await a.tokenFor(other));
    const leak = collect(otherOnA, 'notification:new');

    const events = [nextEvent(onA, 'notification:new', 10_000), nextEvent(onB, 'notification:new', 10_000)];
    await b.http.post(`/api/posts/${post.id}/like`).set('authorization', `Bearer ${await b.tokenFor(fan)}`).expect(200);
    for (const event of await Promise.all(events)) expect(event).toMatchObject({ unreadCount: 1, notification: { type: 'like', actorCount: 1 } });

    const read = [nextEvent(onA, 'notification:read', 10_000), nextEvent(onB, 'notification:read', 10_000)];
    await a.http.post('/api/notifications/read-all').set('authorization', `Bearer ${await a.tokenFor(author)}`).expect(200);
    for (const event of await Promise.all(read)) expect(event).toEqual({ unreadCount: 0, all: true });
    await roundTrip(otherOnA);
    expect(leak).toEqual([]);
  });
});
