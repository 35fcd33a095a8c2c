import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FollowRequestsService } from '../social/follow-requests.service';
import { RANKED_HALF_LIFE_HOURS, RANKED_LOCK, RankedFeedRepository } from './ranked-feed.repository';
import { RankedFeedService } from './ranked-feed.service';

type Member = { id: string; username: string };
type Page = { posts: { id: string; author: { id: string } }[]; nextCursor: string | null };

/**
 * Issue 26: `Size özel`, the ranked feed (GET /api/posts/timeline/ranked), on real PostgreSQL:
 * the ranking and its boosts, two posts per author per page, what a member hides, protected
 * accounts, the snapshot cursor while engagement arrives, the guests' global ranking, the
 * candidates recomputed by one node at a time, and the statements' plans.
 */
describe('the ranked Size özel feed (real PostgreSQL)', () => {
  let t: TestApp;
  let feed: RankedFeedService;
  beforeAll(async () => {
    t = await createTestApp();
    feed = t.app.get(RankedFeedService);
  });
  afterAll(async () => {
    await t.close();
  });

  const follow = async (follower: Member, followee: Member) => t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
  const like = async (member: Member, postId: string) => t.http.put(`/api/posts/${postId}/like`).set('authorization', await t.bearer(member)).expect(200);
  const block = async (blocker: Member, blocked: Member) => t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
  const mute = async (muter: Member, muted: Member) => t.http.put(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  /** Moves a post back in time (the candidates' score decays with age). */
  const age = (postId: string, hours: number) => t.db.query(`UPDATE posts SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [postId, hours]);

  const page = async (viewer: Member | null, limit: number, cursor: string | null): Promise<Page> => {
    const req = t.http.get(`/api/posts/timeline/ranked?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return (await req.expect(200)).body as Page;
  };

  /** Every page of the feed (`between` runs after each page), the ids in order and each page's posts. */
  const readAll = async (viewer: Member | null, limit: number, between?: (n: number) => Promise<void>): Promise<{ ids: string[]; pages: Page['posts'][] }> => {
    const ids: string[] = [];
    const pages: Page['posts'][] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 200; n++) {
      const body = await page(viewer, limit, cursor);
      ids.push(...body.posts.map((p) => p.id));
      pages.push(body.posts);
      cursor = body.nextCursor;
      if (!cursor) return { ids, pages };
      await between?.(n);
    }
    throw new Error('too many pages');
  };

  it('ranks a followed author’s fresh post above an older, more-liked stranger’s for the member; a guest gets the global ranking', async () => {
    const [viewer, friend, stranger, ...fans] = await t.createUsers(8);
    await follow(viewer, friend);
    const old = await t.createPost(stranger, 'yabancının beğenilen eski gönderisi');
    for (const fan of fans) await like(fan, old.id);
    await age(old.id, 3);
    const fresh = await t.createPost(friend, 'takip edilenin taze gönderisi');
    await feed.refresh();

    const mine = (await readAll(viewer, 20)).ids;
    expect(mine).toContain(fresh.id);
    expect(mine).toContain(old.id);
    // 1 × 3 (followed) against (1 + ln 6) × 2^(−3/6) ≈ 1.97: the friend's post comes first.
    expect(mine.indexOf(fresh.id)).toBeLessThan(mine.indexOf(old.id));

    // Nobody's boosts: the global score alone puts the liked post first.
    const guests = (await readAll(null, 20)).ids;
    expect(guests.indexOf(old.id)).toBeGreaterThanOrEqual(0);
    expect(guests.indexOf(old.id)).toBeLessThan(guests.indexOf(fresh.id));
    // And for a member who follows neither, the same.
    const [other] = await t.createUsers(1);
    const theirs = (await readAll(other, 20)).ids;
    expect(theirs.indexOf(old.id)).toBeLessThan(theirs.indexOf(fresh.id));
  });

  it('boosts the authors a member interacted with (liked) above the same post for others', async () => {
    const [viewer, liked, rival, fan] = await t.createUsers(4);
    const earlier = await t.createPost(liked, 'beğenilen yazarın eski gönderisi');
    await like(viewer, earlier.id);
    // Two posts of the same age: the rival's with one like more.
    const mine = await t.createPost(liked, 'beğenilen yazarın yeni gönderisi');
    const theirs = await t.createPost(rival, 'rakibin gönderisi');
    await like(fan, theirs.id);
    await t.db.query(`UPDATE posts SET created_at = now() - interval '1 hour' WHERE id = ANY($1)`, [[mine.id, theirs.id]]);
    await feed.refresh();
    const forViewer = (await readAll(viewer, 50)).ids;
    expect(forViewer.indexOf(mine.id)).toBeLessThan(forViewer.indexOf(theirs.id));
    const [other] = await t.createUsers(1);
    const forOther = (await readAll(other, 50)).ids;
    expect(forOther.indexOf(theirs.id)).toBeLessThan(forOther.indexOf(mine.id));
  });

  it('shows at most two posts of one author per page and every post once, the rest on later pages', async () => {
    const [viewer, prolific, ...others] = await t.createUsers(5);
    await follow(viewer, prolific);
    const heavy: string[] = [];
    for (let i = 0; i < 7; i++) heavy.push((await t.createPost(prolific, `çok yazanın ${i}. gönderisi`)).id);
    for (const [i, other] of others.entries()) await t.createPost(other, `başkasının ${i}. gönderisi`);
    await feed.refresh();
    for (const who of [viewer, null]) {
      const { ids, pages } = await readAll(who, 4);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of heavy) expect(ids).toContain(id);
      for (const shown of pages) {
        const counts = new Map<string, number>();
        for (const post of shown) counts.set(post.author.id, (counts.get(post.author.id) ?? 0) + 1);
        expect(Math.max(0, ...counts.values())).toBeLessThanOrEqual(2);
      }
    }
  });

  it('never shows blocked or muted accounts’ posts, and protected (and limited) accounts’ only to their followers', async () => {
    const [viewer, blocked, blocker, muted, locked, follower, limited] = await t.createUsers(7);
    const hidden = [
      (await t.createPost(blocked, 'engellenenin gönderisi')).id,
      (await t.createPost(blocker, 'engelleyenin gönderisi')).id,
      (await t.createPost(muted, 'sessize alınanın gönderisi')).id,
    ];
    const lockedPost = (await t.createPost(locked, 'korunan hesabın gönderisi')).id;
    const limitedPost = (await t.createPost(limited, 'kısıtlanan hesabın gönderisi')).id;
    await follow(follower, locked);
    await follow(follower, limited);
    // Staff's `limit` action (issue 25): the same rule as protection, for the readers.
    await t.db.query('UPDATE users SET limited = true WHERE id = $1', [limited.id]);
    // `Gönderilerimi koru` turned on after the follow: the follower stays one.
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    await block(viewer, blocked);
    await block(blocker, viewer);
    await mute(viewer, muted);
    await feed.refresh();
    const seen = (await readAll(viewer, 5)).ids;
    for (const id of [...hidden, lockedPost, limitedPost]) expect(seen).not.toContain(id);
    // After the snapshot too: a block taken between two readings hides at once.
    const [late] = await t.createUsers(1);
    const latePost = (await t.createPost(late, 'sonradan engellenenin gönderisi')).id;
    await feed.refresh();
    expect((await readAll(viewer, 5)).ids).toContain(latePost);
    await block(viewer, late);
    expect((await readAll(viewer, 5)).ids).not.toContain(latePost);
    // The protected and limited accounts' follower sees their posts; a guest does not.
    const followers = (await readAll(follower, 50)).ids;
    expect(followers).toContain(lockedPost);
    expect(followers).toContain(limitedPost);
    const guests = (await readAll(null, 50)).ids;
    expect(guests).not.toContain(lockedPost);
    expect(guests).not.toContain(limitedPost);
  });

  it('pages a snapshot: while likes, new posts and a new candidate version arrive, no post comes twice and none is skipped', async () => {
    const [viewer, ...authors] = await t.createUsers(8);
    const fans = await t.createUsers(6);
    for (const [i, author] of authors.entries()) {
      for (let j = 0; j < 3; j++) {
        const post = await t.createPost(author, `anlık görüntü ${i}.${j}`);
        await age(post.id, i + j);
      }
    }
    await feed.refresh();
    const before = (await readAll(viewer, 5)).ids;
    expect(new Set(before).size).toBe(before.length);

    // The same reading with engagement arriving between its pages: the last posts of the
    // reading get many likes (also the viewer's own), new posts appear and the candidates are
    // recomputed — the cursor keeps the snapshot.
    let extra = 0;
    const during = await readAll(viewer, 5, async (n) => {
      const target = before[before.length - 1 - n];
      if (target) {
        for (const fan of fans) await like(fan, target);
        await like(viewer, target);
      }
      await t.createPost(authors[n % authors.length], `okurken yazılan ${extra++}`);
      if (n % 2 === 0) await feed.refresh();
    });
    expect(during.ids).toEqual(before);
    // A fresh reading sees the new engagement: its order differs.
    const after = (await readAll(viewer, 5)).ids;
    expect(after).not.toEqual(before);
  });

  it('goes on in time order below the candidates, without a post twice', async () => {
    const [viewer, author] = await t.createUsers(2);
    // Older than the candidates' window: only the time-ordered rest reaches them.
    const ancient: string[] = [];
    for (let i = 0; i < 3; i++) {
      const post = await t.createPost(author, `çok eski ${i}`);
      await t.db.query(`UPDATE posts SET created_at = now() - interval '10 days' - make_interval(mins => $2) WHERE id = $1`, [post.id, i]);
      ancient.push(post.id);
    }
    await feed.refresh();
    const { ids } = await readAll(viewer, 7);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => ancient.includes(id))).toEqual(ancient);
    // And the plain time order stays at /api/posts/timeline (the `Son` tab).
    const plain = await t.http.get('/api/posts/timeline?limit=3').set('authorization', await t.bearer(viewer)).expect(200);
    const times = (plain.body as { posts: { createdAt: string }[] }).posts.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows a post written after the candidates were computed at once, on the member’s next first page', async () => {
    const [viewer, friend] = await t.createUsers(2);
    await follow(viewer, friend);
    await feed.refresh();
    // Read once: this snapshot is kept for the member's next first pages.
    await page(viewer, 20, null);
    const own = await t.createPost(viewer, 'kendi yeni gönderim');
    const theirs = await t.createPost(friend, 'takip edilenin yeni gönderisi');
    const ids = (await page(viewer, 20, null)).posts.map((p) => p.id);
    // Fresh (score 1) and boosted (×3): above the older posts.
    expect(ids.slice(0, 2).sort()).toEqual([own.id, theirs.id].sort());
  });

  it('ranks a post written after the candidates above an older one with as little engagement, however soon after it they were computed', async () => {
    const [viewer, early, late] = await t.createUsers(3);
    const older = await t.createPost(early, 'hesaplamadan hemen önce');
    await feed.refresh();
    const newer = await t.createPost(late, 'hesaplamadan hemen sonra');
    // One millisecond either side of the version's moment: the candidate as if written 1 ms
    // before it (its stored score, read with the set at the next page), the fresh post 1 ms after.
    // Decayed to the moment the page is read, the fresh post lost to the older one.
    const version = `(SELECT version FROM ranked_versions ORDER BY version DESC LIMIT 1)`;
    await t.db.query(`UPDATE ranked_candidates SET score = power(0.5, 0.001 / ${RANKED_HALF_LIFE_HOURS * 3600}) WHERE post_id = $1 AND version = ${version}`, [older.id]);
    await t.db.query(`UPDATE posts SET created_at = (SELECT computed_at FROM ranked_versions WHERE version = ${version}) + interval '1 millisecond' WHERE id = $1`, [newer.id]);
    for (const viewerOrGuest of [viewer, null]) {
      const { ids } = await readAll(viewerOrGuest, 100);
      expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    }
  });

  it('answers a bad cursor and a dropped snapshot with Turkish 4xx', async () => {
    const bad = await t.http.get('/api/posts/timeline/ranked?cursor=bm9wZQ').expect(400);
    expect(bad.body.message).toBe('Geçersiz sayfa imleci.');
    const gone = Buffer.from(`r.999999.${Date.now()}.${Date.now()}.20.1`).toString('base64url');
    const res = await t.http.get(`/api/posts/timeline/ranked?cursor=${gone}`).expect(410);
    expect(res.body.message).toBe('Akış yenilendi; baştan yükleyin.');
  });

  it('recomputes the candidates on one node at a time: a second one skips while the lock is held or the version is fresh', async () => {
    const repo = t.app.get(RankedFeedRepository);
    const other = new Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [RANKED_LOCK]);
      // Another node holds the lock: this one does not compute (null), and does not wait.
      expect(await repo.recompute(10_000, 0)).toBeNull();
      await other.query('SELECT pg_advisory_unlock($1)', [RANKED_LOCK]);
      const version = await repo.recompute(10_000, 0);
      expect(version).toEqual(expect.any(Number));
      // Fresh (computed a moment ago by "another node"): skipped.
      expect(await repo.recompute(10_000, 60_000)).toBeNull();
      expect((await repo.newest())?.version).toBe(version);
      // A forced one waits for the lock instead of skipping.
      await other.query('SELECT pg_advisory_lock($1)', [RANKED_LOCK]);
      const forced = repo.recompute(10_000);
      let done = false;
      void forced.then(() => (done = true));
      await other.query('SELECT pg_sleep(0.2)');
      expect(done).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1)', [RANKED_LOCK]);
      expect(await forced).toBeGreaterThan(version!);
    } finally {
      await other.end();
    }
  });

  it('reads with indexes on a filled database: no sequential scan of posts, follows, likes or users', async () => {
    const [viewer] = await t.createUsers(1);
    await t.fill(async (q) => {
      await q.query(`INSERT INTO users (username, display_name, email, password_hash, is_email_verified)
                     SELECT 'rk' || g, 'rk' || g, 'rk' || g || '@test.gundem', 'x', true FROM generate_series(1, 3000) g`);
      await q.query(`INSERT INTO posts (author_id, content, search_text, created_at, like_count)
                     SELECT u.id, 'dolgu ' || g, 'dolgu ' || g, now() - make_interval(mins => g), g % 17
                       FROM generate_series(1, 30000) g JOIN LATERAL (SELECT id FROM users WHERE username = 'rk' || (1 + g % 3000)) u ON true`);
      // Everyone's follows and likes (not only the viewer's), so the tables are of a size where an index pays.
      await q.query(`WITH rk AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'rk%')
                     INSERT INTO follows (follower_id, followee_id)
                     SELECT rk.ids[a], rk.ids[1 + (a * k) % 3000] FROM rk, generate_series(1, 3000) a, unnest(ARRAY[7, 13, 29, 31]) k
                      WHERE rk.ids[a] <> rk.ids[1 + (a * k) % 3000] ON CONFLICT DO NOTHING`);
      await q.query(`WITH rk AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'rk%'),
                          ps AS (SELECT array_agg(id ORDER BY id) AS ids FROM posts)
                     INSERT INTO likes (user_id, post_id)
                     SELECT rk.ids[a], ps.ids[1 + (a * k) % cardinality(ps.ids)] FROM rk, ps, generate_series(1, 3000) a, unnest(ARRAY[11, 17, 23, 37, 41]) k
                     ON CONFLICT DO NOTHING`);
      await q.query(`INSERT INTO follows (follower_id, followee_id) SELECT $1, id FROM users WHERE username LIKE 'rk1%' LIMIT 200`, [viewer.id]);
      await q.query(`INSERT INTO likes (user_id, post_id) SELECT $1, id FROM posts ORDER BY created_at DESC LIMIT 300`, [viewer.id]);
      await q.query('ANALYZE users, posts, follows, likes, reposts, blocks, mutes');
    });
    await feed.refresh();
    const plans = await t.plansOf('/api/posts/timeline/ranked', await t.bearer(viewer));
    const inputs = plans.find((p) => /'f' AS kind, f\.followee_id/.test(p.sql));
    const fresh = plans.find((p) => /AS at_ms/.test(p.sql));
    const rows = plans.find((p) => /unnest\(\$2::uuid\[\]\) WITH ORDINALITY/.test(p.sql));
    expect(inputs).toBeDefined();
    expect(rows).toBeDefined();
    for (const { plan } of [inputs!, rows!]) expect(plan).not.toMatch(/Seq Scan on (posts|follows|likes|users)\b/);
    // The viewer's follows and likes: ranges of an index on them (the primary key's or the by-time one's).
    expect(inputs!.plan).toMatch(/Index Cond: \(follower_id = /);
    expect(inputs!.plan).toMatch(/on follows f/);
    expect(inputs!.plan).toMatch(/(idx_likes_user_created|likes_pkey)/);
    // The posts since the version: a range of the by-time index.
    expect(fresh?.plan).toMatch(/idx_posts_created/);
    expect(fresh?.plan).not.toMatch(/Seq Scan on posts/);
    expect(rows!.plan).toMatch(/posts_pkey|PK_/);
  });
});
