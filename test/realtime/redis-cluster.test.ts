import { closeAllSockets, collect, connectSocket, nextEvent, request } from '../../backend/test/socket-client';
import { startRedisCluster, type TestRedisCluster } from '../support/redis-cluster';
import type { RunningServer } from '../support/server';
import { api, type Cluster, hasRedisServer, registerMember, startCluster, unavailable } from './cluster';
import { twoNodeConformance } from './two-node-conformance';

/**
 * Two backend processes on a Redis Cluster of six redis-servers (three masters, three replicas;
 * test/support/redis-cluster.ts, ports 7300–7305): the sharded adapter (SPUBLISH/SSUBSCRIBE)
 * passes what the classic one passes on one Redis, the rate limit holds across the nodes, and
 * pushes keep crossing nodes after a master is killed and its replica promoted. One cluster for
 * the whole file (its ports are fixed), the failover last: it changes the cluster's shape.
 */
const skip = !hasRedisServer() && unavailable('redis-server yok: Redis Cluster testleri çalışamaz');

/** The sharded adapter's channel for a room (dynamic subscription mode): `<prefix>#<nsp>#<room>#`. */
const roomChannel = (prefix: string, room: string) => `${prefix}#/#${room}#`;

async function until(what: string, timeoutMs: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`beklenen olmadı: ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

(skip ? describe.skip : describe)('two nodes on a Redis Cluster (3 masters, 3 replicas)', () => {
  let redis: TestRedisCluster;
  beforeAll(async () => {
    redis = await startRedisCluster();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describe('the same as on one Redis', () => twoNodeConformance(() => startCluster(2, { redisUrl: redis.url }), 'sharded'));

  describe('shared state and failover', () => {
    let cluster: Cluster;
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      // REDIS_CLUSTER_NODES this time (the conformance nodes took the redis+cluster:// URL); a
      // small guest read budget for the rate-limit test.
      cluster = await startCluster(2, { redisUrl: '', env: { REDIS_CLUSTER_NODES: redis.nodesSetting, READ_RATE_LIMIT_GUEST: '8' } });
      [a, b] = cluster.nodes;
    });
    afterEach(() => closeAllSockets());
    afterAll(async () => {
      await cluster?.stop();
    });

    it('counts a guest’s reads on either node against one budget (counters on the cluster)', async () => {
      const read = async (node: RunningServer) => {
        const res = await fetch(`${node.url}/api/trending/users`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        return { status: res.status, remaining: Number(res.headers.get('x-ratelimit-remaining')) };
      };
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await read(i % 2 ? b : a));
      const allowed = answers.filter((answer) => answer.status === 200);
      // Per-node counters would let each node allow 8.
      expect(allowed.length).toBeGreaterThan(0);
      expect(allowed.length).toBeLessThanOrEqual(8);
      expect(answers.slice(allowed.length).map((answer) => answer.status)).toEqual(Array(12 - allowed.length).fill(429));
      // Each node's answer continues the count of the other's.
      const remaining = allowed.map((answer) => answer.remaining);
      expect(remaining).toEqual([...remaining].sort((x, y) => y - x));
      expect(new Set(remaining).size).toBe(remaining.length);
    });

    it('keeps likes and messages crossing nodes after the master of their channels is killed and its replica promoted', async () => {
      const [sender, receiver, liker] = [await registerMember(b.url, 'gonderen'), await registerMember(a.url, 'alici'), await registerMember(b.url, 'begenen')];
      // The shard that carries the receiver's user room (DMs) is the one to lose; the watched
      // post is picked so that its room's channel is on that shard too.
      const victim = await redis.masterOf(await redis.slotOf(roomChannel(cluster.redisPrefix, `user:${receiver.id.toLowerCase()}`)));
      let postId = '';
      for (let i = 0; i < 30 && !postId; i++) {
        const created = await api(a.url, 'POST', '/api/posts', { token: receiver.token, body: { content: `Yük devri ${i}` } });
        expect(created.status).toBe(201);
        const id: string = created.body.post._id;
        if ((await redis.masterOf(await redis.slotOf(roomChannel(cluster.redisPrefix, `post:${id}`)))) === victim) postId = id;
      }
      expect(postId).not.toBe('');
      const replica = await redis.replicaOf(victim);

      const receiverOnA = await connectSocket(a.url, receiver.token);
      const senderOnB = await connectSocket(b.url, sender.token);
      const watcherOnA = await connectSocket(a.url);
      const watcherOnB = await connectSocket(b.url);
      for (const watcher of [watcherOnA, watcherOnB]) expect(await request(watcher, 'posts:watch', [postId])).toEqual({ ok: true, watching: 1 });

      // The probe: a DM from node B to the receiver on node A every 100 ms, before, during and
      // after the failover. Which arrive, and when, is the gap.
      const arrived = new Map<string, number>();
      receiverOnA.on('message:new', (event: { message: { id: string } }) => arrived.set(event.message.id, Date.now()));
      const sent: { id: string; at: number; status: number }[] = [];
      let probing = true;
      const probe = (async () => {
        for (let i = 0; probing; i++) {
          const at = Date.now();
          const res = await api(b.url, 'POST', '/api/messages/send', { token: sender.token, body: { receiverId: receiver.id, content: `yoklama ${i}` } });
          sent.push({ id: res.body?.message?.id, at, status: res.status });
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - at))));
        }
      })();
      await until('yoklama iletileri varmaya başlamadı', 5_000, () => arrived.size >= 3);

      const killedAt = Date.now();
      await redis.kill(victim);
      await redis.waitHealthy({ master: replica, timeoutMs: 20_000 });
      const promotedAt = Date.now();
      // Steady again: five messages in a row sent after the promotion have arrived.
      await until('yük devrinden sonra iletiler yeniden varmadı', 15_000, () => sent.filter((m) => m.at > promotedAt && arrived.has(m.id)).length >= 5);
      probing = false;
      await probe;
      // The last ones in flight get their chance to arrive.
      await until('son yoklama iletileri varmadı', 3_000, () => sent.slice(-3).every((m) => arrived.has(m.id)));

      // Every send succeeded (HTTP never depends on Redis); only pushes can be missed.
      expect(sent.map((m) => m.status).filter((status) => status !== 201)).toEqual([]);
      const during = sent.filter((m) => m.at >= killedAt);
      const lost = during.filter((m) => !arrived.has(m.id));
      // What a user sees: no push at all from the kill until the first arrival after it (the
      // pushes sent early in the outage are lost, later ones wait in ioredis' retries for the
      // new master), and which were lost.
      const gapMs = Math.min(...during.filter((m) => arrived.has(m.id)).map((m) => arrived.get(m.id)!)) - killedAt;
      console.log(
        `[redis-cluster] master ${victim} öldürüldü; yedek ${replica} ${promotedAt - killedAt} ms sonra ana oldu (cluster_state:ok). ` +
          `Anlık ileti boşluğu: ${gapMs} ms; bu sürede gönderilen ${during.length} iletinin ${lost.length} tanesinin anlık bildirimi kayboldu ` +
          `(gönderim anı ms:varış anı ms, X kayıp): ${during.map((m) => `${m.at - killedAt}:${arrived.has(m.id) ? arrived.get(m.id)! - killedAt : 'X'}`).join(' ')}`,
      );
      expect(gapMs).toBeLessThan(10_000);

      // After the failover, both directions, both kinds of room channel.
      const likeOnB = [nextEvent(watcherOnA, 'post:engagement', 3_000), nextEvent(watcherOnB, 'post:engagement', 3_000)];
      expect((await api(b.url, 'POST', `/api/posts/${postId}/like`, { token: liker.token })).status).toBe(200);
      for (const event of await Promise.all(likeOnB)) expect(event).toMatchObject({ postId, likeCount: 1 });
      const likeOnA = [nextEvent(watcherOnA, 'post:engagement', 3_000), nextEvent(watcherOnB, 'post:engagement', 3_000)];
      expect((await api(a.url, 'POST', `/api/posts/${postId}/like`, { token: sender.token })).status).toBe(200);
      for (const event of await Promise.all(likeOnA)) expect(event).toMatchObject({ postId, likeCount: 2 });

      const leak = collect(watcherOnA, 'message:new');
      const toSender = nextEvent(senderOnB, 'message:new', 3_000);
      const reply = await api(a.url, 'POST', '/api/messages/send', { token: receiver.token, body: { receiverId: sender.id, content: 'A düğümünden yanıt' } });
      expect(reply.status).toBe(201);
      expect(await toSender).toMatchObject({ message: { id: reply.body.message.id, isOwn: false } });
      // (The receiver's socket also gets the echo of their own reply: wait for this very message.)
      const again = await api(b.url, 'POST', '/api/messages/send', { token: sender.token, body: { receiverId: receiver.id, content: 'B düğümünden yine' } });
      expect(again.status).toBe(201);
      await until('B düğümünden gönderilen ileti A düğümüne varmadı', 3_000, () => arrived.has(again.body.message.id));
      expect(leak).toEqual([]);

      // Each node said once per client that its Redis connection was lost, and that it is back;
      // not once per retry.
      const count = (node: RunningServer, text: string) => node.output().split('\n').filter((line) => line.includes(text)).length;
      for (const node of [a, b]) {
        expect(count(node, 'koptu')).toBeLessThanOrEqual(2);
        await until('abonelik bağlantısının yeniden kurulduğu yazılmadı', 5_000, () => count(node, 'abonelik bağlantısı koptu') === count(node, 'abonelik bağlantısı yeniden kuruldu'));
      }
    });
  });
});
