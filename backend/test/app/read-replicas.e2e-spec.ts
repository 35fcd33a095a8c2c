import type { PostPage } from '@gundem/contract';
import { ReadReplicas } from '../../src/database/read-replicas';
import { PRIMARY_COOKIE } from '../../src/database/read-replicas.module';
import { startReplicaPair, type ReplicaPair } from '../../src/cli/replica-pair';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Read replicas on a real PostgreSQL primary and streaming replica (issue 28): which reads go
 * where, replication lag (replay paused on the replica), and a replica that dies under load.
 */
describe('read replicas (real primary and streaming replica)', () => {
  let pair: ReplicaPair;
  let t: TestApp;
  let replicas: ReadReplicas;
  // Long enough that a paused replica stays in rotation while a test reads it a few times, short
  // enough that the test waiting for it to leave waits seconds.
  const maxLagMs = 3_000;

  beforeAll(async () => {
    pair = await startReplicaPair();
    t = await createTestApp({ databaseUrl: pair.primaryUrl, replicas: { urls: [pair.replicaUrl], maxLagMs, checkMs: 100 } });
    replicas = t.app.get(ReadReplicas);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await pair?.stop();
  });

  const status = () => replicas.status()[0];
  const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: ${timeoutMs} ms içinde olmadı (${JSON.stringify(status())})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const profilePosts = async (username: string, headers: Record<string, string> = {}) => {
    const res = await t.http.get(`/api/posts/user/${username}`).set(headers).expect(200);
    return (res.body as PostPage).posts.map((post) => post.content);
  };
  /** What the replica has replayed of the primary's posts table. */
  const onReplica = async (content: string) => (await pair.replicaQuery<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE content = '${content}'`))[0].n;

  it('serves a guest’s reads from the replica, a member’s from the primary, and shows each replica’s lag and reads in /api/metrics', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'ilk gönderi');
    await until('kopya gönderiyi alsın', async () => (await onReplica('ilk gönderi')) === 1);
    await until('kopya sırada olsun', () => status().state === 'up');

    const before = status().reads;
    expect(await profilePosts(author.username)).toEqual(['ilk gönderi']);
    expect(status().reads).toBeGreaterThan(before);

    // A member's read of the same list stays on the primary.
    const member = await t.createUser();
    const memberBefore = status().reads;
    expect(await profilePosts(author.username, { Authorization: await t.bearer(member) })).toEqual(['ilk gönderi']);
    expect(status().reads).toBe(memberBefore);

    const metrics = (await t.http.get('/api/metrics').expect(200)).text;
    const name = status().name;
    expect(metrics).toContain(`gundem_db_replica_in_rotation{replica="${name}"} 1`);
    expect(metrics).toMatch(new RegExp(`gundem_db_replica_lag_ms\\{replica="${name.replace(/[.]/g, '\\.')}"\\} \\d+`));
    expect(metrics).toMatch(new RegExp(`gundem_db_lag_tolerant_reads\\{target="${name.replace(/[.]/g, '\\.')}"\\} [1-9]`));
  });

  it('under lag the member who wrote reads their post at once, a guest once replay resumes; a replica that lags too far leaves the rotation and rejoins', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'önceki');
    await until('kopya önceki gönderiyi alsın', async () => (await onReplica('önceki')) === 1);
    await pair.pauseReplay();
    try {
      const bearer = await t.bearer(author);
      const created = await t.http.post('/api/posts').set('Authorization', bearer).send({ content: 'gecikmeli' }).expect(201);
      // The write answers with the primary window: the writer's next reads stay on the primary.
      const cookie = (created.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${PRIMARY_COOKIE}=`));
      expect(cookie).toMatch(/Max-Age=\d+/);
      expect(await profilePosts(author.username, { Authorization: bearer })).toEqual(['gecikmeli', 'önceki']);
      // Even signed out (the cookie alone), the browser that wrote reads the primary.
      expect(await profilePosts(author.username, { Cookie: `${PRIMARY_COOKIE}=1` })).toEqual(['gecikmeli', 'önceki']);

      // A guest reads the replica while it is in rotation: the post is not there yet.
      expect(await onReplica('gecikmeli')).toBe(0);
      const guestReads = status().reads;
      const guest = await profilePosts(author.username);
      if (status().reads > guestReads) expect(guest).toEqual(['önceki']);
      else expect(status().state).not.toBe('up');

      // Replay stays paused: the lag grows past REPLICA_MAX_LAG_MS and the replica leaves; guests read the primary.
      await until('gecikmeli kopya sıradan çıksın', () => status().state === 'lagging', maxLagMs + 30_000);
      const primaryReads = replicas.primaryReads;
      expect(await profilePosts(author.username)).toEqual(['gecikmeli', 'önceki']);
      expect(replicas.primaryReads).toBeGreaterThan(primaryReads);
      const metrics = (await t.http.get('/api/metrics').expect(200)).text;
      expect(metrics).toContain(`gundem_db_replica_in_rotation{replica="${status().name}"} 0`);
      expect((await t.http.get('/api/health/ready')).status).toBe(200);
    } finally {
      await pair.resumeReplay();
    }
    await until('kopya yetişip sıraya dönsün', () => status().state === 'up');
    await until('kopya gönderiyi göstersin', async () => (await onReplica('gecikmeli')) === 1);
    const reads = status().reads;
    expect(await profilePosts(author.username)).toEqual(['gecikmeli', 'önceki']);
    expect(status().reads).toBeGreaterThan(reads);
  }, 90_000);

  it('a replica killed under load fails no request: it leaves the rotation and its reads go to the primary', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'yük altında');
    await until('kopya gönderiyi alsın', async () => (await onReplica('yük altında')) === 1);
    await until('kopya sırada olsun', () => status().state === 'up');
    let stop = false;
    const statuses: number[] = [];
    const load = Array.from({ length: 4 }, async () => {
      while (!stop) statuses.push((await t.http.get(`/api/posts/user/${author.username}`)).status);
    });
    await until('yük kopyaya ulaşsın', () => statuses.length >= 20);
    await pair.killReplica();
    const killedAt = statuses.length;
    await until('kopya sıradan çıksın', () => status().state === 'down');
    await until('yük birincile geçsin', () => statuses.length >= killedAt + 40);
    stop = true;
    await Promise.all(load);
    expect(statuses.filter((code) => code !== 200)).toEqual([]);
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
  }, 90_000);
});
