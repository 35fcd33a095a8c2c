import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id' | 'username'>;

/**
 * Issue 25: a block holds on every path that shows one member another's posts or account, in
 * both directions. A test per path, and the plans of the feeds with 1,000 blocks.
 */
describe('blocks: visibility on every path (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (path: string, viewer?: Member) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return (await req.expect(200)).body;
  };
  const block = async (blocker: Member, blocked: Member) => t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
  const authors = (body: { posts: { author: { id: string } }[] }) => body.posts.map((p) => p.author.id);
  const ids = (body: { posts: { id: string }[] }) => body.posts.map((p) => p.id);

  /** A blocker, the account they block, and a third member who sees both. */
  const scene = async () => {
    const [blocker, blocked, other] = await t.createUsers(3);
    return { blocker, blocked, other };
  };

  it('home feed (the timeline): neither side sees the other, on the shared first page and on later pages', async () => {
    const { blocker, blocked, other } = await scene();
    await t.createPost(blocked, 'engellenen yazdı');
    await t.createPost(blocker, 'engelleyen yazdı');
    await t.createPost(other, 'üçüncü yazdı');
    await block(blocker, blocked);
    const forBlocker = await get('/api/posts/timeline?limit=100', blocker);
    expect(authors(forBlocker)).not.toContain(blocked.id);
    expect(authors(forBlocker)).toEqual(expect.arrayContaining([blocker.id, other.id]));
    const forBlocked = await get('/api/posts/timeline?limit=100', blocked);
    expect(authors(forBlocked)).not.toContain(blocker.id);
    expect(authors(forBlocked)).toContain(blocked.id);
    // The default first page (the shared one) for a member with blocks, and a cursor page.
    expect(authors(await get('/api/posts/timeline', blocked))).not.toContain(blocker.id);
    const first = await get('/api/posts/timeline?limit=1', blocked);
    const rest = await get(`/api/posts/timeline?limit=100&cursor=${first.nextCursor}`, blocked);
    expect([...authors(first), ...authors(rest)]).not.toContain(blocker.id);
    // A third member and a guest see both.
    expect(authors(await get('/api/posts/timeline?limit=100', other))).toEqual(expect.arrayContaining([blocker.id, blocked.id]));
    expect(authors(await get('/api/posts/timeline?limit=100'))).toEqual(expect.arrayContaining([blocker.id, blocked.id]));
  });

  it('likes and reposts by id: a post of the other side is not found, in both directions, and nothing is counted', async () => {
    const { blocker, blocked, other } = await scene();
    const theirs = await t.createPost(blocked, 'engellenenin gönderisi');
    const mine = await t.createPost(blocker, 'engelleyenin gönderisi');
    await block(blocker, blocked);
    for (const [who, post] of [
      [blocked, mine],
      [blocker, theirs],
    ] as const) {
      const auth = await t.bearer(who);
      for (const kind of ['like', 'retweet']) {
        const put = await t.http.put(`/api/posts/${post.id}/${kind}`).set('authorization', auth).expect(404);
        expect(put.body.message).toBe('Gönderi bulunamadı.');
        await t.http.post(`/api/posts/${post.id}/${kind}`).set('authorization', auth).expect(404);
      }
    }
    const counts = await t.db.query('SELECT like_count, retweet_count FROM posts WHERE id = ANY($1::uuid[])', [[theirs.id, mine.id]]);
    expect(counts).toEqual([
      { like_count: 0, retweet_count: 0 },
      { like_count: 0, retweet_count: 0 },
    ]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM likes WHERE post_id = ANY($1::uuid[])', [[theirs.id, mine.id]]))[0].n).toBe(0);
    // A third member still likes both.
    await t.http.put(`/api/posts/${mine.id}/like`).set('authorization', await t.bearer(other)).expect(200);
    await t.http.put(`/api/posts/${theirs.id}/like`).set('authorization', await t.bearer(other)).expect(200);
  });

  it('following feed and the kept feed: a followed account’s repost of a blocked author is left out, before and after the feed is kept', async () => {
    const { blocker, blocked, other } = await scene();
    await t.http.put(`/api/users/${other.id}/follow`).set('authorization', await t.bearer(blocker)).expect(200);
    const early = await t.createPost(blocked, 'önceden paylaşılan');
    await t.http.put(`/api/posts/${early.id}/retweet`).set('authorization', await t.bearer(other)).expect(200);
    await t.createPost(other, 'takip edilenin gönderisi');
    await t.settled();
    // The first read builds the kept feed with the repost in it.
    expect(ids(await get('/api/posts/timeline/following', blocker))).toContain(early.id);
    expect((await t.db.query('SELECT ready FROM home_feed_owners WHERE owner_id = $1', [blocker.id]))[0]).toEqual({ ready: true });
    await block(blocker, blocked);
    // Kept: the item is still stored, and filtered at read time.
    expect((await t.db.query('SELECT 1 FROM home_feed WHERE owner_id = $1 AND post_id = $2', [blocker.id, early.id])).length).toBe(1);
    const kept = await get('/api/posts/timeline/following', blocker);
    expect(ids(kept)).not.toContain(early.id);
    expect(kept.posts.length).toBe(1);
    // A repost fanned out to the kept feed after the block.
    const late = await t.createPost(blocked, 'sonradan paylaşılan');
    await t.http.put(`/api/posts/${late.id}/retweet`).set('authorization', await t.bearer(other)).expect(200);
    await t.settled();
    expect(ids(await get('/api/posts/timeline/following', blocker))).not.toContain(late.id);
    // Read on request (no kept feed).
    await t.db.query('DELETE FROM home_feed_owners WHERE owner_id = $1', [blocker.id]);
    await t.db.query(`INSERT INTO home_feed_owners (owner_id, read_at) VALUES ($1, now())`, [blocker.id]);
    const onRequest = await get('/api/posts/timeline/following', blocker);
    expect(ids(onRequest)).not.toContain(early.id);
    expect(ids(onRequest)).not.toContain(late.id);
    // The other way round: the blocked member follows the reposter too.
    await t.http.put(`/api/users/${other.id}/follow`).set('authorization', await t.bearer(blocked)).expect(200);
    const mine = await t.createPost(blocker, 'engelleyenin gönderisi');
    await t.http.put(`/api/posts/${mine.id}/retweet`).set('authorization', await t.bearer(other)).expect(200);
    await t.settled();
    expect(ids(await get('/api/posts/timeline/following', blocked))).not.toContain(mine.id);
    expect(ids(await get('/api/posts/timeline/following', blocked))).not.toContain(mine.id);
  });

  it('profile lists: the blocked member sees none of the blocker’s posts, replies, media or likes, and the other way round', async () => {
    const { blocker, blocked, other } = await scene();
    const post = await t.createPost(blocker, 'profil gönderisi');
    const third = await t.createPost(other, 'üçüncünün gönderisi');
    await t.createPost(blocker, 'profil yanıtı', third.id);
    const theirs = await t.createPost(blocked, 'engellenenin gönderisi');
    await t.http.put(`/api/posts/${third.id}/like`).set('authorization', await t.bearer(blocker)).expect(200);
    await t.http.put(`/api/posts/${theirs.id}/like`).set('authorization', await t.bearer(other)).expect(200);
    await block(blocker, blocked);
    for (const [viewer, member] of [
      [blocked, blocker],
      [blocker, blocked],
    ]) {
      for (const tab of ['', '/replies', '/media', '/likes']) {
        expect(await get(`/api/posts/user/${member.username}${tab}`, viewer)).toEqual({ posts: [], nextCursor: null });
      }
      for (const kind of ['followers', 'following']) expect(await get(`/api/users/profile/${member.username}/${kind}`, viewer)).toEqual({ users: [], nextCursor: null });
    }
    // A third member's likes list leaves out the blocked author's post for the blocker only.
    expect(ids(await get(`/api/posts/user/${other.username}/likes`, blocker))).not.toContain(theirs.id);
    expect(ids(await get(`/api/posts/user/${other.username}/likes`, other))).toContain(theirs.id);
    expect(ids(await get(`/api/posts/user/${blocker.username}`))).toContain(post.id);
  });

  it('follow lists of a third member leave the other side out', async () => {
    const { blocker, blocked, other } = await scene();
    await t.http.put(`/api/users/${other.id}/follow`).set('authorization', await t.bearer(blocked)).expect(200);
    await t.http.put(`/api/users/${other.id}/follow`).set('authorization', await t.bearer(blocker)).expect(200);
    await block(blocker, blocked);
    const names = (body: { users: { id: string }[] }) => body.users.map((u) => u.id);
    expect(names(await get(`/api/users/profile/${other.username}/followers`, blocker))).toEqual([blocker.id]);
    expect(names(await get(`/api/users/profile/${other.username}/followers`, blocked))).toEqual([blocked.id]);
    expect(names(await get(`/api/users/profile/${other.username}/followers`)).sort()).toEqual([blocker.id, blocked.id].sort());
  });

  it('post page and replies: the other side’s post is a 404, their replies are left out', async () => {
    const { blocker, blocked, other } = await scene();
    const own = await t.createPost(blocker, 'engelleyenin gönderisi');
    const root = await t.createPost(other, 'tartışma');
    const reply = await t.createPost(blocked, 'engellenenin yanıtı', root.id);
    const deeper = await t.createPost(other, 'yanıta yanıt', reply.id);
    await block(blocker, blocked);
    const gone = await t.http.get(`/api/posts/${own.id}`).set('authorization', await t.bearer(blocked)).expect(404);
    expect(gone.body.message).toBe('Gönderi bulunamadı.');
    await t.http.get(`/api/posts/${reply.id}`).set('authorization', await t.bearer(blocker)).expect(404);
    const thread = await get(`/api/posts/${root.id}`, blocker);
    expect(thread.replies.map((r: { id: string }) => r.id)).not.toContain(reply.id);
    // Above a reply, the thread stops below the blocked author's post.
    const below = await get(`/api/posts/${deeper.id}`, blocker);
    expect((below.ancestors ?? []).map((a: { id: string }) => a.id)).not.toContain(reply.id);
    expect((await get(`/api/posts/${root.id}`, other)).replies.map((r: { id: string }) => r.id)).toContain(reply.id);
    // A later page of replies (findView) too.
    const page = await t.http.get(`/api/posts/${own.id}?cursor=${Buffer.from(`2000-01-01T00:00:00.000Z|${own.id}`).toString('base64url')}`).set('authorization', await t.bearer(blocked));
    expect(page.status).toBe(404);
  });

  it('post search, popular, people search, mention suggestions and who-to-follow leave the other side out', async () => {
    const { blocker, blocked, other } = await scene();
    const word = `engelkelime${Date.now()}`;
    await t.createPost(blocked, `${word} engellenenden`);
    await t.createPost(blocker, `${word} engelleyenden`);
    await t.createPost(other, `${word} üçüncüden`);
    await block(blocker, blocked);
    expect(authors(await get(`/api/posts/search?q=${word}`, blocker))).not.toContain(blocked.id);
    expect(authors(await get(`/api/posts/search?q=${word}`, blocked))).not.toContain(blocker.id);
    expect(authors(await get(`/api/posts/search?q=${word}`, other)).length).toBe(3);
    // A short term reads the newest posts instead of the index.
    expect(authors(await get(`/api/posts/search?q=en`, blocker))).not.toContain(blocked.id);
    expect(authors(await get('/api/posts/popular?limit=50', blocker))).not.toContain(blocked.id);
    expect(authors(await get('/api/posts/popular?limit=50', other))).toContain(blocked.id);

    const people = async (viewer: Member, q: string) => (await get(`/api/users/search?q=${q}&limit=20`, viewer)).users.map((u: { id: string }) => u.id);
    expect(await people(blocker, blocked.username)).not.toContain(blocked.id);
    expect(await people(blocked, blocker.username)).not.toContain(blocker.id);
    expect(await people(other, blocked.username)).toContain(blocked.id);
    const suggest = async (viewer: Member, q: string) => (await get(`/api/users/suggest?q=${q}`, viewer)).users.map((u: { id: string }) => u.id);
    expect(await suggest(blocker, blocked.username)).not.toContain(blocked.id);
    expect(await suggest(blocked, blocker.username)).not.toContain(blocker.id);
    expect(await suggest(other, blocked.username)).toContain(blocked.id);

    await t.db.query(`DELETE FROM trending_snapshots`);
    const who = async (viewer: Member) => (await get('/api/trending/users?limit=20', viewer)).users.map((u: { id: string }) => u.id);
    expect(await who(other)).toEqual(expect.arrayContaining([blocker.id, blocked.id]));
    expect(await who(blocker)).not.toContain(blocked.id);
    expect(await who(blocked)).not.toContain(blocker.id);
  });

  /**
   * The plans with 1,000 blocks on 20,000 posts: every filter is a key probe of blocks per row
   * (blocks_pkey, idx_blocks_blocked_blocker); no list scans posts or blocks.
   */
  describe('query plans', () => {
    let member: Member;
    beforeAll(async () => {
      member = await t.createUser();
      const others = await t.createUsers(1_200);
      await t.fill(async (q) => {
        const pool = others.map((u) => u.id);
        await q.query(
          `INSERT INTO posts (author_id, content, search_text, created_at)
           SELECT a.ids[1 + n % 1200], 'plan ' || n, 'plan ' || n, now() - n * interval '1 minute'
             FROM generate_series(1, 20000) AS n, (SELECT $1::uuid[] AS ids) a`,
          [pool],
        );
        await q.query(`INSERT INTO blocks (blocker_id, blocked_id) SELECT $1, o.id FROM unnest($2::uuid[]) AS o(id)`, [member.id, pool.slice(0, 1_000)]);
        // Everyone else's blocks too (40 each): the table is not the member's alone.
        await q.query(
          `INSERT INTO blocks (blocker_id, blocked_id)
           SELECT a.ids[i], a.ids[1 + (i + k * 7) % 1200] FROM generate_series(1, 1200) AS i, generate_series(1, 40) AS k, (SELECT $1::uuid[] AS ids) a
           ON CONFLICT DO NOTHING`,
          [pool],
        );
        await q.query(`INSERT INTO follows (follower_id, followee_id) SELECT $1, o.id FROM unnest($2::uuid[]) AS o(id)`, [member.id, pool.slice(1_000, 1_100)]);
        await q.query('VACUUM ANALYZE');
      });
    }, 120_000);

    const plansOf = async (path: string) => t.plansOf(path, await t.bearer(member));

    it.each([
      ['the timeline', '/api/posts/timeline'],
      ['the timeline after a cursor', `/api/posts/timeline?cursor=${Buffer.from(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000000`).toString('base64url')}`],
      ['the following feed', '/api/posts/timeline/following'],
      ['the following feed, kept', '/api/posts/timeline/following'],
      ['the post search', '/api/posts/search?q=plan'],
      ['popular', '/api/posts/popular'],
    ])('%s probes blocks by key and scans neither posts nor blocks', async (_name, path) => {
      const plans = await plansOf(path);
      const filtered = plans.filter((p) => p.sql.includes('FROM blocks bk'));
      expect(filtered.length).toBeGreaterThan(0);
      for (const { plan } of filtered) {
        expect(plan).not.toMatch(/Seq Scan on (posts|blocks)/);
        expect(plan).toMatch(/blocks_pkey|idx_blocks_blocked_blocker/);
      }
    });

    it('serves the member with 1,000 blocks a full page of the others’ posts', async () => {
      const page = await get('/api/posts/timeline', member);
      expect(page.posts.length).toBe(20);
      const blocked = new Set((await t.db.query('SELECT blocked_id FROM blocks WHERE blocker_id = $1', [member.id])).map((r: { blocked_id: string }) => r.blocked_id));
      expect(authors(page).some((id) => blocked.has(id))).toBe(false);
    });
  });
});
