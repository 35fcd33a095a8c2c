import { api, ensureBackendBuilt, type Member, registerMember } from '../realtime/cluster';
import type { RunningServer } from '../support/server';
import { OwnPostgres } from './own-postgres';

/**
 * PostgreSQL stopped for ~10 s under a signed-in load, then started again, with the app (the
 * built `backend/dist/main.js`) running throughout. What a user must see: during the outage a
 * 503 with the Turkish text, never a 401 (nobody is signed out) nor a 500; afterwards the same
 * tokens work without a restart of the app; nothing acknowledged is lost and every counter equals
 * a recount. Runs on a PostgreSQL of its own (never the shared one), so it needs no service.
 */

const DATABASE_UNAVAILABLE = { message: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 };
const OUTAGE_MS = 10_000;
const WORKERS = 4;
/** Ready-made posts per member to like and reply to: more than the rounds a worker can make. */
const TARGETS_PER_MEMBER = 2_000;

type Kind = 'read' | 'me' | 'post' | 'like' | 'reply' | 'login';

interface Answer {
  kind: Kind;
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked field by field
  body: any;
  startedAt: number;
  endedAt: number;
}

describe('PostgreSQL stopped for 10 s under load', () => {
  let pg: OwnPostgres;
  let server: RunningServer;
  let members: Member[];

  beforeAll(async () => {
    ensureBackendBuilt();
    pg = await OwnPostgres.start();
    server = await pg.startApp();
    members = [];
    for (let i = 0; i < WORKERS; i++) members.push(await registerMember(server.url, `kesinti${i}`));
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
  });

  it('answers 503 (never 401/500) during the outage, keeps every session and every acknowledged write', async () => {
    const answers: Answer[] = [];
    const ackedPosts = new Set<string>();
    const ackedReplies = new Map<string, string>();
    const ackedLikes: { userId: string; postId: string }[] = [];
    /**
     * Posts per member that the next member likes and replies to: written straight into the
     * database beforehand (enough for every round, also the fast ones during the outage), then
     * the member's acknowledged posts.
     */
    const postsBy: string[][] = [];
    for (const member of members) {
      const rows = await pg.query(
        'gundem',
        `INSERT INTO posts (author_id, content, search_text) SELECT $1, 'hazır ' || n, 'hazır ' || n FROM generate_series(1, $2::int) AS n RETURNING id`,
        [member.id, TARGETS_PER_MEMBER],
      );
      postsBy.push(rows.map((row) => row.id));
    }
    let running = true;

    async function call(kind: Kind, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
      const startedAt = Date.now();
      let answer: Answer;
      try {
        const res = await api(server.url, method, path, { ...options, timeoutMs: 10_000 });
        answer = { kind, status: res.status, body: res.body, startedAt, endedAt: Date.now() };
      } catch (error) {
        // No answer at all (a hang past the timeout, a reset connection): recorded as status 0.
        answer = { kind, status: 0, body: String(error), startedAt, endedAt: Date.now() };
      }
      answers.push(answer);
      return answer;
    }

    async function worker(index: number): Promise<void> {
      const me = members[index];
      const peer = (index + 1) % members.length;
      let liked = 0;
      let replied = 0;
      for (let round = 0; running; round++) {
        await call('read', 'GET', '/api/posts/timeline?limit=20', { token: me.token });
        const created = await call('post', 'POST', '/api/posts', { token: me.token, body: { content: `kesinti testi ${index}-${round}` } });
        if (created.status === 201) {
          ackedPosts.add(created.body.post._id);
          postsBy[index].push(created.body.post._id);
        }
        // Each (member, post) pair is liked at most once: a like whose answer was lost may have
        // committed, so a second toggle of the same pair would make the expected state unknowable.
        const likeTarget = postsBy[peer][liked];
        if (likeTarget !== undefined) {
          liked += 1;
          const like = await call('like', 'POST', `/api/posts/${likeTarget}/like`, { token: me.token });
          if (like.status === 200) {
            expect(like.body.liked).toBe(true);
            ackedLikes.push({ userId: me.id, postId: likeTarget });
          }
        }
        const replyTarget = postsBy[peer][replied];
        if (round % 2 === 0 && replyTarget) {
          replied += 1;
          const reply = await call('reply', 'POST', '/api/posts', { token: me.token, body: { content: `yanıt ${index}-${round}`, replyToId: replyTarget } });
          if (reply.status === 201) ackedReplies.set(reply.body.post._id, replyTarget);
        }
        await call('me', 'GET', '/api/auth/me', { token: me.token });
        if (round % 5 === 0) await call('login', 'POST', '/api/auth/login', { body: { login: `${me.username}@ornek.com`, password: 'gizli123' } });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    const load = Promise.all(members.map((_, i) => worker(i)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    await pg.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    const health = await api(server.url, 'GET', '/api/health');
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    const restartingAt = Date.now();
    await pg.restart();
    const restartedAt = Date.now();

    // The app reconnects on its own: every token from before is accepted again (bounded wait).
    const deadline = Date.now() + 30_000;
    for (const member of members) {
      let me = await api(server.url, 'GET', '/api/auth/me', { token: member.token });
      while (me.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        me = await api(server.url, 'GET', '/api/auth/me', { token: member.token });
      }
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(member.id);
    }
    // Some more load after recovery, then stop.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    running = false;
    await load;

    // The health check said the database was down, in the same Turkish shape.
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'error', ...DATABASE_UNAVAILABLE });
    expect(health.body.details.database.status).toBe('down');

    // Nobody was signed out and nothing crashed, at any time: every request got an answer.
    const statuses = new Set(answers.map((a) => a.status));
    expect(statuses.has(401)).toBe(false);
    expect(statuses.has(500)).toBe(false);
    expect(statuses.has(0)).toBe(false);

    // While the server was down: 503 with the Turkish body for reads, writes, likes, the session
    // check and login alike.
    const during = answers.filter((a) => a.startedAt >= stoppedAt && a.endedAt <= restartingAt);
    const unavailable = during.filter((a) => a.status === 503);
    for (const a of during) expect([200, 201, 503]).toContain(a.status);
    for (const a of unavailable) expect(a.body).toEqual(DATABASE_UNAVAILABLE);
    for (const kind of ['read', 'me', 'post', 'like', 'reply', 'login'] satisfies Kind[]) {
      expect({ kind, unavailable: unavailable.some((a) => a.kind === kind) }).toEqual({ kind, unavailable: true });
    }
    // Before and after it, the same load was served.
    expect(answers.filter((a) => a.endedAt < stoppedAt && a.status >= 200 && a.status < 300).length).toBeGreaterThan(0);
    const after = answers.filter((a) => a.startedAt > restartedAt + 1_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((a) => a.status >= 200 && a.status < 300)).toBe(true);

    // Nothing acknowledged was lost.
    const posts = await pg.query('gundem', 'SELECT id, reply_to_id FROM posts WHERE id = ANY($1::uuid[])', [[...ackedPosts, ...ackedReplies.keys()]]);
    expect(posts.length).toBe(ackedPosts.size + ackedReplies.size);
    const parentOf = new Map(posts.map((row) => [row.id, row.reply_to_id]));
    for (const [reply, parent] of ackedReplies) expect(parentOf.get(reply)).toBe(parent);
    const likes = await pg.query('gundem', 'SELECT user_id, post_id FROM likes');
    const likeKeys = new Set(likes.map((row) => `${row.user_id}/${row.post_id}`));
    for (const like of ackedLikes) expect(likeKeys.has(`${like.userId}/${like.postId}`)).toBe(true);
    expect(ackedLikes.length).toBeGreaterThan(0);

    // Every counter equals a recount of its rows.
    const wrong = await pg.query(
      'gundem',
      `SELECT p.id, p.like_count, p.retweet_count, p.reply_count,
              (SELECT count(*)::int FROM likes l WHERE l.post_id = p.id) AS likes,
              (SELECT count(*)::int FROM reposts r WHERE r.post_id = p.id) AS reposts,
              (SELECT count(*)::int FROM posts c WHERE c.reply_to_id = p.id) AS replies
       FROM posts p`,
    );
    expect(wrong.filter((r) => r.like_count !== r.likes || r.retweet_count !== r.reposts || r.reply_count !== r.replies)).toEqual([]);

    // The app stayed up the whole time and said what happened, once in a while, not per request.
    expect(server.output()).toContain('Veritabanına ulaşılamıyor');
    expect(server.output()).not.toMatch(/Unhandled|ERR_UNHANDLED_REJECTION/);
  });
});
