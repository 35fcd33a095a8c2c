import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestNodes, type TestApp } from '../../test/test-app';
import { FollowRequestsService } from '../social/follow-requests.service';

let redis: TestRedis | null | undefined;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/**
 * Issue 27: `post:edited` over real socket.io-client across two nodes sharing PostgreSQL and
 * Redis: the edit made on node A reaches the post's watchers on node B (and A), and only those
 * who may see the post (a protected account's edit is no stranger's).
 */
describe('post:edited across two nodes (shared PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'edits');
    [urlA, urlB] = [await a.listen(), await b.listen()];
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const watch = async (url: string, postId: string, token?: string) => {
    const socket = await connectSocket(url, token);
    expect(await request(socket, 'posts:watch', [postId])).toMatchObject({ ok: true });
    return socket;
  };

  it('an edit on node A reaches a guest watching on node B and a member on node A, with the new text and its time', async () => {
    const [author, reader] = await a.createUsers(2);
    const post = await a.createPost(author, 'ilk hâl #eski');
    const onB = await watch(urlB, post.id);
    const onA = await watch(urlA, post.id, await a.tokenFor(reader));
    const [gotB, gotA] = [nextEvent(onB, 'post:edited'), nextEvent(onA, 'post:edited')];
    const res = await a.http.patch(`/api/posts/${post.id}`).set('authorization', await a.bearer(author)).send({ content: 'yeni hâl #yeni' }).expect(200);
    for (const event of await Promise.all([gotB, gotA])) {
      expect(event).toEqual({
        postId: post.id,
        content: 'yeni hâl #yeni',
        hashtags: ['yeni'],
        links: [],
        mentions: [],
        media: [],
        sensitive: false,
        isEdited: true,
        editedAt: res.body.editedAt,
      });
    }
  });

  it('a protected account’s edit reaches its follower watching on node B, not a stranger watching there', async () => {
    const [locked, fan, stranger] = await a.createUsers(3);
    await a.http.put(`/api/users/${locked.id}/follow`).set('authorization', await a.bearer(fan)).expect(200);
    await a.app.get(FollowRequestsService).setProtected(locked.id, true);
    const post = await a.createPost(locked, 'korunan');
    const toFan = await watch(urlB, post.id, await b.tokenFor(fan));
    const strangerSocket = await connectSocket(urlB, await b.tokenFor(stranger));
    // The stranger may not watch it: the server leaves them out of the room.
    await request(strangerSocket, 'posts:watch', [post.id]);
    const leaked = collect(strangerSocket, 'post:edited');
    const got = nextEvent(toFan, 'post:edited');
    await a.http.patch(`/api/posts/${post.id}`).set('authorization', await a.bearer(locked)).send({ content: 'korunan, düzeltilmiş' }).expect(200);
    expect((await got).content).toBe('korunan, düzeltilmiş');
    await roundTrip(strangerSocket);
    expect(leaked).toEqual([]);
  });
});
