import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { FirstPageCache } from './first-page.cache';
import { THREAD_ANCESTORS_MAX } from './posts.service';

interface WirePost {
  id: string;
  content: string;
  isReply: boolean;
  replyToId: string | null;
  replyTo?: { id: string; username: string } | null;
  liked: boolean;
}

/** Threads (issue 15): the reply context, a post's ancestors and the profile's Yanıtlar and Beğeniler tabs. */
describe('threads API (real PostgreSQL)', () => {
  let t: TestApp;
  let staff: User;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await t.createUser({ role: 'moderator' });
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const deactivate = (user: Pick<User, 'id'>) => t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
  const staffDelete = async (postId: string) => t.http.delete(`/api/admin/posts/${postId}`).set('authorization', await bearer(staff)).expect(200);
  const get = async (path: string, auth?: string) => {
    const req = t.http.get(path);
    if (auth) req.set('authorization', auth);
    return (await req.expect(200)).body as { posts: WirePost[]; nextCursor: string | null };
  };
  const thread = async (postId: string, query = '') =>
    (await t.http.get(`/api/posts/${postId}${query}`).expect(200)).body as { post: WirePost; replies: WirePost[]; ancestors?: WirePost[]; nextCursor: string | null };
  const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

  /** Every post of a member list, following nextCursor with pages of `limit`. */
  async function walk(path: string, limit: number, auth?: string, between?: () => Promise<void>) {
    const seen: WirePost[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = await get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, auth);
      expect(page.posts.length).toBeLessThanOrEqual(limit);
      seen.push(...page.posts);
      cursor = page.nextCursor;
      if (!cursor) return seen;
      await between?.();
    }
    throw new Error('no end');
  }

  describe('the reply context (replyTo)', () => {
    it('names the original and its author on a reply in every list, and is absent on other posts', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const original = await t.createPost(a, 'bağlam özgün gönderi');
      const created = await t.http.post('/api/posts').set('authorization', await bearer(b)).send({ content: 'bağlam yanıtı', replyToId: original.id }).expect(201);
      const reply = created.body.post as WirePost;
      const context = { id: original.id, username: a.username };
      // The answer to the reply itself (and so post:new and post:reply, which carry it).
      expect(reply.replyTo).toEqual(context);

      t.app.get(FirstPageCache).invalidate();
      const lists = [
        (await get('/api/posts/timeline')).posts,
        (await get('/api/posts/timeline', await bearer(a))).posts,
        (await get(`/api/posts/search?q=${encodeURIComponent('bağlam')}`)).posts,
        (await get(`/api/posts/user/${b.username}`)).posts,
        (await get(`/api/posts/user/${b.username}/replies`)).posts,
        (await thread(original.id)).replies,
      ];
      for (const list of lists) expect(list.find((p) => p.id === reply.id)).toMatchObject({ isReply: true, replyToId: original.id, replyTo: context });
      expect((await thread(reply.id)).post.replyTo).toEqual(context);
      // A post that is not a reply keeps the shape it had: no replyTo at all.
      const [top] = (await get(`/api/posts/user/${a.username}`)).posts;
      expect(top.id).toBe(original.id);
      expect('replyTo' in top).toBe(false);
    });

    it('is null while the original’s author is deactivated (the reply stays a reply), and back once reactivated', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const original = await t.createPost(a, 'yazarı gidecek');
      const reply = await t.createPost(b, 'kalan yanıt', original.id);
      await deactivate(a);
      const [listed] = (await get(`/api/posts/user/${b.username}/replies`)).posts;
      expect(listed).toMatchObject({ id: reply.id, isReply: true, replyToId: original.id, replyTo: null });
      expect((await thread(reply.id)).post.replyTo).toBeNull();
      await t.db.query('UPDATE users SET is_active = true WHERE id = $1', [a.id]);
      expect((await thread(reply.id)).post.replyTo).toEqual({ id: original.id, username: a.username });
    });

    it('goes when the original is deleted: the reply becomes a post of its own', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const original = await t.createPost(a, 'silinecek özgün');
      const reply = await t.createPost(b, 'öksüz kalan yanıt', original.id);
      await staffDelete(original.id);
      const post = (await thread(reply.id)).post;
      expect(post).toMatchObject({ id: reply.id, isReply: false, replyToId: null });
      expect(post.replyTo).toBeUndefined();
      // No longer a reply: not on the Yanıtlar tab, still on Gönderiler.
      expect((await get(`/api/posts/user/${b.username}/replies`)).posts).toEqual([]);
      expect(ids((await get(`/api/posts/user/${b.username}`)).posts)).toEqual([reply.id]);
    });

    it('costs no extra statement: a page of replies is still one query', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const original = await t.createPost(a, 'sayılan özgün');
      for (let i = 0; i < 6; i++) await t.createPost(b, `sayılan yanıt ${i}`, original.id);
      await t.http.get(`/api/posts/user/${b.username}`).expect(200);
      const { result, queries } = await t.countQueries(() => t.http.get(`/api/posts/user/${b.username}/replies`).expect(200));
      expect(result.body.posts).toHaveLength(6);
      expect(result.body.posts.every((p: WirePost) => p.replyTo?.username === a.username)).toBe(true);
      // The member's id by username, then the page (the same as the Gönderiler tab).
      expect(queries).toBe(2);
    });
  });

  describe('GET /api/posts/:id ancestors', () => {
    /** A chain root ← … of `length` posts by alternating authors; the last is the deepest. */
    async function chain(length: number, authors: Pick<User, 'id'>[]) {
      const posts = [await t.createPost(authors[0], 'zincir 0')];
      for (let i = 1; i < length; i++) posts.push(await t.createPost(authors[i % authors.length], `zincir ${i}`, posts[i - 1].id));
      return posts;
    }

    it('lists the posts above, root first, each with its own reply context; later pages of replies leave them out', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const [root, first, second, post] = await chain(4, [a, b]);
      for (let i = 0; i < 3; i++) await t.createPost(a, `alt yanıt ${i}`, post.id);
      const page = await thread(post.id, '?limit=2');
      expect(ids(page.ancestors!)).toEqual([root.id, first.id, second.id]);
      expect(page.ancestors!.map((p) => p.replyTo?.username ?? null)).toEqual([null, a.username, b.username]);
      expect('replyTo' in page.ancestors![0]).toBe(false);
      expect(page.post).toMatchObject({ id: post.id, replyTo: { id: second.id, username: a.username } });
      expect(page.replies).toHaveLength(2);
      const next = await thread(post.id, `?limit=2&cursor=${page.nextCursor}`);
      expect(next.replies).toHaveLength(1);
      expect(next.ancestors).toBeUndefined();
      // A post that is not a reply has none.
      expect((await thread(root.id)).ancestors).toEqual([]);
    });

    it(`stops at ${THREAD_ANCESTORS_MAX}; the topmost shown one is a reply, so a reader can go further up from it`, async () => {
      const a = await t.createUser();
      const posts = await chain(THREAD_ANCESTORS_MAX + 3, [a]);
      const deepest = posts[posts.length - 1];
      const { ancestors } = await thread(deepest.id);
      expect(ids(ancestors!)).toEqual(ids(posts.slice(2, -1)));
      expect(ancestors![0].replyTo).toEqual({ id: posts[1].id, username: a.username });
      const above = await thread(ancestors![0].id);
      expect(ids(above.ancestors!)).toEqual(ids(posts.slice(0, 2)));
    });

    it('starts below a deleted ancestor (its reply lost its link), and below a deactivated author’s ancestor', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const gone = await t.createUser();
      const [, deleted, kept, post] = await chain(4, [a, b]);
      await staffDelete(deleted.id);
      const afterDelete = await thread(post.id);
      expect(ids(afterDelete.ancestors!)).toEqual([kept.id]);
      expect(afterDelete.ancestors![0]).toMatchObject({ isReply: false, replyToId: null });

      const top = await t.createPost(a, 'üstte kalan');
      const hidden = await t.createPost(gone, 'gizlenecek ata', top.id);
      const below = await t.createPost(b, 'gizlinin altı', hidden.id);
      const leaf = await t.createPost(a, 'yaprak', below.id);
      await deactivate(gone);
      const { ancestors } = await thread(leaf.id);
      // Neither the hidden post nor what is above it: the thread shows no gap.
      expect(ids(ancestors!)).toEqual([below.id]);
      expect(ancestors![0]).toMatchObject({ isReply: true, replyToId: hidden.id, replyTo: null });
    });

    it('still answers 404 for a deactivated author’s post and 400 for a bad cursor', async () => {
      const gone = await t.createUser();
      const post = await t.createPost(gone, 'gizli');
      await deactivate(gone);
      await t.http.get(`/api/posts/${post.id}`).expect(404);
      const res = await t.http.get(`/api/posts/${post.id}?cursor=bozuk`).expect(400);
      expect(res.body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
    });
  });

  describe('GET /api/posts/user/:username/replies', () => {
    it('lists only the member’s replies, newest first, paged without duplicates while they keep replying', async () => {
      const member = await t.createUser();
      const other = await t.createUser();
      const target = await t.createPost(other, 'yanıtlanacak');
      await t.createPost(member, 'kendi gönderisi');
      const replies = [];
      for (let i = 0; i < 7; i++) replies.push(await t.createPost(member, `yanıt ${i}`, target.id));
      await t.createPost(other, 'başkasının yanıtı', target.id);
      const arrived: string[] = [];
      const seen = await walk(`/api/posts/user/${member.username}/replies`, 3, undefined, async () => {
        arrived.push((await t.createPost(member, 'araya giren yanıt', target.id)).id);
      });
      expect(ids(seen)).toEqual(ids([...replies].reverse()));
      for (const id of arrived) expect(ids(seen)).not.toContain(id);
      expect(seen.every((p) => p.isReply && p.replyTo?.username === other.username)).toBe(true);
    });

    it('answers 404 for an unknown or deactivated member and 400 for a bad cursor or limit', async () => {
      for (const tab of ['replies', 'likes']) {
        const unknown = await t.http.get(`/api/posts/user/yok_boyle_biri/${tab}`).expect(404);
        expect(unknown.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
        const gone = await t.createUser();
        await deactivate(gone);
        await t.http.get(`/api/posts/user/${gone.username}/${tab}`).expect(404);
        const member = await t.createUser();
        const bad = await t.http.get(`/api/posts/user/${member.username}/${tab}?cursor=bozuk!`).expect(400);
        expect(bad.body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
        const limit = await t.http.get(`/api/posts/user/${member.username}/${tab}?limit=0`).expect(400);
        expect(limit.body).toEqual({ message: 'Sayfa boyutu 1 ile 100 arasında olmalıdır.', statusCode: 400 });
        expect(await get(`/api/posts/user/${member.username}/${tab}`)).toEqual({ posts: [], nextCursor: null });
      }
    });
  });

  describe('GET /api/posts/user/:username/likes', () => {
    it('lists the liked posts by the time of the like, newest like first, with the viewer’s own flags', async () => {
      const member = await t.createUser();
      const author = await t.createUser();
      const viewer = await t.createUser();
      const older = await t.createPost(author, 'önce yazılan');
      const newer = await t.createPost(author, 'sonra yazılan');
      const reply = await t.createPost(author, 'beğenilen yanıt', older.id);
      const auth = await bearer(member);
      // Liked in the other order than written: the list follows the likes.
      for (const post of [newer, older, reply]) await t.http.put(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      const guest = await get(`/api/posts/user/${member.username}/likes`);
      expect(ids(guest.posts)).toEqual([reply.id, older.id, newer.id]);
      expect(guest.posts[0].replyTo).toEqual({ id: older.id, username: author.username });
      expect(guest.posts.every((p) => !p.liked)).toBe(true);
      // The member sees their likes as liked; another viewer sees their own (none of these).
      expect((await get(`/api/posts/user/${member.username}/likes`, auth)).posts.every((p) => p.liked)).toBe(true);
      await t.http.put(`/api/posts/${older.id}/like`).set('authorization', await bearer(viewer)).expect(200);
      const theirs = await get(`/api/posts/user/${member.username}/likes`, await bearer(viewer));
      expect(theirs.posts.map((p) => p.liked)).toEqual([false, true, false]);
    });

    it('pages on the like’s time with no duplicate or gap, even among likes of the same instant', async () => {
      const member = await t.createUser();
      const author = await t.createUser();
      const posts = [];
      for (let i = 0; i < 9; i++) posts.push(await t.createPost(author, `beğeni sayfası ${i}`));
      const auth = await bearer(member);
      for (const post of posts) await t.http.put(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      // Four likes at one instant, the rest a microsecond apart: a millisecond cursor would repeat or skip.
      await t.db.query(
        `UPDATE likes l SET created_at = CASE WHEN l.post_id = ANY($2::uuid[]) THEN '2026-01-01T00:00:00.500001Z'::timestamptz
                                             ELSE '2026-01-01T00:00:00.500000Z'::timestamptz - x.r * interval '1 microsecond' END
           FROM (SELECT post_id, row_number() OVER (ORDER BY post_id) AS r FROM likes WHERE user_id = $1) x
          WHERE l.user_id = $1 AND l.post_id = x.post_id`,
        [member.id, ids(posts.slice(2, 6))],
      );
      const expected: { post_id: string }[] = await t.db.query('SELECT post_id FROM likes WHERE user_id = $1 ORDER BY created_at DESC, post_id DESC', [member.id]);
      const seen = await walk(`/api/posts/user/${member.username}/likes`, 2);
      expect(ids(seen)).toEqual(expected.map((r) => r.post_id));
      expect(new Set(ids(seen)).size).toBe(9);
    });

    it('drops a post once unliked, and leaves out posts of deactivated authors', async () => {
      const member = await t.createUser();
      const author = await t.createUser();
      const gone = await t.createUser();
      const kept = await t.createPost(author, 'kalan beğeni');
      const unliked = await t.createPost(author, 'geri alınan beğeni');
      const hidden = await t.createPost(gone, 'yazarı gidecek beğeni');
      const auth = await bearer(member);
      for (const post of [kept, unliked, hidden]) await t.http.put(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      expect(ids((await get(`/api/posts/user/${member.username}/likes`)).posts)).toEqual([hidden.id, unliked.id, kept.id]);
      await t.http.delete(`/api/posts/${unliked.id}/like`).set('authorization', auth).expect(200);
      await deactivate(gone);
      expect(ids((await get(`/api/posts/user/${member.username}/likes`)).posts)).toEqual([kept.id]);
    });
  });

  /**
   * The plans of what the routes send, on enough rows for the planner to choose (20k posts, 10%
   * replies; 20k likes; the member wrote 5,000 of the posts, 1,000 of them replies), captured at
   * the driver and EXPLAINed with their own parameters.
   */
  describe('query plans', () => {
    let member: User;
    let deepest: string;
    beforeAll(async () => {
      member = await t.createUser();
      const authors = await t.createUsers(200);
      await t.fill(async (fill) => {
        await fill.query(
          `INSERT INTO posts (author_id, content, search_text, created_at)
           SELECT CASE WHEN n % 4 = 0 THEN a.ids[1] ELSE a.ids[1 + n % 200] END, 'plan ' || n, 'plan ' || n, now() - n * interval '1 minute'
             FROM generate_series(1, 20000) AS n, (SELECT $1::uuid[] AS ids) a`,
          [[member.id, ...authors.slice(1).map((u) => u.id)]],
        );
        await fill.query(
          `UPDATE posts p SET reply_to_id = x.parent_id
             FROM (SELECT id, lead(id, 3) OVER (ORDER BY created_at DESC) AS parent_id, row_number() OVER (ORDER BY created_at DESC) AS r FROM posts) x
            WHERE p.id = x.id AND x.r % 10 = 0 AND x.parent_id IS NOT NULL`,
        );
        await fill.query(
          `INSERT INTO likes (user_id, post_id, created_at)
           SELECT u.ids[1 + g % 200], p.ids[1 + (g * 31) % 20000], now() - g * interval '1 second'
             FROM generate_series(1, 20000) AS g, (SELECT $1::uuid[] AS ids) u, (SELECT array_agg(id) AS ids FROM posts) p
           ON CONFLICT DO NOTHING`,
          [[member.id, ...authors.slice(1).map((u) => u.id)]],
        );
        await fill.query('VACUUM ANALYZE');
      });
      const parent = await t.createPost(authors[5], 'plan kökü');
      let id = parent.id;
      for (let i = 0; i < 12; i++) id = (await t.createPost(authors[i % 3], `plan zinciri ${i}`, id)).id;
      deepest = id;
    }, 120_000);

    /** The plans of the statements a signed-in member's GET of `path` sends. */
    const plansOf = async (path: string) => (await t.plansOf(path, await bearer(member))).map((p) => p.plan);

    it('Yanıtlar walks the partial index of replies in order: no scan of posts, no sort', async () => {
      const plans = await plansOf(`/api/posts/user/${member.username}/replies`);
      const list = plans.find((p) => p.includes('idx_posts_author_replies'));
      expect(list).toBeDefined();
      expect(list).not.toMatch(/Seq Scan on (posts|users)|Sort/);
    });

    it('Beğeniler walks the member’s likes by time: no scan of likes or posts, no sort', async () => {
      const plans = await plansOf(`/api/posts/user/${member.username}/likes`);
      const list = plans.find((p) => p.includes('idx_likes_user_created'));
      expect(list).toBeDefined();
      expect(list).not.toMatch(/Seq Scan on (likes|posts|users)|Sort/);
    });

    it('the timeline still walks idx_posts_created with the reply context read by primary key', async () => {
      t.app.get(FirstPageCache).invalidate();
      const plan = (await plansOf('/api/posts/timeline')).find((p) => p.includes('idx_posts_created'));
      expect(plan).toMatch(/Index Scan using idx_posts_created on posts/);
      expect(plan).toMatch(/Index Scan using posts_pkey on posts rp/);
      expect(plan).not.toMatch(/Seq Scan on (posts|users)|Sort/);
    });

    it('the ancestors are a bounded walk by primary key', async () => {
      const plans = await plansOf(`/api/posts/${deepest}`);
      const walkPlan = plans.find((p) => p.includes('Recursive Union'));
      expect(walkPlan).toBeDefined();
      expect(walkPlan).not.toMatch(/Seq Scan on (posts|users)/);
      expect((await thread(deepest)).ancestors).toHaveLength(THREAD_ANCESTORS_MAX);
    });
  });
});
