import { existsSync } from 'node:fs';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { startCluster } from '../../scripts/cluster.mjs';
import { registerMember } from '../realtime/cluster';
import { clusterUnavailable, REDIS_URL } from './requirements';

/**
 * `npm run cluster -- --replica`: nginx in front of two built nodes that write to a PostgreSQL
 * primary of their own and read what tolerates lag from its streaming replica (issue 28). Through
 * nginx: a member's post is theirs to read at once, a guest reads it from the replica, both
 * nodes report the replica in rotation, and stopping leaves no process or folder behind.
 */
const reason = await clusterUnavailable('replica-cluster');

type Cluster = Awaited<ReturnType<typeof startCluster>>;

(reason ? describe.skip : describe)('npm run cluster -- --replica: two nodes, a primary and a streaming replica', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    buildIfNeeded();
    cluster = await startCluster({ replica: true, redisUrl: REDIS_URL, seedDemo: false });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${cluster.url}${path}`, { ...init, headers: { 'content-type': 'application/json', origin: cluster.url, ...init.headers } });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown>, headers: res.headers };
  };
  const metric = async (nodeUrl: string, name: string) => {
    const text = await (await fetch(`${nodeUrl}/api/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`))
      .map((line) => Number(line.split(' ').pop()));
  };

  it('a member writes on the primary and reads it at once; guests read it from the replica; each node has the replica in rotation', async () => {
    expect(cluster.replica).toBeTruthy();
    const member = await registerMember(cluster.url, 'kopya');
    const { username, token } = member;
    const posted = await json('/api/posts', { method: 'POST', body: JSON.stringify({ content: 'kopyadan okunur' }), headers: { authorization: `Bearer ${token}` } });
    expect(posted.status).toBe(201);
    expect(posted.headers.get('set-cookie')).toMatch(/gundem_primary=1/);
    const mine = await json(`/api/posts/user/${username}`, { headers: { authorization: `Bearer ${token}` } });
    expect((mine.body.posts as { content: string }[]).map((p) => p.content)).toEqual(['kopyadan okunur']);

    // Both nodes: the replica in rotation once their first check has answered.
    for (const node of cluster.nodes) expect(await metric(node.url, 'gundem_db_replica_in_rotation')).toEqual([1]);
    // A guest's reads, to each node, until the replica has replayed the post (a streaming replica on one machine: milliseconds).
    const deadline = Date.now() + 30_000;
    for (const node of cluster.nodes) {
      for (;;) {
        const res = await fetch(`${node.url}/api/posts/user/${username}`);
        const posts = ((await res.json()) as { posts: { content: string }[] }).posts;
        if (posts.length === 1) break;
        if (Date.now() > deadline) throw new Error('kopya gönderiyi 30 s içinde göstermedi');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [, replica] = await metric(node.url, 'gundem_db_lag_tolerant_reads');
      expect(replica).toBeGreaterThan(0);
    }
  });

  it('stops every process it started and removes its folders', async () => {
    const { primaryUrl } = cluster.replica!;
    const dir = cluster.nginx.dir;
    await cluster.stop();
    expect(existsSync(dir)).toBe(false);
    const refused = await fetch(cluster.url).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    const { Client } = await import('pg');
    const client = new Client({ connectionString: primaryUrl, connectionTimeoutMillis: 2_000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
