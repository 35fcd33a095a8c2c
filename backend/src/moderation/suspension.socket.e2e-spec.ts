import { closeAllSockets, connectSocket, nextEvent } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestNodes, type TestApp } from '../../test/test-app';

/** Two nodes on one database and one Redis: a suspension made through node A closes the member's sockets on A and on B at once. */
describe('a suspension ends the member’s sockets on every node (two nodes, real Redis)', () => {
  let redis: TestRedis | null;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    redis = await startTestRedis();
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'suspend');
    [urlA, urlB] = [await a.listen(), await b.listen()];
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('closes the sockets on both nodes, and node B refuses the old token and the login', async () => {
    const moderator = await a.createUser({ role: 'moderator' });
    const member = await a.createUser();
    const token = await a.tokenFor(member);
    const [onA, onB] = [await connectSocket(urlA, token), await connectSocket(urlB, token)];
    const ends = [nextEvent<string>(onA, 'disconnect', 10_000), nextEvent<string>(onB, 'disconnect', 10_000)];
    // Node B has the session cached (it served a request with the token a moment ago).
    await b.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);

    await a.http
      .post(`/api/admin/users/${member.id}/actions`)
      .set('authorization', await a.bearer(moderator))
      .send({ kind: 'suspend', reason: 'Taciz.', days: 30 })
      .expect(201);

    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await b.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
    const login = await b.http.post('/api/auth/login').send({ login: member.username, password: member.password }).expect(403);
    expect(login.body).toMatchObject({ suspended: true, message: expect.stringMatching(/^Hesabınız .+ tarihine kadar askıya alındı\.$/) });
  });
});
