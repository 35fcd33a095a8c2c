import type { NotificationPage } from '@gundem/contract';
import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { counterMismatches, failedChecks } from '../database/consistency';
import { NotificationsWriter } from '../notifications/notifications.writer';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** DELETE /api/posts/:id — a member deletes their own post or reply (issue 15), through the real API and PostgreSQL. */
describe('deleting one’s own post (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const bearer = (user: Pick<User, 'id'>) => t.bearer(user);
  const remove = async (user: Pick<User, 'id'>, id: string) => t.http.delete(`/api/posts/${id}`).set('authorization', await bearer(user));
  const one = async <T>(sql: string, params: unknown[]) => ((await t.db.query(sql, params)) as T[])[0];
  const replyCount = async (id: string) => (await one<{ reply_count: number }>('SELECT reply_count FROM posts WHERE id = $1', [id])).reply_count;
  const postsCount = async (id: string) => (await one<{ posts_count: number }>('SELECT posts_count FROM users WHERE id = $1', [id])).posts_count;
  const exists = async (id: string) => (await t.db.query('SELECT 1 FROM posts WHERE id = $1', [id])).length === 1;
  /** Every denormalised counter equals its recount. */
  const expectCountsExact = async () => expect(failedChecks(await counterMismatches((sql) => t.db.query(sql)))).toEqual({});

  describe('who may delete', () => {
    it('the author: 200 "Gönderi silindi!", the post, its likes and reposts gone, posts_count lowered', async () => {
      const author = await t.createUser();
      const fans = await t.createUsers(2);
      const post = await t.createPost(author, 'kendi gönderim, silinecek');
      const keep = await t.createPost(author, 'kalacak olan');
      for (const fan of fans) {
        await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
        await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', await bearer(fan)).expect(200);
      }
      expect(await postsCount(author.id)).toBe(2);

      const res = await remove(author, post.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Gönderi silindi!' });
      expect(await exists(post.id)).toBe(false);
      expect(await t.db.query('SELECT 1 FROM likes WHERE post_id = $1 UNION ALL SELECT 1 FROM reposts WHERE post_id = $1', [post.id])).toEqual([]);
      expect(await postsCount(author.id)).toBe(1);
      await t.http.get(`/api/posts/${post.id}`).expect(404);
      const profile = await t.http.get(`/api/users/profile/${author.username}`).expect(200);
      expect(profile.body.user.postsCount).toBe(1);
      const listed = await t.http.get(`/api/posts/user/${author.username}`).expect(200);
      expect(listed.body.posts.map((p: { id: string }) => p.id)).toEqual([keep.id]);
      await expectCountsExact();

      // Deleted already (a retried request): not found, nothing else moves.
      const again = await remove(author, post.id);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
      expect(await postsCount(author.id)).toBe(1);
    });

    it('somebody else: 403 with the Turkish message, staff included on this route; the post stays', async () => {
      const author = await t.createUser();
      const other = await t.createUser();
      const moderator = await t.createUser({ role: 'moderator' });
      const post = await t.createPost(author, 'başkası silemez');
      for (const user of [other, moderator]) {
        const res = await remove(user, post.id);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Yalnızca kendi gönderilerinizi silebilirsiniz.', statusCode: 403 });
      }
      expect(await exists(post.id)).toBe(true);
      expect(await postsCount(author.id)).toBe(1);
    });

    it('a guest: 401; a malformed id: 400; an unknown one: 404 — each in Turkish', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'misafir silemez');
      const guest = await t.http.delete(`/api/posts/${post.id}`);
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe('Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.');
      expect(await exists(post.id)).toBe(true);
      const bad = await remove(author, 'abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
      const missing = await remove(author, MISSING_ID);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Gönderi bulunamadı.', statusCode: 404 });
    });

    it('a post of a deactivated author is not found for another member (it is hidden from them)', async () => {
      const author = await t.createUser();
      const other = await t.createUser();
      const post = await t.createPost(author, 'gizli kalan');
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [author.id]);
      const res = await remove(other, post.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Gönderi bulunamadı.');
      expect(await exists(post.id)).toBe(true);
    });

    it('staff deletion stays where it was: any post through /api/admin/posts/:id', async () => {
      const author = await t.createUser();
      const moderator = await t.createUser({ role: 'moderator' });
      const post = await t.createPost(author, 'moderatör siler');
      const res = await t.http.delete(`/api/admin/posts/${post.id}`).set('authorization', await bearer(moderator));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Gönderi silindi!' });
      expect(await postsCount(author.id)).toBe(0);
    });
  });

  describe('replies and counts', () => {
    it('deleting one’s reply lowers the parent’s reply_count and answers the parent’s new counts', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'yanıtlanan gönderi');
      const reply = await t.createPost(replier, 'silinecek yanıtım', parent.id);
      await t.createPost(replier, 'kalan yanıtım', parent.id);
      expect(await replyCount(parent.id)).toBe(2);

      const res = await remove(replier, reply.id);
      expect(res.status).toBe(200);
      // Two replies and one delete: version 3. Absolute counts, as post:engagement has them.
      expect(res.body).toEqual({ message: 'Gönderi silindi!', parent: { postId: parent.id, likeCount: 0, retweetCount: 0, replyCount: 1, quoteCount: 0, version: 3 } });
      expect(await replyCount(parent.id)).toBe(1);
      expect(await postsCount(replier.id)).toBe(1);
      const thread = await t.http.get(`/api/posts/${parent.id}`).expect(200);
      expect(thread.body.post.replyCount).toBe(1);
      expect(thread.body.replies.map((r: { id: string }) => r.id)).not.toContain(reply.id);
      await expectCountsExact();
    });

    it('the replies to a deleted post stay, as standalone posts of their authors', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'silinecek asıl gönderim');
      const reply = await t.createPost(replier, 'bu yanıt kalır', parent.id);
      await t.http.put(`/api/posts/${reply.id}/like`).set('authorization', await bearer(author)).expect(200);

      expect((await remove(author, parent.id)).status).toBe(200);
      const kept = await t.http.get(`/api/posts/${reply.id}`).expect(200);
      expect(kept.body.post).toMatchObject({ id: reply.id, content: 'bu yanıt kalır', isReply: false, replyToId: null, likeCount: 1 });
      expect(await postsCount(replier.id)).toBe(1);
      expect(await postsCount(author.id)).toBe(0);
      await expectCountsExact();
    });

    it('a member’s cached first page of the timeline drops the post at once on this node', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'ilk sayfada silinen');
      const auth = await bearer(author);
      const before = await t.http.get('/api/posts/timeline').set('authorization', auth).expect(200);
      expect(before.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);
      expect((await remove(author, post.id)).status).toBe(200);
      const after = await t.http.get('/api/posts/timeline').set('authorization', auth).expect(200);
      expect(after.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const guest = await t.http.get('/api/posts/timeline').expect(200);
      expect(guest.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    });
  });

  describe('notifications', () => {
    const notificationsOf = async (user: Pick<User, 'id'>): Promise<NotificationPage> => {
      await t.app.get(NotificationsWriter).drain();
      const res = await t.http.get('/api/notifications').set('authorization', await bearer(user));
      expect(res.status).toBe(200);
      return res.body as NotificationPage;
    };

    it('go with the deleted post: its likes’ and reposts’ groups, and the reply or mention it was', async () => {
      const author = await t.createUser();
      const fan = await t.createUser();
      const post = await t.createPost(author, 'bildirimleri silinecek');
      await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await bearer(fan)).expect(200);
      await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', await bearer(fan)).expect(200);
      const reply = (await t.http.post('/api/posts').set('authorization', await bearer(fan)).send({ content: 'yanıtım', replyToId: post.id }).expect(201)).body.post;
      await t.http.post('/api/posts').set('authorization', await bearer(fan)).send({ content: `@${author.username} selam` }).expect(201);
      const mention = (await t.http.post('/api/posts').set('authorization', await bearer(fan)).send({ content: `@${author.username} bu silinecek` }).expect(201)).body.post;
      const before = await notificationsOf(author);
      expect(before.notifications.map((g) => g.type).sort()).toEqual(['like', 'mention', 'mention', 'reply', 'repost']);
      expect(before.unreadCount).toBe(5);

      // The author deletes the post: the like and repost groups go with it; the reply (a post of its own) stays.
      expect((await remove(author, post.id)).status).toBe(200);
      // The fan deletes their mention: it no longer notifies.
      expect((await remove(fan, mention.id)).status).toBe(200);
      const after = await notificationsOf(author);
      expect(after.notifications.map((g) => [g.type, g.post?.id])).toEqual([
        ['mention', expect.any(String)],
        ['reply', reply.id],
      ]);
      expect(after.unreadCount).toBe(2);

      // The fan deletes their reply as well: the author's reply notification goes too.
      expect((await remove(fan, reply.id)).status).toBe(200);
      expect((await notificationsOf(author)).notifications.map((g) => g.type)).toEqual(['mention']);
    });
  });

  describe('live', () => {
    it('a real socket.io-client watcher gets post:deleted: for a reply of the watched post with its new count, then for the post, and nothing after', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const parent = await t.createPost(author, 'izlenen gönderim');
      const reply = await t.createPost(replier, 'sileceğim yanıt', parent.id);
      // The post's open page: it watches the post only (the reply may be off screen).
      const watcher = await connectSocket(await t.listen());
      await request(watcher, 'posts:watch', [parent.id]);

      const replyGone = nextEvent(watcher, 'post:deleted');
      const counts = nextEvent(watcher, 'post:engagement');
      expect((await remove(replier, reply.id)).status).toBe(200);
      expect(await replyGone).toEqual({ postId: reply.id });
      expect(await counts).toEqual({ postId: parent.id, likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0, version: 2 });

      const postGone = nextEvent(watcher, 'post:deleted');
      const later = collect(watcher, 'post:engagement');
      expect((await remove(author, parent.id)).status).toBe(200);
      expect(await postGone).toEqual({ postId: parent.id });
      // Events arrive in order: after a round trip, anything sent with or after the delete is in.
      await roundTrip(watcher);
      expect(later).toEqual([]);
    });
  });

  describe('under concurrency', () => {
    it('the same post deleted many times at once: one 200, the rest 404, posts_count lowered once', async () => {
      const author = await t.createUser();
      const parent = await t.createPost(author, 'çift tıkla silinen yanıtın aslı');
      const reply = await t.createPost(author, 'çift tıkla silinen', parent.id);
      const results = await Promise.all(Array.from({ length: 8 }, () => remove(author, reply.id)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
      expect(await postsCount(author.id)).toBe(1);
      expect(await replyCount(parent.id)).toBe(0);
      await expectCountsExact();
    });

    it('repliers deleting their replies while others reply and like leave reply_count and posts_count exact', async () => {
      const author = await t.createUser();
      const repliers = await t.createUsers(24);
      const others = await t.createUsers(24);
      const parent = await t.createPost(author, 'kalabalık konu');
      const replies: { id: string }[] = [];
      for (const replier of repliers) replies.push(await t.createPost(replier, `yanıt ${replier.username}`, parent.id));
      for (const user of [...repliers, ...others]) await bearer(user);

      const results = await Promise.all([
        ...repliers.map((replier, i) => remove(replier, replies[i].id)),
        ...others.map(async (user, i) =>
          t.http.post('/api/posts').set('authorization', await bearer(user)).send({ content: `yeni yanıt ${i}`, replyToId: parent.id }),
        ),
        ...others.map(async (user) => t.http.put(`/api/posts/${parent.id}/like`).set('authorization', await bearer(user))),
        // Likes of replies being deleted: 200 before the delete, 404 after.
        ...repliers.map(async (replier, i) => t.http.put(`/api/posts/${replies[(i + 1) % replies.length].id}/like`).set('authorization', await bearer(others[i]))),
      ]);
      const deletes = results.slice(0, repliers.length);
      expect(deletes.map((r) => r.status)).toEqual(repliers.map(() => 200));
      expect(results.slice(repliers.length, repliers.length + others.length).every((r) => r.status === 201)).toBe(true);
      expect(results.slice(repliers.length + others.length).every((r) => [200, 404].includes(r.status))).toBe(true);
      expect(await replyCount(parent.id)).toBe(others.length);
      const [likes] = await t.db.query('SELECT like_count FROM posts WHERE id = $1', [parent.id]);
      expect(likes.like_count).toBe(others.length);
      for (const replier of repliers) expect(await postsCount(replier.id)).toBe(0);
      await expectCountsExact();
    });

    it('an author deleting a post while others reply to it: every reply either lands (then detached) or is refused, counts exact', async () => {
      for (let round = 0; round < 3; round++) {
        const author = await t.createUser();
        const members = await t.createUsers(12);
        const grandparent = await t.createPost(author, `ata ${round}`);
        const target = await t.createPost(author, `silinecek ${round}`, grandparent.id);
        for (const member of members) await bearer(member);
        const [deleted, ...traffic] = await Promise.all([
          remove(author, target.id),
          ...members.flatMap((member, i) => [
            bearer(member).then((auth) => t.http.post('/api/posts').set('authorization', auth).send({ content: `yanıt ${i}`, replyToId: target.id })),
            bearer(member).then((auth) => t.http.put(`/api/posts/${target.id}/like`).set('authorization', auth)),
          ]),
        ]);
        expect(deleted.status).toBe(200);
        expect(traffic.every((r) => [200, 201, 404].includes(r.status))).toBe(true);
        expect(await exists(target.id)).toBe(false);
        expect(await replyCount(grandparent.id)).toBe(0);
        expect(await postsCount(author.id)).toBe(1);
        const landed = traffic.filter((r) => r.status === 201).map((r) => r.body.post.id as string);
        for (const id of landed) expect((await t.http.get(`/api/posts/${id}`).expect(200)).body.post.replyToId).toBeNull();
        await expectCountsExact();
      }
    });
  });
});
