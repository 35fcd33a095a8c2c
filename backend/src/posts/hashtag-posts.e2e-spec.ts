import { createTestApp, type TestApp } from '../../test/test-app';
import { TrendingService } from '../trending/trending.service';
import { PostsRepository } from './posts.repository';

type Member = { id: string; username: string };

/**
 * Explore's trends and the hashtag page (issue 26, real PostgreSQL): the 7-day trends Explore
 * shows, and GET /api/hashtags/:tag/posts, newest first in keyset pages with the timeline's
 * viewer filters.
 */
describe('GET /api/hashtags/:tag/posts (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const block = async (blocker: Member, blocked: Member) => t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
  const mute = async (muter: Member, muted: Member) => t.http.put(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  const muteWord = async (member: Member, word: string) => t.http.post('/api/users/muted-words').set('authorization', await t.bearer(member)).send({ word }).expect(201);

  /** Every page of a tag's posts, `limit` at a time: the contents and each page's length. */
  const pages = async (tag: string, limit: number, viewer?: Member): Promise<{ contents: string[]; sizes: number[] }> => {
    const auth = viewer ? await t.bearer(viewer) : undefined;
    const contents: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 50; n++) {
      const req = t.http.get(`/api/hashtags/${encodeURIComponent(tag)}/posts?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (auth) req.set('authorization', auth);
      const res: { body: { posts: { content: string }[]; nextCursor: string | null } } = await req.expect(200);
      contents.push(...res.body.posts.map((p) => p.content));
      sizes.push(res.body.posts.length);
      cursor = res.body.nextCursor;
      if (!cursor) return { contents, sizes };
    }
    throw new Error('too many pages');
  };

  it('pages the posts and replies carrying the tag, newest first, whatever the case or # of the path, and only that tag', async () => {
    const [a, b] = await t.createUsers(2);
    const first = await t.createPost(a, 'Bir #Sahil günü');
    await t.createPost(b, 'İki #SAHİL');
    await t.createPost(a, 'Etiketsiz sahil');
    await t.createPost(b, 'Başka #sahilyolu');
    await t.createPost(b, 'Yanıtta #sahil', first.id);
    for (let i = 0; i < 3; i++) await t.createPost(a, `Dolgu ${i} #sahil`);
    const expected = ['Dolgu 2 #sahil', 'Dolgu 1 #sahil', 'Dolgu 0 #sahil', 'Yanıtta #sahil', 'İki #SAHİL', 'Bir #Sahil günü'];

    const paged = await pages('sahil', 2);
    expect(paged.contents).toEqual(expected);
    expect(paged.sizes).toEqual([2, 2, 2]);
    expect((await pages('#SAHİL', 20, a)).contents).toEqual(expected);
    const res = await t.http.get('/api/hashtags/Sahil/posts').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['nextCursor', 'posts']);
    expect(res.body.posts[0]).toMatchObject({ content: 'Dolgu 2 #sahil', author: { username: a.username } });
    expect(res.body.nextCursor).toBeNull();
    expect((await pages('hiçkimsenin', 20)).contents).toEqual([]);
  });

  it('leaves out for a member what their timeline leaves out: blocks either way, muted accounts and muted words', async () => {
    const [viewer, blocked, blocker, muted, plain] = await t.createUsers(5);
    await t.createPost(blocked, 'engellenen #filtre');
    await t.createPost(blocker, 'engelleyen #filtre');
    await t.createPost(muted, 'sessize alınan #filtre');
    await t.createPost(plain, 'kelimesi susturulan futbol #filtre');
    await t.createPost(plain, 'görünen #filtre');
    await block(viewer, blocked);
    await block(blocker, viewer);
    await mute(viewer, muted);
    await muteWord(viewer, 'futbol');

    expect((await pages('filtre', 20, viewer)).contents).toEqual(['görünen #filtre']);
    // A page short of what the viewer hides still leads on: two at a time, the one left shows.
    expect((await pages('filtre', 1, viewer)).contents).toEqual(['görünen #filtre']);
    expect((await pages('filtre', 20)).contents).toHaveLength(5);
    // A deactivated author's posts are nobody's.
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [plain.id]);
    expect((await pages('filtre', 20)).contents).toEqual(['sessize alınan #filtre', 'engelleyen #filtre', 'engellenen #filtre']);
  });

  it.each([
    ['a space', 'iki kelime'],
    ['punctuation', 'etiket!'],
    ['a bare #', '#'],
    ['a tag longer than 100 characters', 'a'.repeat(101)],
    ['a leading combining mark', '\u0301abc'],
  ])('answers 400 with a Turkish message for %s', async (_label, tag) => {
    const res = await t.http.get(`/api/hashtags/${encodeURIComponent(tag)}/posts`).expect(400);
    expect(res.body).toEqual({ message: 'Geçerli bir etiket girin (ör. gündem): harf, rakam ve alt çizgi, en fazla 100 karakter.', statusCode: 400 });
  });

  it('answers 400 for a bad cursor or limit', async () => {
    expect((await t.http.get('/api/hashtags/sahil/posts?cursor=bozuk!').expect(400)).body.statusCode).toBe(400);
    expect((await t.http.get('/api/hashtags/sahil/posts?limit=0').expect(400)).body.statusCode).toBe(400);
  });

  it("Explore's trends: the last 7 days by post count, a staff-hidden tag left out (and still with its page)", async () => {
    const [a, b] = await t.createUsers(2);
    const mod = await t.createUser({ role: 'moderator' });
    const sixDays = await t.createPost(a, 'Altı gün önce #haftalık');
    await t.db.query(`UPDATE posts SET created_at = now() - interval '6 days' WHERE id = $1`, [sixDays.id]);
    await t.createPost(b, 'Bugün #haftalık');
    const eight = await t.createPost(a, 'Sekiz gün önce #eskietiket #eskietiket2');
    await t.db.query(`UPDATE posts SET created_at = now() - interval '8 days' WHERE id = $1`, [eight.id]);
    await t.createPost(b, 'Gizlenecek #gizlenen');
    await t.http.put('/api/admin/trends/hidden/gizlenen').set('authorization', await t.bearer(mod)).expect((res) => expect(res.status).toBeLessThan(300));
    await t.app.get(TrendingService).refresh();

    const res = await t.http.get('/api/trending/hashtags?limit=20').expect(200);
    const trends: { hashtag: string; postCount: number }[] = res.body.trends;
    expect(trends.find((x) => x.hashtag === 'haftalık')).toMatchObject({ postCount: 2 });
    expect(trends.map((x) => x.hashtag)).not.toContain('eskietiket');
    expect(trends.map((x) => x.hashtag)).not.toContain('gizlenen');
    // Hiding ranks; it removes no post: the tag's page still lists it, as search does.
    expect((await pages('gizlenen', 20)).contents).toEqual(['Gizlenecek #gizlenen']);
    // An eight-day-old post is on its tag's page: the page has no window.
    expect((await pages('eskietiket', 20)).contents).toEqual(['Sekiz gün önce #eskietiket #eskietiket2']);
  });

  describe('at scale', () => {
    beforeAll(async () => {
      const author = await t.createUser();
      // 60,000 posts: every tenth carries #yaygın; three carry #nadiretiket.
      await t.fill(async (fill) => {
        await fill.query(
          `INSERT INTO posts (author_id, content, hashtags, search_text, created_at)
           SELECT $1, 'dolgu ' || g, CASE WHEN g % 10 = 0 THEN ARRAY['yaygın'] WHEN g IN (7, 30007, 59997) THEN ARRAY['nadiretiket'] ELSE ARRAY['dolgu'] END, 'dolgu', now() - make_interval(secs => g)
             FROM generate_series(1, 60000) AS g`,
          [author.id],
        );
        await fill.query('VACUUM ANALYZE posts');
      });
    });

    const plan = async (tag: string, viewer: string | null) => {
      const sql = t.app.get(PostsRepository).byHashtagSql(tag, viewer, { limit: 20 });
      return (await t.db.query(`EXPLAIN ${sql.text}`, sql.params)).map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    };

    it('finds a rare tag by the GIN index idx_posts_hashtags, never a sequential scan of posts', async () => {
      const member = await t.createUser();
      for (const viewer of [null, member.id]) {
        const text = await plan('nadiretiket', viewer);
        expect(text).toContain('idx_posts_hashtags');
        expect(text).not.toMatch(/Seq Scan on posts/);
      }
      expect((await pages('nadiretiket', 20)).contents).toEqual(['dolgu 7', 'dolgu 30007', 'dolgu 59997']);
    });

    it('walks a common tag newest first on an index that stops after a page, never a sequential scan of posts', async () => {
      const text = await plan('yaygın', null);
      expect(text).toMatch(/idx_posts_created|idx_posts_hashtags/);
      expect(text).not.toMatch(/Seq Scan on posts/);
      const first = await t.http.get('/api/hashtags/yaygın/posts?limit=20').expect(200);
      expect(first.body.posts.map((p: { content: string }) => p.content).slice(0, 2)).toEqual(['dolgu 10', 'dolgu 20']);
      expect(first.body.nextCursor).toEqual(expect.any(String));
    });
  });
});
