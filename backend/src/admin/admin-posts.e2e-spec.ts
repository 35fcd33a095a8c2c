import { png } from '../../test/media-fixtures';
import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ENGAGEMENT_COALESCE_MS, RealtimeEvents } from '../realtime/realtime-events.service';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('back-office posts API (real PostgreSQL)', () => {
  let t: TestApp;
  let moderator: User;
  beforeAll(async () => {
    t = await createTestApp();
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const remove = async (id: string) => t.http.delete(`/api/admin/posts/${id}`).set('authorization', await bearer(moderator));
  const one = async <T>(sql: string, params: unknown[]) => ((await t.db.query(sql, params)) as T[])[0];
  const postCounts = (id: string) => one<{ like_count: number; retweet_count: number; reply_count: number }>('SELECT like_count, retweet_count, reply_count FROM posts WHERE id = $1', [id]);
  const postsCount = async (id: string) => (await one<{ posts_count: number }>('SELECT posts_count FROM users WHERE id = $1', [id])).posts_count;

  /** Every denormalised count equals what it counts. */
  async function expectCountsExact(): Promise<void> {
    const posts = await t.db.query(`
      SELECT p.id FROM posts p
       WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)
          OR p.retweet_count <> (SELECT count(*) FROM reposts r WHERE r.post_id = p.id)
          OR p.reply_count <> (SELECT count(*) FROM posts c WHERE c.reply_to_id = p.id)`);
    const users = await t.db.query(`SELECT u.id FROM users u WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`);
    expect({ posts, users }).toEqual({ posts: [], users: [] });
  }

  describe('GET /api/admin/posts', () => {
    it('pages the posts of every author newest first, deactivated authors included', async () => {
      const author = await t.createUser();
      const hidden = await t.createUser();
      const made = [];
      for (let i = 0; i < 22; i++) made.push(await t.createPost(i === 21 ? hidden : author, `yönetim listesi ${i}`));
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [hidden.id]);
      const newestFirst = [...made].reverse();
      const [{ total }] = await t.db.query('SELECT count(*)::int AS total FROM posts');

      const auth = await bearer(moderator);
      const first = await t.http.get('/api/admin/posts').set('authorization', auth).expect(200);
      expect(first.body.pagination).toEqual({ page: 1, limit: 20, total, pages: Math.ceil(total / 20), estimated: false });
      expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(0, 20).map((p) => p.id));
      expect(first.body.posts[0]).toMatchObject({ _id: made[21].id, content: 'yönetim listesi 21', author: { id: hidden.id, username: hidden.username } });
      // The public timeline hides the deactivated author's post; the back-office does not.
      const timeline = await t.http.get('/api/posts/timeline').expect(200);
      expect(timeline.body.posts.map((p: { id: string }) => p.id)).not.toContain(made[21].id);

      const second = await t.http.get('/api/admin/posts?page=2&limit=20').set('authorization', auth).expect(200);
      expect(second.body.posts.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(20).map((p) => p.id));
    });

    it('searches the content and hashtags with Turkish case rules', async () => {
      const author = await t.createUser();
      const a = await t.createPost(author, 'İSTANBUL’da yağmur var');
      const b = await t.createPost(author, 'Bu akşam IŞIK gösterisi #Etkinlik');
      const auth = await bearer(moderator);
      const search = async (q: string) =>
        (await t.http.get('/api/admin/posts').query({ search: q }).set('authorization', auth).expect(200)).body;
      expect((await search('istanbul')).posts.map((p: { id: string }) => p.id)).toEqual([a.id]);
      expect((await search('ışık')).posts.map((p: { id: string }) => p.id)).toEqual([b.id]);
      expect((await search('#etkinlik')).posts.map((p: { id: string }) => p.id)).toEqual([b.id]);
      expect(await search('hiç-olmayan-metin')).toEqual({ posts: [], pagination: { page: 1, limit: 20, total: 0, pages: 1, estimated: false } });
    });
  });

  describe('PATCH /api/admin/posts/:id', () => {
    const mark = async (id: string, body: object, who: Pick<User, 'id'> = moderator) => t.http.patch(`/api/admin/posts/${id}`).set('authorization', await bearer(who)).send(body);

    it('sets and clears sensitive on any author’s post; every post answer shows it', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'hassas olabilecek gönderi');
      const admin = await t.createUser({ role: 'admin' });

      const set = await mark(post.id, { sensitive: true });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ message: 'Gönderi hassas olarak işaretlendi.', post: expect.objectContaining({ _id: post.id, sensitive: true, content: 'hassas olabilecek gönderi' }) });
      expect(await one('SELECT sensitive FROM posts WHERE id = $1', [post.id])).toEqual({ sensitive: true });
      // The public answers read the column: the single post, the author's posts, the timeline (its cached first page dropped).
      expect((await t.http.get(`/api/posts/${post.id}`).expect(200)).body.post).toMatchObject({ sensitive: true });
      const timeline = (await t.http.get('/api/posts/timeline').expect(200)).body.posts as { id: string; sensitive: boolean }[];
      expect(timeline.find((p) => p.id === post.id)).toMatchObject({ sensitive: true });
      const list = (await t.http.get('/api/admin/posts').set('authorization', await bearer(moderator)).expect(200)).body.posts as { id: string; sensitive: boolean }[];
      expect(list.find((p) => p.id === post.id)).toMatchObject({ sensitive: true });

      const cleared = await mark(post.id, { sensitive: false }, admin);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ message: 'Gönderinin hassas işareti kaldırıldı.', post: { _id: post.id, sensitive: false } });
      const again = (await t.http.get('/api/posts/timeline').expect(200)).body.posts as { id: string; sensitive: boolean }[];
      expect(again.find((p) => p.id === post.id)).toMatchObject({ sensitive: false });
    });

    it('tells the post’s watchers post:updated with its pictures and the new mark, at each change; nobody else', async () => {
      const author = await t.createUser();
      const picture = await t.http.post('/api/media').set('authorization', await bearer(author)).attach('file', await png(240, 160), 'resim.png').expect(201);
      await t.http.patch(`/api/media/${picture.body.id}`).set('authorization', await bearer(author)).send({ alt: 'Gün batımı' }).expect(200);
      const created = await t.http.post('/api/posts').set('authorization', await bearer(author)).send({ content: 'resimli gönderi', mediaIds: [picture.body.id] }).expect(201);
      const post = created.body.post as { id: string; media: { id: string; alt: string | null }[] };
      expect(post.media).toMatchObject([{ id: picture.body.id, alt: 'Gün batımı' }]);
      const other = await t.createPost(author, 'başka bir gönderi');
      const url = await t.listen();
      const watcher = await connectSocket(url);
      const bystander = await connectSocket(url);
      await request(watcher, 'posts:watch', [post.id]);
      await request(bystander, 'posts:watch', [other.id]);
      const updates = collect(watcher, 'post:updated');
      const elsewhere = collect(bystander, 'post:updated');

      const marked = nextEvent(watcher, 'post:updated');
      expect((await mark(post.id, { sensitive: true })).status).toBe(200);
      expect(await marked).toEqual({ postId: post.id, media: post.media, sensitive: true });
      const cleared = nextEvent(watcher, 'post:updated');
      expect((await mark(post.id.toUpperCase(), { sensitive: false })).status).toBe(200);
      expect(await cleared).toEqual({ postId: post.id, media: post.media, sensitive: false });

      await Promise.all([roundTrip(watcher), roundTrip(bystander)]);
      expect(updates.map((e) => e.sensitive)).toEqual([true, false]);
      expect(elsewhere).toEqual([]);
    });

    it('pushes nothing for a deactivated author’s post: nobody but staff sees it', async () => {
      const hidden = await t.createUser();
      const hiddenPost = await t.createPost(hidden, 'gizli yazarın gönderisi');
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [hidden.id]);
      const visible = await t.createPost(await t.createUser(), 'görünen gönderi');
      const watcher = await connectSocket(await t.listen());
      await request(watcher, 'posts:watch', [hiddenPost.id, visible.id]);
      const first = nextEvent(watcher, 'post:updated');

      expect((await mark(hiddenPost.id, { sensitive: true })).status).toBe(200);
      // Then a change the watcher is told of: the first post:updated it gets is that one.
      expect((await mark(visible.id, { sensitive: true })).status).toBe(200);
      expect(await first).toEqual({ postId: visible.id, media: [], sensitive: true });
    });

    it('marks a deactivated author’s post too (staff see every post)', async () => {
      const hidden = await t.createUser();
      const post = await t.createPost(hidden, 'gizli yazarın gönderisi');
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [hidden.id]);
      const res = await mark(post.id, { sensitive: true });
      expect(res.status).toBe(200);
      expect(res.body.post).toMatchObject({ _id: post.id, sensitive: true, author: { id: hidden.id } });
    });

    it('answers 404 for an unknown post, 400 for a malformed id or body, in Turkish', async () => {
      const missing = await mark(MISSING_ID, { sensitive: true });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
      expect((await mark('abc', { sensitive: true })).body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });

      const post = await t.createPost(await t.createUser(), 'değişmeyecek gönderi');
      for (const body of [{}, { sensitive: 'evet' }, { sensitive: null }]) {
        const res = await mark(post.id, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: 'Hassas içerik işareti (sensitive) true ya da false olmalıdır.', statusCode: 400 });
      }
      const unknown = await mark(post.id, { sensitive: true, content: 'başka metin' });
      expect(unknown.status).toBe(400);
      expect(await one('SELECT sensitive, content FROM posts WHERE id = $1', [post.id])).toEqual({ sensitive: false, content: 'değişmeyecek gönderi' });
    });
  });

  describe('DELETE /api/admin/posts/:id', () => {
    it('removes the post, its likes and reposts, and fixes the author’s posts_count', async () => {
      const author = await t.createUser();
      const fans = await t.createUsers(3);
      const post = await t.createPost(author, 'silinecek gönderi #gündem');
      const keep = await t.createPost(author, 'kalacak gönderi');
      for (const fan of fans) {
        const auth = await bearer(fan);
        await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
        await t.http.post(`/api/posts/${keep.id}/like`).set('authorization', auth).expect(200);
      }
      await t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', await bearer(fans[0])).expect(200);
      expect(await postsCount(author.id)).toBe(2);

      const res = await remove(post.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Gönderi silindi!' });
      expect(await t.db.query('SELECT 1 FROM posts WHERE id = $1', [post.id])).toEqual([]);
      expect(await t.db.query('SELECT 1 FROM likes WHERE post_id = $1', [post.id])).toEqual([]);
      expect(await t.db.query('SELECT 1 FROM reposts WHERE post_id = $1', [post.id])).toEqual([]);
      expect(await postsCount(author.id)).toBe(1);
      expect((await postCounts(keep.id)).like_count).toBe(3);
      await t.http.get(`/api/posts/${post.id}`).expect(404);
      await expectCountsExact();

      const again = await remove(post.id);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
    });

    it('deleting a reply lowers its parent’s reply_count and tells the parent’s watchers', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'asıl gönderi');
      const reply = await t.createPost(replier, 'yanıt', parent.id);
      await t.createPost(replier, 'ikinci yanıt', parent.id);
      expect((await postCounts(parent.id)).reply_count).toBe(2);

      const socket = await connectSocket(await t.listen());
      await request(socket, 'posts:watch', [parent.id, reply.id]);
      // The second reply's own event (version 2) may still be on its way on a busy machine.
      const events = collect(socket, 'post:engagement');
      const deleted = nextEvent(socket, 'post:deleted');
      expect((await remove(reply.id)).status).toBe(200);
      expect(await deleted).toEqual({ postId: reply.id });
      // Two replies and the delete of one: the parent's engagement version is 3.
      for (let waited = 0; !events.some((e) => e.version === 3) && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.filter((e) => e.postId === parent.id).at(-1)).toEqual({ postId: parent.id, likeCount: 0, retweetCount: 0, replyCount: 1, quoteCount: 0, version: 3 });
      expect((await postCounts(parent.id)).reply_count).toBe(1);
      expect(await postsCount(replier.id)).toBe(1);
      const thread = await t.http.get(`/api/posts/${parent.id}`).expect(200);
      expect(thread.body.post.replyCount).toBe(1);
      expect(thread.body.replies).toHaveLength(1);
      await expectCountsExact();
    });

    it('tells the post’s watchers post:deleted, and sends no post:engagement for it afterwards', async () => {
      const author = await t.createUser();
      const fans = await t.createUsers(4);
      const post = await t.createPost(author, 'izlenen gönderi');
      const watcher = await connectSocket(await t.listen());
      await request(watcher, 'posts:watch', [post.id]);
      const seen: Array<[string, { postId: string }]> = [];
      watcher.on('post:engagement', (event: { postId: string }) => seen.push(['post:engagement', event]));
      watcher.on('post:deleted', (event: { postId: string }) => seen.push(['post:deleted', event]));

      // Quick likes: the first is pushed at once, the others coalesce into a trailing event that
      // may still be pending when the delete lands (RealtimeEvents' unit test pins that case down).
      await Promise.all(fans.map(async (fan) => t.http.post(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200)));
      const deleted = nextEvent(watcher, 'post:deleted');
      expect((await remove(post.id)).status).toBe(200);
      expect(await deleted).toEqual({ postId: post.id });
      // A like that committed just before the delete and reports its counts late.
      t.app.get(RealtimeEvents).postEngagement(post.id, { likeCount: 5, repostCount: 0, replyCount: 0, quoteCount: 0, version: 99 });
      await new Promise((resolve) => setTimeout(resolve, 3 * ENGAGEMENT_COALESCE_MS));
      await roundTrip(watcher);

      const at = seen.findIndex(([name]) => name === 'post:deleted');
      expect(seen.slice(at)).toEqual([['post:deleted', { postId: post.id }]]);
      expect(seen.slice(0, at).length).toBeGreaterThanOrEqual(1);
      expect(seen.slice(0, at).every(([name, event]) => name === 'post:engagement' && event.postId === post.id)).toBe(true);
    });

    it('tells the watchers of a deleted reply’s original post:deleted for the reply, with its new reply count', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'yanıtı silinecek gönderi');
      const reply = await t.createPost(replier, 'silinecek yanıt', parent.id);
      // The original's open page: it watches the original only (the reply is off screen).
      const page = await connectSocket(await t.listen());
      await request(page, 'posts:watch', [parent.id]);
      const deleted = nextEvent(page, 'post:deleted');
      const counts = nextEvent(page, 'post:engagement');
      expect((await remove(reply.id)).status).toBe(200);
      expect(await deleted).toEqual({ postId: reply.id });
      expect(await counts).toMatchObject({ postId: parent.id, replyCount: 0 });
    });

    it('keeps the replies to a deleted post as standalone posts (replyToId null, isReply false)', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'silinecek asıl gönderi');
      const reply = await t.createPost(replier, 'bu yanıt kalır', parent.id);
      await t.http.post(`/api/posts/${reply.id}/like`).set('authorization', await bearer(author)).expect(200);
      expect(reply).toMatchObject({ isReply: true, replyToId: parent.id });

      expect((await remove(parent.id)).status).toBe(200);
      const kept = await t.http.get(`/api/posts/${reply.id}`).expect(200);
      expect(kept.body.post).toMatchObject({ id: reply.id, content: 'bu yanıt kalır', isReply: false, replyToId: null, likeCount: 1 });
      expect(await postsCount(replier.id)).toBe(1);
      expect(await postsCount(author.id)).toBe(0);
      const listed = await t.http.get(`/api/posts/user/${replier.username}`).expect(200);
      expect(listed.body.posts.map((p: { id: string; isReply: boolean }) => [p.id, p.isReply])).toEqual([[reply.id, false]]);
      await expectCountsExact();
    });

    it('answers 404 for an unknown post and 400 for a malformed id', async () => {
      const missing = await remove(MISSING_ID);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
      const bad = await remove('abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
    });

    it('keeps every count exact, without errors or deadlocks, while members like, unlike and reply during the delete', async () => {
      for (let round = 0; round < 3; round++) {
        const author = await t.createUser();
        const members = await t.createUsers(16);
        const tokens = await Promise.all(members.map((m) => t.tokenFor(m)));
        const grandparent = await t.createPost(author, `büyük ata ${round}`);
        const parent = await t.createPost(author, `ata ${round}`, grandparent.id);
        const target = await t.createPost(author, `hedef ${round}`, parent.id);
        const child = await t.createPost(members[0], `hedefe yanıt ${round}`, target.id);
        const traffic = tokens.flatMap((token, i) => {
          const auth = `Bearer ${token}`;
          return [
            t.http.post(`/api/posts/${target.id}/like`).set('authorization', auth),
            t.http.post(`/api/posts/${target.id}/retweet`).set('authorization', auth),
            t.http.post(`/api/posts/${target.id}/like`).set('authorization', auth),
            t.http.post(`/api/posts/${parent.id}/like`).set('authorization', auth),
            t.http.post(`/api/posts/${child.id}/like`).set('authorization', auth),
            t.http.post('/api/posts').set('authorization', auth).send({ content: `yanıt ${i}`, replyToId: i % 2 ? target.id : parent.id }),
          ];
        });
        const [deleted, parentDeleted, ...results] = await Promise.all([remove(target.id), round === 2 ? remove(parent.id) : Promise.resolve(null), ...traffic]);
        expect(deleted.status).toBe(200);
        if (parentDeleted) expect(parentDeleted.status).toBe(200);
        const statuses = [...new Set(results.map((r) => r.status))].sort();
        expect(statuses.every((s) => [200, 201, 404].includes(s))).toBe(true);
        expect(await t.db.query('SELECT 1 FROM posts WHERE id = $1', [target.id])).toEqual([]);
        await expectCountsExact();
      }
    });
  });
});
