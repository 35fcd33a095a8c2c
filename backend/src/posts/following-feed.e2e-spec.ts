import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FOLLOWING_WINDOW, FollowingFeedRepository } from './following-feed.repository';

interface Item {
  id: string;
  content: string;
  createdAt: string;
  repostedBy?: { id: string; username: string; displayName: string };
  repostedAt?: string;
}

type Member = { id: string; username: string };

describe('GET /api/posts/timeline/following (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const bearer = async (user: Member) => `Bearer ${await t.tokenFor(user)}`;
  const follow = async (follower: Member, followee: Member) =>
    t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await bearer(follower)).expect(200);
  const unfollow = async (follower: Member, followee: Member) =>
    t.http.delete(`/api/users/${followee.id}/follow`).set('authorization', await bearer(follower)).expect(200);
  const repost = async (user: Member, postId: string) => t.http.put(`/api/posts/${postId}/retweet`).set('authorization', await bearer(user)).expect(200);
  const unrepost = async (user: Member, postId: string) => t.http.delete(`/api/posts/${postId}/retweet`).set('authorization', await bearer(user)).expect(200);
  /** Every page of the viewer's feed, `limit` at a time. */
  const feed = async (viewer: Member, limit = 20): Promise<Item[]> => {
    const auth = await bearer(viewer);
    const items: Item[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res: { body: { posts: Item[]; nextCursor: string | null } } = await t.http
        .get(`/api/posts/timeline/following?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
        .set('authorization', auth)
        .expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['nextCursor', 'posts']);
      items.push(...(res.body.posts as Item[]));
      cursor = res.body.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('too many pages');
  };
  const summary = (items: Item[]) => items.map((i) => (i.repostedBy ? `${i.content} ↻ ${i.repostedBy.username}` : i.content));

  it('refuses a guest with the session 401 and a bad cursor with the Turkish 400', async () => {
    const guest = await t.http.get('/api/posts/timeline/following').expect(401);
    expect(guest.body).toEqual({ message: 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.', statusCode: 401 });
    const viewer = await t.createUser();
    for (const cursor of ['bozuk!', 'YWJj', Buffer.from('2026-02-31T00:00:00.000Z|00000000-0000-0000-0000-000000000000').toString('base64url')]) {
      const res = await t.http.get(`/api/posts/timeline/following?cursor=${cursor}`).set('authorization', await bearer(viewer)).expect(400);
      expect(res.body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
    }
    const limit = await t.http.get('/api/posts/timeline/following?limit=0').set('authorization', await bearer(viewer)).expect(400);
    expect(limit.body.message).toBe('Sayfa boyutu 1 ile 100 arasında olmalıdır.');
  });

  it('lists only the followed accounts’ posts and one’s own, newest first; unfollowing and deactivation remove them', async () => {
    const [viewer, ayse, mehmet, stranger] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    await follow(viewer, ayse);
    await follow(viewer, mehmet);
    await t.createPost(ayse, 'ayşe 1');
    await t.createPost(stranger, 'yabancı 1');
    await t.createPost(viewer, 'ben 1');
    await t.createPost(mehmet, 'mehmet 1');
    const reply = await t.createPost(stranger, 'yabancı yanıt');
    await t.createPost(ayse, 'ayşe yanıtı', reply.id);
    expect(summary(await feed(viewer))).toEqual(['ayşe yanıtı', 'mehmet 1', 'ben 1', 'ayşe 1']);
    // The global timeline still has everyone.
    const all = await t.http.get('/api/posts/timeline').set('authorization', await bearer(viewer)).expect(200);
    expect(all.body.posts.map((p: Item) => p.content)).toEqual(expect.arrayContaining(['yabancı 1', 'yabancı yanıt']));

    await unfollow(viewer, mehmet);
    expect(summary(await feed(viewer))).toEqual(['ayşe yanıtı', 'ben 1', 'ayşe 1']);

    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [ayse.id]);
    expect(summary(await feed(viewer))).toEqual(['ben 1']);
  });

  it('shows a repost by a followed account at the repost’s time, once per post, the newest repost winning; undone, it goes', async () => {
    const [viewer, ali, veli, stranger, other] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    await follow(viewer, ali);
    await follow(viewer, veli);
    const old = await t.createPost(stranger, 'eski yabancı gönderisi');
    await t.createPost(ali, 'ali 1');
    const alisOwn = await t.createPost(ali, 'ali 2');
    await t.createPost(veli, 'veli 1');
    expect(summary(await feed(viewer))).toEqual(['veli 1', 'ali 2', 'ali 1']);

    // A repost by someone not followed changes nothing.
    await repost(other, old.id);
    expect(summary(await feed(viewer))).toEqual(['veli 1', 'ali 2', 'ali 1']);

    await repost(ali, old.id);
    const first = await feed(viewer);
    expect(summary(first)).toEqual([`eski yabancı gönderisi ↻ ${ali.username}`, 'veli 1', 'ali 2', 'ali 1']);
    expect(first[0].repostedBy).toEqual({ _id: ali.id, id: ali.id, username: ali.username, displayName: ali.displayName, isVerified: false });
    expect(new Date(first[0].repostedAt!).getTime()).toBeGreaterThan(new Date(first[0].createdAt).getTime());
    expect(first[0].createdAt).toBe(old.createdAt);
    // Items without a repost carry no repost fields.
    expect(first[1]).not.toHaveProperty('repostedBy');

    // Veli reposts it too, later: listed once, at Veli's repost.
    await repost(veli, old.id);
    // Veli reposts Ali's own post: it moves from its own time to the repost's.
    await repost(veli, alisOwn.id);
    expect(summary(await feed(viewer))).toEqual([`ali 2 ↻ ${veli.username}`, `eski yabancı gönderisi ↻ ${veli.username}`, 'veli 1', 'ali 1']);

    // Undone: the older repost shows again; then nothing of it.
    await unrepost(veli, old.id);
    expect(summary(await feed(viewer))).toEqual([`ali 2 ↻ ${veli.username}`, `eski yabancı gönderisi ↻ ${ali.username}`, 'veli 1', 'ali 1']);
    await unrepost(ali, old.id);
    await unrepost(veli, alisOwn.id);
    expect(summary(await feed(viewer))).toEqual(['veli 1', 'ali 2', 'ali 1']);

    // One's own reposts are in one's feed; a deactivated reposter's are not.
    await repost(viewer, old.id);
    expect(summary(await feed(viewer))[0]).toBe(`eski yabancı gönderisi ↻ ${viewer.username}`);
    await t.db.query('DELETE FROM reposts WHERE user_id = $1', [viewer.id]);
    await repost(veli, old.id);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [veli.id]);
    expect(summary(await feed(viewer))).toEqual(['ali 2', 'ali 1']);
  });

  it('pages without duplicates or gaps, and both read strategies give the same feed', async () => {
    const viewer = await t.createUser();
    const authors = await t.createUsers(6);
    const stranger = await t.createUser();
    for (const a of authors.slice(0, 4)) await follow(viewer, a);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await t.createPost(i % 5 === 4 ? stranger : authors[i % 6], `sayfa ${i}`)).id);
    // Followed accounts repost older posts, some the same post.
    await repost(authors[0], ids[2]);
    await repost(authors[1], ids[4]);
    await repost(authors[2], ids[2]);
    await repost(authors[3], ids[29]);
    await repost(authors[5], ids[9]);
    // The same instant for several posts: the id breaks the tie.
    await t.db.query(`UPDATE posts SET created_at = '2026-01-01T10:00:00.123456Z' WHERE id = ANY($1::uuid[])`, [[ids[0], ids[1], ids[3]]]);

    const whole = await feed(viewer, 100);
    for (const limit of [1, 3, 7]) {
      expect(await feed(viewer, limit)).toEqual(whole);
    }
    const contents = whole.map((i) => i.content);
    expect(new Set(contents).size).toBe(contents.length);
    expect(summary(whole).slice(0, 3)).toEqual([`sayfa 29 ↻ ${authors[3].username}`, `sayfa 2 ↻ ${authors[2].username}`, `sayfa 4 ↻ ${authors[1].username}`]);
    // Followed authors' posts (authors 0–3: i % 6 < 4, not the stranger's) and the reposts.
    const expected = new Set([...ids.keys()].filter((i) => i % 5 !== 4 && i % 6 < 4).map((i) => `sayfa ${i}`));
    for (const i of [2, 4, 29]) expected.add(`sayfa ${i}`);
    expect(new Set(contents)).toEqual(expected);

    // The walk over everyone's newest rows (perAccountMax 0) and the per-account reads give the same pages.
    const repo = t.app.get(FollowingFeedRepository);
    const accounts = [viewer.id, ...authors.slice(0, 4).map((a) => a.id)];
    for (const limit of [2, 5]) {
      const walkPage = await repo.page(viewer.id, accounts, { limit }, 0);
      const perAccount = await repo.page(viewer.id, accounts, { limit }, Infinity);
      expect(walkPage.map((i) => [i.post.id, i.repostedBy?.id, i.cursor])).toEqual(perAccount.map((i) => [i.post.id, i.repostedBy?.id, i.cursor]));
    }
  });

  describe('live (Socket.IO)', () => {
    let url: string;
    beforeAll(async () => {
      url = await t.listen();
    });

    it('the following feed is for members; a member gets post:new of followed authors and their own, and repost:removed', async () => {
      const guest = await connectSocket(url);
      expect(await request(guest, 'feed:watch', { feed: 'following' })).toEqual({ ok: false, message: 'Takip edilenler akışı için giriş yapmalısınız.' });

      const [viewer, followed, stranger, later] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
      await follow(viewer, followed);
      const socket = await connectSocket(url, await t.tokenFor(viewer));
      expect(await request(socket, 'feed:watch', { feed: 'following' })).toEqual({ ok: true });
      const news = collect(socket, 'post:new');

      const next = nextEvent(socket, 'post:new', 4_000);
      await t.createPost(stranger, 'görünmemeli');
      await t.createPost(followed, 'takip edilenden');
      const event = await next;
      expect(event.feed).toBe('following');
      expect(event.posts.map((p) => p.content)).toEqual(['takip edilenden']);

      // Following someone while the feed is open: their posts come live too.
      await follow(viewer, later);
      const more = nextEvent(socket, 'post:new', 4_000);
      await t.createPost(later, 'yeni takip');
      expect((await more).posts.map((p) => p.content)).toEqual(['yeni takip']);
      await roundTrip(socket);
      expect(news.flatMap((e) => e.posts.map((p) => p.content))).not.toContain('görünmemeli');

      const old = await t.createPost(stranger, 'paylaşılacak');
      await repost(followed, old.id);
      const removed = nextEvent(socket, 'repost:removed', 3_000);
      await unrepost(followed, old.id);
      expect(await removed).toEqual({ postId: old.id, userId: followed.id });

      expect(await request(socket, 'feed:unwatch', { feed: 'following' })).toEqual({ ok: true });
    });

    it("a new repost goes live to the open following feeds of the reposter's followers and their own, as the feed lists it, and nowhere else", async () => {
      const [viewer, reposter, author, outsider, homeWatcher] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
      await follow(viewer, reposter);
      const original = await t.createPost(author, 'yeniden paylaşılan');
      const [followerTab, reposterTab, outsiderTab, homeTab] = await Promise.all([
        connectSocket(url, await t.tokenFor(viewer)),
        connectSocket(url, await t.tokenFor(reposter)),
        connectSocket(url, await t.tokenFor(outsider)),
        connectSocket(url, await t.tokenFor(homeWatcher)),
      ]);
      for (const tab of [followerTab, reposterTab, outsiderTab]) expect(await request(tab, 'feed:watch', { feed: 'following' })).toEqual({ ok: true });
      expect(await request(homeTab, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
      const leaks = [collect(outsiderTab, 'post:new'), collect(homeTab, 'post:new')];

      const toFollower = nextEvent(followerTab, 'post:new', 4_000);
      const toReposter = nextEvent(reposterTab, 'post:new', 4_000);
      await repost(reposter, original.id);
      const event = await toFollower;
      expect(event.feed).toBe('following');
      expect(event.posts).toHaveLength(1);
      const [item] = event.posts;
      expect(item).toMatchObject({ id: original.id, content: 'yeniden paylaşılan', userId: author.id, repostedBy: { id: reposter.id, username: reposter.username } });
      expect(event.post).toEqual(item);
      // The same item the feed's REST read lists at the top (as a guest sees it: no viewer flags).
      const [listed] = await feed(viewer);
      expect(item).toEqual({ ...listed, isLiked: false, isRetweeted: false, liked: false, retweeted: false });
      expect((await toReposter).posts.map((p) => [p.id, p.repostedBy?.id])).toEqual([[original.id, reposter.id]]);

      // A repeated PUT changes nothing and announces nothing; the unrepost still goes as before.
      await repost(reposter, original.id);
      const removed = nextEvent(followerTab, 'repost:removed', 3_000);
      await unrepost(reposter, original.id);
      expect(await removed).toEqual({ postId: original.id, userId: reposter.id });

      await Promise.all([roundTrip(outsiderTab), roundTrip(homeTab)]);
      // The outsider follows neither; the home feed (which may still hear of the original's
      // creation) has no repost items.
      expect(leaks[0]).toEqual([]);
      expect(leaks[1].flatMap((e) => e.posts).filter((p) => p.repostedBy)).toEqual([]);
    });
  });

  describe('at a seeded size', () => {
    let viewer: Member;
    let accounts: string[];
    beforeAll(async () => {
      // 2,000 accounts, 20,000 posts over 20 days, 4,000 reposts; the viewer follows 200 accounts.
      await t.fill(async (fill) => {
        await fill.query(
          `INSERT INTO users (username, display_name, email, password_hash)
           SELECT 'akis' || n, 'Akış ' || n, 'akis' || n || '@test.gundem', 'x' FROM generate_series(1, 2000) AS n`,
        );
        await fill.query(
          `WITH u AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'akis%')
           INSERT INTO posts (author_id, content, search_text, created_at)
           SELECT u.ids[1 + (n * 7919) % 2000], 'akış ' || n, 'akış ' || n, now() - n * interval '86 seconds' FROM generate_series(1, 20000) AS n, u`,
        );
        await fill.query(
          `WITH u AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'akis%'),
                p AS (SELECT array_agg(id ORDER BY created_at DESC) AS ids FROM posts)
           INSERT INTO reposts (user_id, post_id, created_at)
           SELECT u.ids[1 + (g * 13) % 2000], p.ids[1 + (g * 17) % 20000], now() - g * interval '7 minutes' FROM generate_series(1, 4000) AS g, u, p
           ON CONFLICT DO NOTHING`,
        );
        [viewer] = await fill.query(`SELECT id, username FROM users WHERE username = 'akis1'`);
        // The other accounts follow each other (ten each): a follows table of a few hundred rows
        // fits a page or two, where a scan prices like an index lookup and ANALYZE's figures
        // tipped the per-account plan to a Seq Scan on follows (a failure under load).
        await fill.query(
          `WITH u AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'akis%' AND id <> $1)
           INSERT INTO follows (follower_id, followee_id)
           SELECT u.ids[1 + n % 1999], u.ids[1 + (n * 7 + n / 1999) % 1999] FROM generate_series(1, 20000) AS n, u
            WHERE u.ids[1 + n % 1999] <> u.ids[1 + (n * 7 + n / 1999) % 1999]
           ON CONFLICT DO NOTHING`,
          [viewer.id],
        );
        await fill.query(
          `INSERT INTO follows (follower_id, followee_id)
           SELECT $1, id FROM users WHERE username LIKE 'akis%' AND id <> $1 ORDER BY md5(username) LIMIT 200`,
          [viewer.id],
        );
        await fill.query('VACUUM ANALYZE');
      });
      accounts = [viewer.id, ...(await t.db.query(`SELECT followee_id AS id FROM follows WHERE follower_id = $1`, [viewer.id])).map((r: { id: string }) => r.id)];
    }, 120_000);

    const plan = async (strategy: 'walk' | 'per-account', cursor?: { createdAt: string; id: string }) => {
      const sql = t.app.get(FollowingFeedRepository).sql(strategy, viewer.id, accounts, { limit: 20, cursor });
      const rows: { 'QUERY PLAN': string }[] = await t.db.query(`EXPLAIN ${sql.text}`, sql.params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };

    it('walks the newest posts and reposts index-only, hash-joined with the followed accounts, never a sequential scan', async () => {
      for (const cursor of [undefined, { createdAt: new Date(Date.now() - 86_400_000).toISOString().replace('Z', '000Z'), id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }]) {
        const walk = await plan('walk', cursor);
        expect(walk).toMatch(/Index Only Scan using idx_posts_created_author on posts/);
        expect(walk).toMatch(/Index Only Scan using idx_reposts_created on reposts/);
        expect(walk).not.toMatch(/Seq Scan on (posts|reposts|users|follows)\b/);
        // The window is hash-joined with the accounts (one hash of the array, not a scan of it per row).
        expect(walk).toMatch(/Hash (Semi )?Join[\s\S]*Hash Cond: \(p_?\d*\.author_id = /);
      }
    });

    it('reads per account by index for a member who follows few', async () => {
      const perAccount = await plan('per-account');
      expect(perAccount).toMatch(/idx_posts_author_created/);
      expect(perAccount).toMatch(/idx_reposts_user_created/);
      expect(perAccount).not.toMatch(/Seq Scan on (posts|reposts|users|follows)\b/);
    });

    it('the walk finds full pages within its window, the same as per account, page after page', async () => {
      const repo = t.app.get(FollowingFeedRepository);
      let cursor: { createdAt: string; id: string } | undefined;
      for (let page = 0; page < 3; page++) {
        const sql = repo.sql('walk', viewer.id, accounts, { limit: 20, cursor });
        const walk: { id: string; posts_found: number; reposts_found: number }[] = await t.db.query(sql.text, sql.params);
        expect([walk[0].posts_found, walk[0].reposts_found]).toEqual([21, 21]);
        const perAccount = await repo.page(viewer.id, accounts, { limit: 20, cursor }, Infinity);
        expect(walk.map((r) => r.id)).toEqual(perAccount.map((i) => i.post.id));
        expect(perAccount).toHaveLength(21);
        cursor = perAccount[19].cursor;
      }
      expect(FOLLOWING_WINDOW).toBeGreaterThan(1_000);
    });

    it('the API builds the kept feed at the first read, then answers a page with one index range of it', async () => {
      const auth = `Bearer ${await t.tokenFor(viewer)}`;
      const first = await t.countQueries(() => t.http.get('/api/posts/timeline/following').set('authorization', auth).expect(200));
      // Built once: the newest HOME_FEED_BUILD_ITEMS read on request (per account: 101 items do not fit the walk's window).
      expect(first.statements.filter((s) => /home_feed_owners/.test(s.text)).length).toBeGreaterThanOrEqual(3);
      const { statements } = await t.countQueries(() => t.http.get('/api/posts/timeline/following').set('authorization', auth).expect(200));
      const feedStatements = statements.filter((s) => /home_feed|ps AS MATERIALIZED|follows/.test(s.text));
      expect(feedStatements).toHaveLength(1);
      expect(feedStatements[0].text).toMatch(/FROM home_feed h/);
      // Others' kept feeds beside it (300 members, 100 items each), as the planner would meet them.
      await t.db.query(
        `WITH o AS (INSERT INTO home_feed_owners (owner_id, ready)
                    SELECT id, true FROM users WHERE username LIKE 'akis%' AND id <> $1 ORDER BY username LIMIT 300 RETURNING owner_id),
              n AS (SELECT owner_id, row_number() OVER () AS n FROM o),
              p AS (SELECT array_agg(id) AS ids, array_agg(created_at) AS ats, count(*)::int AS c FROM posts)
         INSERT INTO home_feed (owner_id, post_id, at, reposter_id)
         SELECT DISTINCT ON (n.owner_id, p.ids[k]) n.owner_id, p.ids[k], p.ats[k], NULL::uuid
           FROM n, p, generate_series(1, 100) AS g, LATERAL (SELECT 1 + ((n.n * 7919 + g * 104729) % p.c)::int AS k) i`,
        [viewer.id],
      );
      await t.db.query('VACUUM ANALYZE home_feed_owners, home_feed');
      const sql = feedStatements[0];
      const rows: { 'QUERY PLAN': string }[] = await t.db.query(`EXPLAIN ${sql.text}`, sql.values);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // A range of the owner's items by their index (in its order, or sorted when the planner expects few).
      expect(plan).toMatch(/(Index Only Scan|Index Scan|Bitmap Index Scan) using idx_home_feed_owner_at/);
      expect(plan).not.toMatch(/Seq Scan on (posts|reposts|users|follows|home_feed)\b/);
    });
  });
});
