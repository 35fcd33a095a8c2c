import { Client } from 'pg';
import { closeAllSockets, collect, connectSocket, request, roundTrip } from '../../backend/test/socket-client';
import type { RunningServer } from '../support/server';
import { api, type Cluster, type Member, noClusterRedis, registerMember, startCluster } from './cluster';

/**
 * Interleaved like/unlike/repost toggles on ONE post, fired at once by members on both nodes:
 * each node coalesces its own `post:engagement` events (100 ms windows), so a watcher hears
 * both nodes' trailing events in whatever order their windows close. Whatever that order, the
 * counts a client keeps must end up equal to what the database committed.
 *
 * The client keeps an event only when its `version` is newer than the one it holds (the post's
 * engagement version, bumped in the same UPDATE as the counters); an event without a version is
 * simply applied, as a client before versions did. Against a server without versions this test
 * therefore checks the last event received, and that is what went stale.
 */
const skip = await noClusterRedis();

const MEMBERS = 8;
const TOGGLES_PER_MEMBER = 4;
const ROUNDS = 6;

interface EngagementEvent {
  postId: string;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  version?: number;
}

/** What a client keeps of `events`, applied in arrival order (frontend: features/posts/post-model.ts withCounts). */
function kept(events: EngagementEvent[]): EngagementEvent | undefined {
  let held: EngagementEvent | undefined;
  for (const event of events) {
    if (held?.version !== undefined && event.version !== undefined && event.version <= held.version) continue;
    held = event;
  }
  return held;
}

/** Resolves once `events` has not grown for `quietMs` (every window on both nodes has closed). */
async function settled(events: unknown[], quietMs: number): Promise<void> {
  let seen = -1;
  while (seen !== events.length) {
    seen = events.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

(skip ? describe.skip : describe)('post:engagement under interleaved toggles on two nodes', () => {
  let cluster: Cluster;
  let nodes: RunningServer[];
  let members: Member[];

  beforeAll(async () => {
    cluster = await startCluster(2);
    nodes = cluster.nodes;
    members = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await registerMember(nodes[i % 2].url, 'oy'));
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await cluster?.stop();
  });

  it('a watcher on either node ends on the committed counts, every round', async () => {
    const author = members[0];
    const created = await api(nodes[0].url, 'POST', '/api/posts', { token: author.token, body: { content: 'Sıra testi' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;
    const watchers = await Promise.all(nodes.map((node) => connectSocket(node.url)));
    for (const socket of watchers) expect(await request(socket, 'posts:watch', [postId])).toEqual({ ok: true, watching: 1 });
    const db = new Client({ connectionString: cluster.db.url });
    await db.connect();
    const stale: { round: number; node: number; kept: EngagementEvent | undefined; committed: EngagementEvent }[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const heard = watchers.map((socket) => collect<EngagementEvent>(socket, 'post:engagement'));
        // Every member toggles a few times in a row, alternating nodes and kinds; all members at once.
        await Promise.all(
          members.map(async (member, m) => {
            for (let t = 0; t < TOGGLES_PER_MEMBER; t++) {
              const node = nodes[(m + t + round) % 2];
              const kind = (m + t) % 3 === 0 ? 'retweet' : 'like';
              const res = await api(node.url, 'POST', `/api/posts/${postId}/${kind}`, { token: member.token });
              expect([200, 201]).toContain(res.status);
            }
          }),
        );
        await settled(heard[0], 400);
        await settled(heard[1], 100);
        await Promise.all(watchers.map((socket) => roundTrip(socket)));
        for (const socket of watchers) socket.removeAllListeners('post:engagement');
        const {
          rows: [row],
        } = await db.query<{ like_count: number; retweet_count: number; reply_count: number }>(
          `SELECT like_count, retweet_count, reply_count FROM posts WHERE id = $1`,
          [postId],
        );
        const committed = { postId, likeCount: row.like_count, retweetCount: row.retweet_count, replyCount: row.reply_count };
        heard.forEach((events, node) => {
          const last = kept(events);
          const counts = last && { postId: last.postId, likeCount: last.likeCount, retweetCount: last.retweetCount, replyCount: last.replyCount };
          if (JSON.stringify(counts) !== JSON.stringify(committed)) stale.push({ round, node, kept: last, committed });
        });
      }
    } finally {
      await db.end();
    }
    if (stale.length) console.warn(`[engagement-order] stale in ${stale.length} of ${ROUNDS * 2} watcher-rounds:\n${JSON.stringify(stale, null, 1)}`);
    expect(stale).toEqual([]);
  });
});
