import type { Pool } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SessionCache } from '../users/session-cache';
import type { User } from '../users/user.entity';
import { FIRST_PAGE_TTL_MS, FirstPageCache } from './first-page.cache';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('posts API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;

  /** Every post of a list, following nextCursor to the end. */
  async function walk(path: string, limit: number, auth?: string, between?: () => Promise<void>) {
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const req = t.http.get(url);
      if (auth) req.set('authorization', auth);
      const res = await req.expect(200);
      const list = res.body.posts ?? res.body.replies;
      expect(list.length).toBeLessThanOrEqual(limit);
      seen.push(...list);
      cursor = res.body.nextCursor;
      if (!cursor) return seen;
      await between?.();
    }
    throw new Error('no end');
  }

  describe('POST /api/posts', () => {
    it('creates a post in the shape of docs/wire-contract.md#post-object and counts it on the author', async () => {
      const author = await t.createUser({ isVerified: true });
      const res = await t.http
        .post('/api/posts')
        .set('authorization', await bearer(author))
        .send({ content: '  Merhaba #Gündem ve #İstanbul! Bakın https://gundem.local/a.  ' })
        .expect(201);
      const post = res.body.post;
      const authorShape = { _id: author.id, id: author.id, username: author.username, displayName: author.displayName, isVerified: true, profileImage: null, protected: false };
      expect(post).toEqual({
        _id: post.id,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        content: 'Merhaba #Gündem ve #İstanbul! Bakın https://gundem.local/a.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        user: authorShape,
        author: authorShape,
        userId: author.id,
        engagement: { likes: 0, retweets: 0, replies: 0, views: 0, version: 0, quotes: 0 },
        likeCount: 0,
        retweetCount: 0,
        replyCount: 0,
        liked: false,
        isLiked: false,
        retweeted: false,
        isRetweeted: false,
        hashtags: ['gündem', 'istanbul'],
        links: ['https://gundem.local/a'],
        mentions: [],
        media: [],
        sensitive: false,
        isEdited: false,
        editedAt: null,
        isReply: false,
        isRetweet: false,
        isPinned: false,
        replyToId: null,
        quoteOfId: null,
        quoteCount: 0,
        quotable: true,
      });
      const [row] = await t.db.query('SELECT posts_count FROM users WHERE id = $1', [author.id]);
      expect(row.posts_count).toBe(1);
    });

    it('creates a reply: replyToId, isReply, and the parent reply count', async () => {
      const author = await t.createUser();
      const parent = await t.createPost(author, 'Soru: en sevdiğiniz semt?');
      const replier = await t.createUser();
      const res = await t.http
        .post('/api/posts')
        .set('authorization', await bearer(replier))
        .send({ content: 'Kadıköy tabii ki', replyToId: parent.id })
        .expect(201);
      expect(res.body.post).toMatchObject({ isReply: true, replyToId: parent.id, userId: replier.id });
      // The original's absolute counts after the reply, for clients to set rather than add to.
      expect(res.body.parent).toEqual({ postId: parent.id, likeCount: 0, retweetCount: 0, replyCount: 1, quoteCount: 0, version: 1 });
      const got = await t.http.get(`/api/posts/${parent.id}`).expect(200);
      expect(got.body.post.replyCount).toBe(1);
      expect(got.body.post.engagement.replies).toBe(1);
    });

    it.each([
      ['empty content', { content: '' }, 'Gönderi boş olamaz.'],
      ['whitespace only', { content: ' \n\t ' }, 'Gönderi boş olamaz.'],
      ['missing content', {}, 'Gönderi boş olamaz.'],
      ['content not a string', { content: 42 }, 'Gönderi boş olamaz.'],
      ['281 characters', { content: 'a'.repeat(281) }, 'Gönderi en fazla 280 karakter olabilir.'],
      ['281 emoji', { content: '😀'.repeat(281) }, 'Gönderi en fazla 280 karakter olabilir.'],
      ['malformed replyToId', { content: 'yanıt', replyToId: 'abc' }, 'Geçersiz kimlik.'],
      ['unknown field', { content: 'x', userId: MISSING_ID }, 'Bilinmeyen alan: userId'],
    ])('refuses %s with 400 and a Turkish message', async (_name, body, message) => {
      const user = await t.createUser();
      const res = await t.http.post('/api/posts').set('authorization', await bearer(user)).send(body).expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
    });

    it('accepts exactly 280 characters counted as code points (emoji included), after trimming', async () => {
      const user = await t.createUser();
      const auth = await bearer(user);
      await t.http.post('/api/posts').set('authorization', auth).send({ content: `  ${'ş'.repeat(280)}  ` }).expect(201);
      const res = await t.http.post('/api/posts').set('authorization', auth).send({ content: '😀'.repeat(280) }).expect(201);
      expect([...res.body.post.content]).toHaveLength(280);
    });

    it('answers 404 for a reply to an unknown post', async () => {
      const user = await t.createUser();
      const res = await t.http
        .post('/api/posts')
        .set('authorization', await bearer(user))
        .send({ content: 'yanıt', replyToId: MISSING_ID })
        .expect(404);
      expect(res.body).toEqual({ message: 'Yanıtlanan gönderi bulunamadı.', statusCode: 404 });
    });

    it('answers 401 to guests and bad tokens', async () => {
      const res = await t.http.post('/api/posts').send({ content: 'misafir' }).expect(401);
      expect(res.body.statusCode).toBe(401);
      expect(res.body.message).toMatch(/Oturum/);
      await t.http.post('/api/posts').set('authorization', 'Bearer bozuk').send({ content: 'x' }).expect(401);
    });
  });

  describe('GET /api/posts/:id', () => {
    it('answers the post, its replies oldest first with paging, and counts a view per open', async () => {
      const author = await t.createUser();
      const parent = await t.createPost(author, 'Konu başlığı');
      const replies = [];
      for (let i = 0; i < 5; i++) replies.push(await t.createPost(await t.createUser(), `yanıt ${i}`, parent.id));
      const first = await t.http.get(`/api/posts/${parent.id}?limit=2`).expect(200);
      expect(Object.keys(first.body).sort()).toEqual(['ancestors', 'nextCursor', 'post', 'replies']);
      expect(first.body.post.id).toBe(parent.id);
      expect(first.body.post.engagement.views).toBe(1);
      expect(first.body.replies.map((r: { content: string }) => r.content)).toEqual(['yanıt 0', 'yanıt 1']);
      const all = await walk(`/api/posts/${parent.id}`, 2);
      expect(all.map((r) => r.id)).toEqual(replies.map((r) => r.id));
      // Opening counted twice (the first call and walk's first page); walk's later pages did not.
      const again = await t.http.get(`/api/posts/${parent.id}`).expect(200);
      expect(again.body.post.engagement.views).toBe(3);
      expect(again.body.post.replyCount).toBe(5);
    });

    it('answers 404 for an unknown id and 400 for a malformed id or cursor (never 500)', async () => {
      const missing = await t.http.get(`/api/posts/${MISSING_ID}`).expect(404);
      expect(missing.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
      for (const bad of ['abc', '123', 'null', `${MISSING_ID}x`, "1' OR '1'='1"]) {
        const res = await t.http.get(`/api/posts/${encodeURIComponent(bad)}`).expect(400);
        expect(res.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
      }
      const post = await t.createPost(await t.createUser(), 'imleç');
      const cursor = await t.http.get(`/api/posts/${post.id}?cursor=bozuk!`).expect(400);
      expect(cursor.body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
    });

    it('shows the viewer flags when a token is sent', async () => {
      const author = await t.createUser();
      const viewer = await t.createUser();
      const post = await t.createPost(author, 'beğenilecek');
      const auth = await bearer(viewer);
      await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      const res = await t.http.get(`/api/posts/${post.id}`).set('authorization', auth).expect(200);
      expect(res.body.post).toMatchObject({ liked: true, isLiked: true, retweeted: false, isRetweeted: false, likeCount: 1 });
      const guest = await t.http.get(`/api/posts/${post.id}`).expect(200);
      expect(guest.body.post).toMatchObject({ liked: false, isLiked: false, likeCount: 1 });
    });
  });

  describe('GET /api/posts/timeline', () => {
    it('lists posts and replies newest first with viewer flags, false for guests', async () => {
      const author = await t.createUser();
      const viewer = await t.createUser();
      const older = await t.createPost(author, 'daha eski');
      const newer = await t.createPost(author, 'daha yeni');
      const reply = await t.createPost(viewer, 'bir yanıt', older.id);
      await t.http.post(`/api/posts/${newer.id}/retweet`).set('authorization', await bearer(viewer)).expect(200);

      const guest = await t.http.get('/api/posts/timeline?limit=3').expect(200);
      expect(Object.keys(guest.body).sort()).toEqual(['nextCursor', 'posts']);
      expect(guest.body.posts.map((p: { id: string }) => p.id)).toEqual([reply.id, newer.id, older.id]);
      expect(guest.body.posts[0]).toMatchObject({ isReply: true, replyToId: older.id });
      expect(guest.body.posts.every((p: { retweeted: boolean; liked: boolean }) => !p.retweeted && !p.liked)).toBe(true);

      const mine = await t.http.get('/api/posts/timeline?limit=3').set('authorization', await bearer(viewer)).expect(200);
      expect(mine.body.posts[1]).toMatchObject({ id: newer.id, retweeted: true, isRetweeted: true, retweetCount: 1 });
    });

    it('pages with no duplicate and no gap while new posts arrive between fetches', async () => {
      const author = await t.createUser();
      const before = new Set<string>();
      for (let i = 0; i < 23; i++) before.add((await t.createPost(author, `sayfa ${i}`)).id);
      const arrived: string[] = [];
      const seen = await walk('/api/posts/timeline', 5, undefined, async () => {
        arrived.push((await t.createPost(author, 'araya giren')).id);
      });
      const ids = seen.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of before) expect(ids).toContain(id);
      // Posts newer than the first page never show up on later pages.
      for (const id of arrived) expect(ids).not.toContain(id);
      const times = seen.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('keeps order across pages when posts share a millisecond (microsecond cursor, id tie-break)', async () => {
      const author = await t.createUser();
      const ids = [];
      for (let i = 0; i < 7; i++) ids.push((await t.createPost(author, `aynı an ${i}`)).id);
      // Three posts at the very same instant, four one microsecond later: a cursor rounded to
      // milliseconds would repeat or skip some of them.
      await t.db.query(
        `UPDATE posts SET created_at = CASE WHEN id = ANY($2::uuid[]) THEN '2020-01-01T00:00:00.123456Z'::timestamptz
                                            ELSE '2020-01-01T00:00:00.123457Z'::timestamptz END
          WHERE author_id = $1`,
        [author.id, ids.slice(0, 3)],
      );
      const seen = await walk(`/api/posts/user/${author.username}`, 2);
      expect(seen).toHaveLength(7);
      expect(new Set(seen.map((p) => p.id))).toEqual(new Set(ids));
      const expected = [...ids.slice(3).sort().reverse(), ...ids.slice(0, 3).sort().reverse()];
      expect(seen.map((p) => p.id)).toEqual(expected);
    });

    it.each([
      ['limit=0', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      ['limit=101', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      ['limit=abc', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      ['limit=2.5', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      ['cursor=abc', 'Geçersiz sayfa imleci.'],
      [`cursor=${Buffer.from('2025-13-01T00:00:00.000Z|x').toString('base64url')}`, 'Geçersiz sayfa imleci.'],
      ['sort=new', 'Bilinmeyen alan: sort'],
    ])('refuses ?%s with 400', async (query, message) => {
      const res = await t.http.get(`/api/posts/timeline?${query}`).expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
    });

    it('defaults to 20 posts and allows 100', async () => {
      const author = await t.createUser();
      for (let i = 0; i < 21; i++) await t.createPost(author, `varsayılan ${i}`);
      const res = await t.http.get('/api/posts/timeline').expect(200);
      expect(res.body.posts).toHaveLength(20);
      expect(typeof res.body.nextCursor).toBe('string');
      await t.http.get('/api/posts/timeline?limit=100').expect(200);
    });

    it('costs the same number of SQL queries for a page of 5 posts as for a page of 50', async () => {
      const author = await t.createUser();
      const viewer = await t.createUser();
      const auth = await bearer(viewer);
      const posts = [];
      for (let i = 0; i < 50; i++) posts.push(await t.createPost(author, `sayım ${i}`));
      for (const post of posts.filter((_, i) => i % 3 === 0)) {
        await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      }
      const count = async (path: string, size: number, withAuth: boolean) => {
        // Every request from cold caches: the shared first page lives a second and a session a few,
        // and on a loaded host either may lapse between two counts (CI: 3 against 2).
        t.app.get(FirstPageCache).invalidate();
        t.app.get(SessionCache).forget(viewer.id);
        const { result, queries } = await t.countQueries(async () => {
          const req = t.http.get(path);
          if (withAuth) req.set('authorization', auth);
          return req.expect(200);
        });
        expect(result.body.posts).toHaveLength(size);
        return queries;
      };
      for (const withAuth of [false, true]) {
        const small = await count('/api/posts/timeline?limit=5', 5, withAuth);
        const large = await count('/api/posts/timeline?limit=50', 50, withAuth);
        expect(large).toBe(small);
        // The guest: one read of the first page. The member: that read, the guard's session
        // lookup and one lookup of their own flags (like/repost) for the whole page.
        expect(small).toBe(withAuth ? 3 : 1);
        const userSmall = await count(`/api/posts/user/${author.username}?limit=5`, 5, withAuth);
        const userLarge = await count(`/api/posts/user/${author.username}?limit=100`, 50, withAuth);
        expect(userLarge).toBe(userSmall);
      }
    });
  });

  it('plans the timeline once per connection and then reuses the plan (prepared, generic)', async () => {
    const viewer = await t.createUser();
    const auth = await bearer(viewer);
    // A page size no other test uses, so only these executions are counted.
    // The first page is shared for a second (FirstPageCache): drop it so every request reads it.
    for (let i = 0; i < 12; i++) {
      t.app.get(FirstPageCache).invalidate();
      await t.http.get('/api/posts/timeline?limit=17').set('authorization', auth).expect(200);
    }
    // pg_prepared_statements is per connection: ask every pooled one.
    const pool = (t.db.driver as unknown as { master: Pool }).master;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const rows = (
        await Promise.all(
          clients.map(
            async (c) =>
              (await c.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE '%ORDER BY p.created_at DESC, p.id DESC%LIMIT 18'`)).rows,
          ),
        )
      ).flat() as { generic: number; custom: number }[];
      const total = rows.reduce((n, r) => n + r.generic + r.custom, 0);
      expect(total).toBe(12);
      // After five custom plans PostgreSQL switches to the generic one when it costs no more.
      expect(rows.reduce((n, r) => n + r.generic, 0)).toBeGreaterThan(0);
    } finally {
      for (const c of clients) c.release();
    }
  });

  describe("the timeline's first page (FirstPageCache)", () => {
    it('is one query for many guests, the same JSON as res.json would send', async () => {
      const author = await t.createUser();
      const viewer = await t.createUser();
      await t.createPost(author, 'önceki gönderi');
      const post = await t.createPost(author, 'misafir önbelleği');
      const first = await t.countQueries(() => t.http.get('/api/posts/timeline').expect(200));
      const again = await t.countQueries(() => Promise.all([1, 2, 3].map(() => t.http.get('/api/posts/timeline').expect(200))));
      expect(first.queries).toBe(1);
      expect(again.queries).toBe(0);
      for (const res of again.result) expect(res.text).toBe(first.result.text);
      expect(first.result.headers['content-type']).toBe('application/json; charset=utf-8');
      // The ETag Express gives the same body, so a conditional request still answers 304.
      const etag = first.result.headers.etag;
      expect(etag).toBe(t.app.getHttpAdapter().getInstance().get('etag fn')(first.result.text, 'utf8'));
      await t.http.get('/api/posts/timeline').set('if-none-match', etag).expect(304);
      expect(first.result.body.posts[0]).toMatchObject({ id: post.id, liked: false, retweeted: false });

      const auth = await bearer(viewer);
      await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      // The like dropped the shared page (its post is on it): read again, plus the member's flags.
      const member = await t.countQueries(() => t.http.get('/api/posts/timeline').set('authorization', auth).expect(200));
      expect(member.queries).toBe(2);
      expect(member.result.body.posts[0]).toMatchObject({ id: post.id, liked: true, likeCount: 1 });
      // Another page size is its own entry; a later page is never cached.
      const one = await t.countQueries(() => t.http.get('/api/posts/timeline?limit=1').expect(200));
      expect(one.queries).toBe(1);
      for (let i = 0; i < 2; i++) {
        const next = await t.countQueries(() => t.http.get(`/api/posts/timeline?limit=1&cursor=${one.result.body.nextCursor}`).expect(200));
        expect(next.queries).toBe(1);
      }
    });

    it('is shared by members too, each with their own liked and reposted flags read fresh', async () => {
      const author = await t.createUser();
      const [liker, reposter, reader] = [await t.createUser(), await t.createUser(), await t.createUser()];
      const oldest = await t.createPost(author, 'en eski gönderi');
      await t.createPost(author, 'eski gönderi');
      const post = await t.createPost(author, 'paylaşılan ilk sayfa');
      const tokens = { liker: await bearer(liker), reposter: await bearer(reposter), reader: await bearer(reader) };
      await t.http.post(`/api/posts/${post.id}/like`).set('authorization', tokens.liker).expect(200);
      await t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', tokens.reposter).expect(200);
      for (const token of Object.values(tokens)) await t.http.get('/api/auth/me').set('authorization', token).expect(200);
      await t.http.get('/api/posts/timeline?limit=2').expect(200);
      // The page is cached and the sessions are: each member costs one lookup of their own flags.
      const pages = await t.countQueries(() =>
        Promise.all(Object.values(tokens).map((token) => t.http.get('/api/posts/timeline?limit=2').set('authorization', token).expect(200))),
      );
      expect(pages.queries).toBe(3);
      const [asLiker, asReposter, asReader] = pages.result.map((res) => res.body.posts[0]);
      expect(asLiker).toMatchObject({ id: post.id, liked: true, retweeted: false, likeCount: 1, retweetCount: 1 });
      expect(asReposter).toMatchObject({ id: post.id, liked: false, retweeted: true, likeCount: 1, retweetCount: 1 });
      expect(asReader).toMatchObject({ id: post.id, liked: false, retweeted: false });
      // A like of a post that is not on a cached page leaves that page cached (limit=1 reads `post`
      // and the one after it, to know a next page exists; `oldest` is on neither).
      const first = await t.countQueries(() => t.http.get('/api/posts/timeline?limit=1').set('authorization', tokens.reader).expect(200));
      expect(first.queries).toBe(2);
      await t.http.post(`/api/posts/${oldest.id}/like`).set('authorization', tokens.reader).expect(200);
      const again = await t.countQueries(() => t.http.get('/api/posts/timeline?limit=1').set('authorization', tokens.reader).expect(200));
      expect(again.queries).toBe(1);
      // A like of a post on the page drops it, so the liker's flag and the count agree at once.
      await t.http.post(`/api/posts/${post.id}/like`).set('authorization', tokens.reader).expect(200);
      const mine = await t.http.get('/api/posts/timeline?limit=1').set('authorization', tokens.reader).expect(200);
      expect(mine.body.posts[0]).toMatchObject({ id: post.id, liked: true, likeCount: 2 });
    });

    it('shows a post created on this node at once, and any other change within a second', async () => {
      const author = await t.createUser();
      await t.http.get('/api/posts/timeline').expect(200);
      const created = await t.http.post('/api/posts').set('authorization', await bearer(author)).send({ content: 'hemen görünür' }).expect(201);
      const fresh = await t.http.get('/api/posts/timeline').expect(200);
      expect(fresh.body.posts[0].id).toBe(created.body.post.id);

      // A change that is not a local post (here: straight in the database) waits out the cache.
      await t.db.query('UPDATE posts SET like_count = 42 WHERE id = $1', [created.body.post.id]);
      const cached = await t.http.get('/api/posts/timeline').expect(200);
      expect(cached.body.posts[0].likeCount).toBe(0);
      await new Promise((r) => setTimeout(r, FIRST_PAGE_TTL_MS + 50));
      const later = await t.http.get('/api/posts/timeline').expect(200);
      expect(later.body.posts[0].likeCount).toBe(42);
      await t.db.query('UPDATE posts SET like_count = 0 WHERE id = $1', [created.body.post.id]);
    });
  });

  describe('GET /api/posts/user/:username', () => {
    it("lists one member's posts newest first, any case of the username", async () => {
      const author = await t.createUser();
      const other = await t.createUser();
      const a = await t.createPost(author, 'birinci');
      await t.createPost(other, 'başkasının');
      const b = await t.createPost(author, 'ikinci');
      const res = await t.http.get(`/api/posts/user/${author.username.toUpperCase()}`).expect(200);
      expect(res.body.posts.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
      expect(res.body.nextCursor).toBeNull();
    });

    it('answers 404 for an unknown username', async () => {
      const res = await t.http.get('/api/posts/user/yok_boyle_biri').expect(404);
      expect(res.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
    });
  });

  describe('deactivated authors', () => {
    it('are hidden from every list and their posts answer 404', async () => {
      const gone = await t.createUser();
      const stays = await t.createUser();
      const parent = await t.createPost(stays, 'kalan gönderi #gizlilik');
      const hidden = await t.createPost(gone, 'gizlenecek gönderi #gizlilik');
      const hiddenReply = await t.createPost(gone, 'gizlenecek yanıt', parent.id);
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);

      const timeline = await walk('/api/posts/timeline', 100);
      expect(timeline.map((p) => p.id)).not.toContain(hidden.id);
      expect(timeline.map((p) => p.id)).not.toContain(hiddenReply.id);
      expect(timeline.map((p) => p.id)).toContain(parent.id);
      const search = await t.http.get('/api/posts/search?q=gizlenecek').expect(200);
      expect(search.body.posts).toEqual([]);
      const thread = await t.http.get(`/api/posts/${parent.id}`).expect(200);
      expect(thread.body.replies).toEqual([]);
      await t.http.get(`/api/posts/${hidden.id}`).expect(404);
      await t.http.get(`/api/posts/user/${gone.username}`).expect(404);
      const auth = await bearer(stays);
      await t.http.post(`/api/posts/${hidden.id}/like`).set('authorization', auth).expect(404);
      await t.http.post('/api/posts').set('authorization', auth).send({ content: 'x', replyToId: hidden.id }).expect(404);
    });
  });

  describe('POST /api/posts/:id/like and /retweet', () => {
    it('toggles a like: both answer forms, and twice returns to the start', async () => {
      const post = await t.createPost(await t.createUser(), 'beğen beni');
      const auth = await bearer(await t.createUser());
      const on = await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      expect(on.body).toEqual({ liked: true, likesCount: 1, isLiked: true, likes: 1, version: 1 });
      const off = await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
      expect(off.body).toEqual({ liked: false, likesCount: 0, isLiked: false, likes: 0, version: 2 });
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM likes WHERE post_id = $1', [post.id]);
      expect(count).toBe(0);
    });

    it('toggles a repost: both answer forms, and twice returns to the start', async () => {
      const post = await t.createPost(await t.createUser(), 'paylaş beni');
      const auth = await bearer(await t.createUser());
      const on = await t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', auth).expect(200);
      expect(on.body).toEqual({ retweeted: true, retweetsCount: 1, isRetweeted: true, retweets: 1, version: 1 });
      const off = await t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', auth).expect(200);
      expect(off.body).toEqual({ retweeted: false, retweetsCount: 0, isRetweeted: false, retweets: 0, version: 2 });
    });

    it('answers 404 for an unknown post, 400 for a malformed id, 401 for guests', async () => {
      const auth = await bearer(await t.createUser());
      for (const action of ['like', 'retweet']) {
        const missing = await t.http.post(`/api/posts/${MISSING_ID}/${action}`).set('authorization', auth).expect(404);
        expect(missing.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
        const bad = await t.http.post(`/api/posts/nope/${action}`).set('authorization', auth).expect(400);
        expect(bad.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
        await t.http.post(`/api/posts/${MISSING_ID}/${action}`).expect(401);
      }
    });
  });
});
