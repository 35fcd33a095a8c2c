import type { PostPage } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FollowRequestsService } from '../social/follow-requests.service';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id'>;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 27, `Profile sabitle` on real PostgreSQL: a member pins one of their own posts to the top
 * of their profile's `Gönderiler`, replacing any earlier pin (at most one, the database's partial
 * unique index), idempotent both ways; another's post is a Turkish 403, a missing one a 404; two
 * concurrent pins end with exactly one; the profile's first page lists it first and once; the
 * list's read rules (blocks, protected accounts) still hold; and the pinned read's plan.
 */
describe('pinned posts (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const as = async (member: Member) => ({ authorization: await t.bearer(member) });
  const pin = async (member: Member, postId: string) => t.http.put(`/api/posts/${postId}/pin`).set(await as(member));
  const unpin = async (member: Member, postId: string) => t.http.delete(`/api/posts/${postId}/pin`).set(await as(member));
  /** The author's pinned posts as the database has them. */
  const pinnedOf = async (member: Member) => ((await t.db.query('SELECT id FROM posts WHERE author_id = $1 AND is_pinned', [member.id])) as { id: string }[]).map((r) => r.id);
  const profile = async (username: string, viewer?: Member, query = '') => {
    const req = t.http.get(`/api/posts/user/${username}${query}`);
    if (viewer) req.set(await as(viewer));
    return (await req.expect(200)).body as PostPage;
  };
  const ids = (page: PostPage) => page.posts.map((p) => p.id);

  it('pins (idempotent), shows isPinned on the post everywhere, replaces the earlier pin and unpins (idempotent)', async () => {
    const author = await t.createUser();
    const first = await t.createPost(author, 'ilk sabitlenen');
    const second = await t.createPost(author, 'sonra sabitlenen');
    expect(first.isPinned).toBe(false);

    const res = await pin(author, first.id);
    expect([res.status, res.body]).toEqual([200, { pinned: true }]);
    expect((await pin(author, first.id)).body).toEqual({ pinned: true });
    expect(await pinnedOf(author)).toEqual([first.id]);
    // The flag rides on the post object wherever it shows: its page, the timeline.
    expect((await t.http.get(`/api/posts/${first.id}`).expect(200)).body.post.isPinned).toBe(true);
    const timeline = (await t.http.get('/api/posts/timeline?limit=50').set(await as(author)).expect(200)).body as PostPage;
    expect(timeline.posts.find((p) => p.id === first.id)?.isPinned).toBe(true);
    expect(timeline.posts.find((p) => p.id === second.id)?.isPinned).toBe(false);

    // A second pin replaces the first.
    expect((await pin(author, second.id)).body).toEqual({ pinned: true });
    expect(await pinnedOf(author)).toEqual([second.id]);
    expect((await t.http.get(`/api/posts/${first.id}`).expect(200)).body.post.isPinned).toBe(false);

    const off = await unpin(author, second.id);
    expect([off.status, off.body]).toEqual([200, { pinned: false }]);
    expect(await pinnedOf(author)).toEqual([]);
    // Unpinning again, or a post that never was pinned: nothing changes.
    expect((await unpin(author, second.id)).body).toEqual({ pinned: false });
    expect((await unpin(author, first.id)).body).toEqual({ pinned: false });
    expect(await pinnedOf(author)).toEqual([]);
  });

  it('refuses another member’s post with a Turkish 403 (English on request), either way, and changes nothing', async () => {
    const [author, other] = await t.createUsers(2);
    const post = await t.createPost(author, 'benim gönderim');
    await pin(author, post.id).then((res) => expect(res.status).toBe(200));

    const theirs = await pin(other, post.id);
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe('Yalnızca kendi gönderinizi sabitleyebilirsiniz.');
    const english = await t.http.put(`/api/posts/${post.id}/pin`).set(await as(other)).set('accept-language', 'en');
    expect([english.status, english.body.message]).toEqual([403, 'You can pin only your own post.']);
    const undo = await unpin(other, post.id);
    expect([undo.status, undo.body.message]).toEqual([403, 'Yalnızca kendi gönderinizin sabitlemesini kaldırabilirsiniz.']);
    // The other member's own pin is untouched by the refused one, and the author's stays.
    expect(await pinnedOf(other)).toEqual([]);
    expect(await pinnedOf(author)).toEqual([post.id]);
  });

  it('answers a missing or deleted post with 404 `Gönderi bulunamadı.`, a malformed id with a Turkish 400, a guest with 401', async () => {
    const author = await t.createUser();
    for (const send of [pin, unpin]) {
      const missing = await send(author, MISSING_ID);
      expect([missing.status, missing.body.message]).toEqual([404, 'Gönderi bulunamadı.']);
      const malformed = await send(author, 'abc');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/[ğüşıöçİ]/);
    }
    // A pinned post that is deleted takes its pin with it, and cannot be pinned again.
    const doomed = await t.createPost(author, 'silinecek sabit');
    await pin(author, doomed.id).then((res) => expect(res.status).toBe(200));
    await t.http.delete(`/api/posts/${doomed.id}`).set(await as(author)).expect(200);
    expect(await pinnedOf(author)).toEqual([]);
    expect((await pin(author, doomed.id)).status).toBe(404);
    expect((await unpin(author, doomed.id)).status).toBe(404);
    const guest = await t.http.put(`/api/posts/${MISSING_ID}/pin`);
    expect(guest.status).toBe(401);
  });

  it('two concurrent pins (and many) by one member end with exactly one pinned post, no 5xx', async () => {
    const author = await t.createUser();
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await t.createPost(author, `yarışan ${i}`));
    for (let round = 0; round < 3; round++) {
      // Every pin waits for the one before it (one member's pins take turns) and replaces it: all
      // answer 200, and the unique index never turns one into a 500.
      const answers = await Promise.all(posts.map((p) => pin(author, p.id)));
      expect(answers.map((res) => res.status)).toEqual(posts.map(() => 200));
      const pinned = await pinnedOf(author);
      expect(pinned).toHaveLength(1);
      expect(posts.map((p) => p.id)).toContain(pinned[0]);
    }
    // An unpin among the pins: at most one pinned, every answer 200.
    const mixed = await Promise.all([unpin(author, (await pinnedOf(author))[0]), ...posts.slice(0, 3).map((p) => pin(author, p.id))]);
    expect(mixed.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect((await pinnedOf(author)).length).toBeLessThanOrEqual(1);
    // Pins racing the pinned post's deletion: each answers 200 or 404, never a 5xx, and one or none stays pinned.
    const target = posts[0];
    await pin(author, posts[1].id).then((res) => expect(res.status).toBe(200));
    const [pinned, deleted] = await Promise.all([pin(author, target.id), t.http.delete(`/api/posts/${target.id}`).set(await as(author))]);
    expect([200, 404]).toContain(pinned.status);
    expect(deleted.status).toBe(200);
    const left = await pinnedOf(author);
    expect(left.length).toBeLessThanOrEqual(1);
    expect(left).not.toContain(target.id);
  });

  it('lists the pinned post first on the profile’s first page, once: not again in its place nor on a later page', async () => {
    const author = await t.createUser();
    const old = await t.createPost(author, 'en eski, sabit');
    const middle = await t.createPost(author, 'ortadaki');
    const reply = await t.createPost(author, 'kendine yanıt', middle.id);
    const newest = await t.createPost(author, 'en yeni');
    expect(ids(await profile(author.username))).toEqual([newest.id, reply.id, middle.id, old.id]);

    await pin(author, old.id).then((res) => expect(res.status).toBe(200));
    const page = await profile(author.username);
    expect(ids(page)).toEqual([old.id, newest.id, reply.id, middle.id]);
    expect(page.posts.map((p) => p.isPinned)).toEqual([true, false, false, false]);
    // The same for a member and a guest; the other tabs keep their order (the pin is Gönderiler's).
    const [viewer] = await t.createUsers(1);
    expect(ids(await profile(author.username, viewer))).toEqual([old.id, newest.id, reply.id, middle.id]);
    expect(ids(await profile(author.username, undefined, '/replies'))).toEqual([reply.id]);

    // Paged: the pin heads the first page on top of its `limit` posts; the cursor pages go on
    // chronologically without it.
    const first = await profile(author.username, viewer, '?limit=2');
    expect(ids(first)).toEqual([old.id, newest.id, reply.id]);
    const second = await profile(author.username, viewer, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([ids(second), second.nextCursor]).toEqual([[middle.id], null]);

    // Pinning the newest one: still once, first.
    await pin(author, newest.id).then((res) => expect(res.status).toBe(200));
    expect(ids(await profile(author.username))).toEqual([newest.id, reply.id, middle.id, old.id]);
    // Unpinned: the list is chronological again.
    await unpin(author, newest.id).then((res) => expect(res.status).toBe(200));
    expect(ids(await profile(author.username))).toEqual([newest.id, reply.id, middle.id, old.id]);
    // Only a pinned post: it alone, and no further page.
    const lone = await t.createUser();
    const only = await t.createPost(lone, 'tek gönderi');
    await pin(lone, only.id).then((res) => expect(res.status).toBe(200));
    expect(await profile(lone.username)).toEqual({ posts: [expect.objectContaining({ id: only.id, isPinned: true })], nextCursor: null });
  });

  it('keeps the list’s read rules: a blocked viewer (either way) sees nothing, a protected account’s pin only its followers', async () => {
    const [author, blocked, blocker, follower, stranger] = await t.createUsers(5);
    const post = await t.createPost(author, 'engellenen görmesin');
    await pin(author, post.id).then((res) => expect(res.status).toBe(200));
    await t.http.put(`/api/users/${blocked.id}/block`).set(await as(author)).expect(200);
    expect(await profile(author.username, blocked)).toEqual({ posts: [], nextCursor: null });
    // The other way: the viewer blocked the author.
    await t.http.put(`/api/users/${author.id}/block`).set(await as(blocker)).expect(200);
    expect(await profile(author.username, blocker)).toEqual({ posts: [], nextCursor: null });
    expect(ids(await profile(author.username, stranger))).toEqual([post.id]);

    await t.http.put(`/api/users/${author.id}/follow`).set(await as(follower)).expect(200);
    await t.app.get(FollowRequestsService).setProtected(author.id, true);
    expect(ids(await profile(author.username, follower))).toEqual([post.id]);
    expect(ids(await profile(author.username, author))).toEqual([post.id]);
    expect(await profile(author.username, stranger)).toEqual({ posts: [], nextCursor: null });
    expect(await profile(author.username)).toEqual({ posts: [], nextCursor: null });
    // A deactivated author's pin goes with the rest of their profile (404, as every list of theirs).
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [author.id]);
    await t.http.get(`/api/posts/user/${author.username}`).set(await as(follower)).expect(404);
  });

  it('EXPLAIN: the pinned read probes idx_posts_author_pinned, the list walks idx_posts_author_created, on a filled table', async () => {
    const author = await t.createUser();
    await t.fill(async (q) => {
      await q.query(`INSERT INTO users (username, email, password_hash, display_name)
                     SELECT 'sb' || g, 'sb' || g || '@x.test', 'x', 'S' FROM generate_series(1, 2000) g`);
      // 20,000 posts of 2,000 members, one pinned each, and 5,000 of the author's.
      await q.query(`INSERT INTO posts (author_id, content, search_text, created_at, is_pinned)
                     SELECT u.id, 'dolgu ' || g, 'dolgu ' || g, now() - g * interval '1 second', g <= 2000
                       FROM generate_series(1, 20000) g JOIN (SELECT id, row_number() OVER () AS rn FROM users WHERE username LIKE 'sb%') u ON u.rn = 1 + (g - 1) % 2000`);
      await q.query(`INSERT INTO posts (author_id, content, search_text, created_at, is_pinned)
                     SELECT $1, 'yazarın ' || g, 'yazarın ' || g, now() - g * interval '1 second', g = 4000 FROM generate_series(1, 5000) g`, [author.id]);
      await q.query('ANALYZE users');
      await q.query('ANALYZE posts');
    });
    for (const viewer of [author, undefined]) {
      const plans = await t.plansOf(`/api/posts/user/${author.username}?limit=20`, viewer && (await t.bearer(viewer)));
      const pinned = plans.find((p) => /::uuid AND p\.is_pinned AND/.test(p.sql));
      expect(pinned?.plan).toMatch(/Index Scan using idx_posts_author_pinned on posts p/);
      const list = plans.find((p) => /NOT p\.is_pinned/.test(p.sql));
      expect(list?.plan).toMatch(/Index Scan using idx_posts_author_created on posts p/);
      for (const { plan } of [pinned!, list!]) expect(plan).not.toMatch(/Seq Scan on (posts|users)\b|Sort/);
    }
    const page = await profile(author.username, undefined, '?limit=3');
    expect(page.posts.map((p) => p.content)).toEqual(['yazarın 4000', 'yazarın 1', 'yazarın 2', 'yazarın 3']);
  });
});
