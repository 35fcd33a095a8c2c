import { Client } from 'pg';
import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../backend/test/socket-client';
import type { RunningServer } from '../support/server';
import { api, type Cluster, type Member, registerMember, type TestDatabase } from './cluster';

/**
 * What two nodes of one deployment must do for each other, whatever carries the events between
 * them: an event caused by a REST call to node B reaches the right clients connected to node A
 * (docs/wire-contract.md#socketio: "With REDIS_URL set, every event reaches the right clients
 * whichever node they are connected to"). Run against one Redis (multi-node.test.ts, the classic
 * adapter) and a Redis Cluster (redis-cluster.test.ts, the sharded adapter). Call it inside a
 * describe; `start` gives two nodes sharing a fresh database and the Redis under test.
 */
export function twoNodeConformance(start: () => Promise<Cluster>, adapter: 'classic' | 'sharded'): void {
  let cluster: Cluster;
  let db: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let ali: Member;
  let ayse: Member;
  let can: Member;

  beforeAll(async () => {
    cluster = await start();
    db = cluster.db;
    [a, b] = cluster.nodes;
    [ali, ayse, can] = [await registerMember(a.url, 'ali'), await registerMember(b.url, 'ayse'), await registerMember(a.url, 'can')];
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await cluster?.stop();
  });

  it(`both nodes use the ${adapter} Redis adapter`, () => {
    for (const node of [a, b]) {
      expect(node.output()).toContain('Socket.IO Redis adaptörü etkin');
      if (adapter === 'sharded') expect(node.output()).toMatch(/Redis Cluster \(.*\): paylaşımlı \(sharded\) yayın, abonelik kipi dynamic\)/);
      else expect(node.output()).not.toContain('sharded');
    }
  });

  it('message:new caused on node B reaches the receiver and the sender’s other tab on node A within a second, and nobody else', async () => {
    const ayseOnA = await connectSocket(a.url, ayse.token);
    const aliOtherTabOnA = await connectSocket(a.url, ali.token);
    const canOnA = await connectSocket(a.url, can.token);
    const canOnB = await connectSocket(b.url, can.token);
    const guestOnA = await connectSocket(a.url);
    const leaks = [collect(canOnA, 'message:new'), collect(canOnB, 'message:new'), collect(guestOnA, 'message:new')];

    const toAyse = nextEvent(ayseOnA, 'message:new', 1_000);
    const toAli = nextEvent(aliOtherTabOnA, 'message:new', 1_000);
    const started = Date.now();
    const sent = await api(b.url, 'POST', '/api/messages/send', { token: ali.token, body: { receiverId: ayse.id, content: 'B düğümünden selam!' } });
    expect(sent.status).toBe(201);
    const [received, echo] = await Promise.all([toAyse, toAli]);
    expect(Date.now() - started).toBeLessThan(1_000);

    expect(received).toMatchObject({
      message: { id: sent.body.message.id, text: 'B düğümünden selam!', isOwn: false },
      conversation: { id: ali.id, user: { id: ali.id, username: ali.username }, unreadCount: 1 },
    });
    expect(echo).toMatchObject({ message: { id: sent.body.message.id, isOwn: true }, conversation: { id: ayse.id } });
    await Promise.all([roundTrip(canOnA), roundTrip(canOnB), roundTrip(guestOnA)]);
    expect(leaks).toEqual([[], [], []]);
  });

  it('post:new caused on node B reaches the home feed’s connections on node A as one batch, and no other connection', async () => {
    const homeOnA = await connectSocket(a.url);
    const homeOnB = await connectSocket(b.url);
    const elsewhereOnA = await connectSocket(a.url);
    for (const socket of [homeOnA, homeOnB]) expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
    const leak = collect(elsewhereOnA, 'post:new');
    const batches = [nextEvent(homeOnA, 'post:new', 3_000), nextEvent(homeOnB, 'post:new', 3_000)];
    const ids: string[] = [];
    for (const content of ['İki düğümlü #gündem', 'Aynı saniyede ikincisi']) {
      const created = await api(b.url, 'POST', '/api/posts', { token: ali.token, body: { content } });
      expect(created.status).toBe(201);
      ids.push(created.body.post._id);
    }
    for (const batch of await Promise.all(batches)) {
      expect(batch.posts.map((post) => (post as { _id: string })._id)).toEqual(ids);
      expect(batch.post).toMatchObject({ _id: ids[1], content: 'Aynı saniyede ikincisi' });
    }
    await roundTrip(elsewhereOnA);
    expect(leak).toEqual([]);
  });

  it('post:engagement from a like on node B reaches the post’s watchers on node A', async () => {
    const created = await api(a.url, 'POST', '/api/posts', { token: ali.token, body: { content: 'Beğeni sayacı' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;
    const watcherOnA = await connectSocket(a.url);
    expect(await request(watcherOnA, 'posts:watch', [postId])).toEqual({ ok: true, watching: 1 });
    const engagement = nextEvent(watcherOnA, 'post:engagement', 1_000);
    const like = await api(b.url, 'POST', `/api/posts/${postId}/like`, { token: ayse.token });
    expect([200, 201]).toContain(like.status);
    expect(like.body).toMatchObject({ liked: true, likesCount: 1 });
    expect(await engagement).toEqual({ postId, likeCount: 1, retweetCount: 0, replyCount: 0, quoteCount: 0, version: 1 });
  });

  it('notification:new from a like on node B reaches the author’s tabs on both nodes; read-all on node A clears the tab on node B', async () => {
    const created = await api(a.url, 'POST', '/api/posts', { token: can.token, body: { content: 'Bildirim iki düğümde' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;
    const canOnA = await connectSocket(a.url, can.token);
    const canOnB = await connectSocket(b.url, can.token);
    const aliOnA = await connectSocket(a.url, ali.token);
    const leak = collect(aliOnA, 'notification:new');
    const news = [nextEvent(canOnA, 'notification:new', 5_000), nextEvent(canOnB, 'notification:new', 5_000)];
    expect((await api(b.url, 'POST', `/api/posts/${postId}/like`, { token: ayse.token })).status).toBe(200);
    for (const event of await Promise.all(news)) {
      expect(event).toMatchObject({ notification: { type: 'like', post: { id: postId }, actorCount: 1, actors: [{ id: ayse.id }] } });
      expect(event.unreadCount).toBeGreaterThanOrEqual(1);
    }
    const reads = [nextEvent(canOnA, 'notification:read', 5_000), nextEvent(canOnB, 'notification:read', 5_000)];
    expect((await api(a.url, 'POST', '/api/notifications/read-all', { token: can.token })).status).toBe(200);
    for (const event of await Promise.all(reads)) expect(event).toEqual({ unreadCount: 0, all: true });
    await roundTrip(aliOnA);
    // Ali's own notifications from the tests before (a like of his post) may still arrive:
    // what must never reach him is anything about Can's post.
    expect(leak.filter((event) => JSON.stringify(event).includes(postId))).toEqual([]);
  });

  it('post:reply from a reply on node B reaches the original’s watchers on node A with the reply', async () => {
    const created = await api(a.url, 'POST', '/api/posts', { token: ali.token, body: { content: 'Yanıt bekleyen gönderi' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;
    const watcherOnA = await connectSocket(a.url);
    expect(await request(watcherOnA, 'posts:watch', [postId])).toEqual({ ok: true, watching: 1 });
    const arrived = nextEvent(watcherOnA, 'post:reply');
    const reply = await api(b.url, 'POST', '/api/posts', { token: ayse.token, body: { content: 'B düğümünden yanıt', replyToId: postId } });
    expect(reply.status).toBe(201);
    expect(await arrived).toEqual({ postId, reply: reply.body.post });
  });

  it('post:updated from staff marking a post sensitive on node B reaches its watchers on node A', async () => {
    const moderator = await registerMember(b.url, 'denetci');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]).finally(() => client.end());
    const created = await api(a.url, 'POST', '/api/posts', { token: ali.token, body: { content: 'Hassas olabilecek gönderi' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;
    const watcherOnA = await connectSocket(a.url);
    expect(await request(watcherOnA, 'posts:watch', [postId])).toEqual({ ok: true, watching: 1 });
    const updated = nextEvent(watcherOnA, 'post:updated');
    const marked = await api(b.url, 'PATCH', `/api/admin/posts/${postId}`, { token: moderator.token, body: { sensitive: true } });
    expect(marked.status).toBe(200);
    expect(await updated).toEqual({ postId, media: [], sensitive: true });
  });

  it('a member deactivated through node B is refused on node A at once, though A had their session cached', async () => {
    const admin = await registerMember(b.url, 'yonetici');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]).finally(() => client.end());
    const member = await registerMember(a.url, 'hedef');
    // Node A reads the member's session once and keeps it (SessionCache, seconds).
    expect((await api(a.url, 'GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    expect((await api(b.url, 'PATCH', `/api/admin/users/${member.id}`, { token: admin.token, body: { isActive: false } })).status).toBe(200);
    // Node B told node A through Redis: well within a second, not after A's cached row expires.
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await api(a.url, 'GET', '/api/auth/me', { token: member.token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('a REST call on either node is answered while the other node serves sockets', async () => {
    const conversations = await Promise.all([a, b].map((node) => api(node.url, 'GET', '/api/messages/conversations', { token: ayse.token })));
    for (const res of conversations) {
      expect(res.status).toBe(200);
      expect(res.body.conversations[0]).toMatchObject({ id: ali.id, unreadCount: 1 });
    }
  });
}
