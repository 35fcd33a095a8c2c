import type { NotificationPage, Post, PostHistoryPage, PostPage, TrendingHashtagsResponse } from '@gundem/contract';
import { png } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsWriter } from '../notifications/notifications.writer';
import { FollowRequestsService } from '../social/follow-requests.service';
import { TrendingService } from '../trending/trending.service';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id'>;

/**
 * Issue 27, edit with history, on real PostgreSQL: the author's edit of text, pictures, alt texts
 * and mark; every version kept; counts, replies and places untouched; hashtags, mentions and
 * search following the new text; reposters and newly mentioned accounts notified; the history's
 * visibility as the post's; Turkish 4xx for every bad input; the history's plan on its index.
 */
describe('post edits (real PostgreSQL)', () => {
  let t: TestApp;
  let author: User;
  let reader: User;
  let other: User;
  let writer: NotificationsWriter;
  beforeAll(async () => {
    t = await createTestApp();
    [author, reader, other] = await t.createUsers(3);
    writer = t.app.get(NotificationsWriter);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = async (member: Member) => ({ authorization: await t.bearer(member) });
  const edit = async (member: Member, postId: string, body: unknown) => t.http.patch(`/api/posts/${postId}`).set(await as(member)).send(body as object);
  const history = async (postId: string, member?: Member, query = '') => {
    const req = t.http.get(`/api/posts/${postId}/history${query}`);
    return member ? req.set(await as(member)) : req;
  };
  const view = async (postId: string, member: Member = reader) => ((await t.http.get(`/api/posts/${postId}`).set(await as(member)).expect(200)).body as { post: Post }).post;
  const upload = async (member: Member, width = 240) => (await t.http.post('/api/media').set(await as(member)).attach('file', await png(width, 160), 'resim.png').expect(201)).body as { id: string };
  const notificationsOf = async (member: Member) => {
    await writer.drain();
    return (await t.http.get('/api/notifications').set(await as(member)).expect(200)).body as NotificationPage;
  };

  it('edits the text: düzenlendi with its time, every version in the history, counts, replies and the post’s place unchanged', async () => {
    const post = await t.createPost(author, 'ilk hâli #eski');
    await t.http.put(`/api/posts/${post.id}/like`).set(await as(reader)).expect(200);
    const reply = await t.createPost(reader, 'yanıtım', post.id);
    const later = await t.createPost(other, 'sonra yazılan');
    const before = await view(post.id);
    expect([before.isEdited, before.editedAt]).toEqual([false, null]);
    expect((await history(post.id, reader)).body).toEqual({ versions: [], nextCursor: null });

    const first = await edit(author, post.id, { content: '  ikinci hâli #yeni  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: post.id, content: 'ikinci hâli #yeni', isEdited: true, hashtags: ['yeni'], createdAt: post.createdAt, likeCount: 1, replyCount: 1 });
    expect(Date.parse(first.body.editedAt)).toBeGreaterThan(Date.parse(post.createdAt));
    await edit(author, post.id, { content: 'üçüncü hâli' }).then((res) => expect(res.status).toBe(200));

    const after = await view(post.id);
    expect(after).toMatchObject({ content: 'üçüncü hâli', isEdited: true, likeCount: 1, replyCount: 1, createdAt: post.createdAt, liked: true });
    const versions = (await history(post.id, reader)).body as PostHistoryPage;
    expect(versions.versions.map((v) => v.content)).toEqual(['üçüncü hâli', 'ikinci hâli #yeni', 'ilk hâli #eski']);
    expect(versions.versions[2].createdAt).toBe(post.createdAt);
    expect(versions.versions[0].createdAt).toBe(after.editedAt);
    // Keyset pages, newest first.
    const page1 = (await history(post.id, undefined, '?limit=2')).body as PostHistoryPage;
    const page2 = (await history(post.id, undefined, `?limit=2&cursor=${encodeURIComponent(page1.nextCursor!)}`)).body as PostHistoryPage;
    expect([...page1.versions, ...page2.versions].map((v) => v.content)).toEqual(versions.versions.map((v) => v.content));
    expect(page2.nextCursor).toBeNull();
    // The reply still answers it, and the timeline keeps the time order (the later post first).
    expect((await view(reply.id)).replyTo).toEqual({ id: post.id, username: author.username });
    const timeline = ((await t.http.get('/api/posts/timeline?limit=50').expect(200)).body as PostPage).posts.map((p) => p.id);
    expect(timeline.indexOf(later.id)).toBeLessThan(timeline.indexOf(post.id));
  });

  it('an edit that changes nothing writes no version and keeps the post unedited', async () => {
    const post = await t.createPost(author, 'aynı kalacak');
    const res = await edit(author, post.id, { content: ' aynı kalacak ' });
    expect(res.status).toBe(200);
    expect([res.body.isEdited, res.body.editedAt]).toEqual([false, null]);
    expect((await history(post.id)).body.versions).toEqual([]);
  });

  it('hashtags, search and mentions follow the edited text; a mention the edit adds is notified once, the reposters are told', async () => {
    const tag = `etiket${Date.now().toString(36)}`;
    const post = await t.createPost(author, `eski metin #${tag}`);
    await t.http.put(`/api/posts/${post.id}/retweet`).set(await as(reader)).expect(200);
    const onTag = async (name: string) => ((await t.http.get(`/api/hashtags/${name}/posts`).expect(200)).body as PostPage).posts.map((p) => p.id);
    const found = async (q: string) => ((await t.http.get(`/api/posts/search?q=${encodeURIComponent(q)}`).expect(200)).body as PostPage).posts.map((p) => p.id);
    expect(await onTag(tag)).toEqual([post.id]);

    await edit(author, post.id, { content: `yepyeni kelimeler @${other.username} #${tag}yeni` }).then((res) => expect(res.status).toBe(200));
    expect(await onTag(tag)).toEqual([]);
    expect(await onTag(`${tag}yeni`)).toEqual([post.id]);
    expect(await found('yepyeni kelimeler')).toEqual([post.id]);
    expect(await found('eski metin')).not.toContain(post.id);
    expect((await view(post.id)).mentions).toEqual([{ username: other.username }]);

    const mentioned = (await notificationsOf(other)).notifications.filter((n) => n.type === 'mention' && n.post?.id === post.id);
    expect(mentioned).toHaveLength(1);
    const told = (await notificationsOf(reader)).notifications.filter((n) => n.type === 'edit');
    expect(told.map((n) => [n.post?.id, n.actors[0]?.id])).toEqual([[post.id, author.id]]);

    // A second edit that keeps the mention tells nobody of it again.
    await edit(author, post.id, { content: `yepyeni kelimeler @${other.username} ve biraz daha` }).then((res) => expect(res.status).toBe(200));
    expect((await notificationsOf(other)).notifications.filter((n) => n.type === 'mention' && n.post?.id === post.id)).toHaveLength(1);
    // The author is never told of their own edit.
    expect((await notificationsOf(author)).notifications.filter((n) => n.type === 'edit')).toEqual([]);
  });

  it('trends follow the edit: a hashtag the edit removes leaves its count at the next ranking, one it adds joins', async () => {
    const gone = `gidenetiket${Date.now().toString(36)}`;
    const come = `gelenetiket${Date.now().toString(36)}`;
    const posts = await Promise.all([1, 2, 3].map((n) => t.createPost(author, `trend ${n} #${gone}`)));
    const counts = async () => {
      await t.app.get(TrendingService).refresh();
      const { trends } = (await t.http.get('/api/trending/hashtags?limit=20').expect(200)).body as TrendingHashtagsResponse;
      return [gone, come].map((tag) => trends.find((trend) => trend.hashtag === tag)?.postCount ?? 0);
    };
    expect(await counts()).toEqual([3, 0]);
    await edit(author, posts[0].id, { content: `trend 1 #${come}` }).then((res) => expect(res.status).toBe(200));
    expect(await counts()).toEqual([2, 1]);
  });

  it('edits pictures: alt text, the sensitive mark, a new picture and a removed one, each version keeping its own', async () => {
    const first = await upload(author);
    const created = await t.http.post('/api/posts').set(await as(author)).send({ content: 'resimli', mediaIds: [first.id] }).expect(201);
    const postId = created.body.post.id as string;
    const second = await upload(author, 250);

    const altered = await edit(author, postId, { media: [{ id: first.id, alt: 'Deniz kıyısında gün batımı' }], sensitive: true });
    expect(altered.status).toBe(200);
    expect(altered.body.media.map((m: { id: string; alt: string | null }) => [m.id, m.alt])).toEqual([[first.id, 'Deniz kıyısında gün batımı']]);
    expect(altered.body.sensitive).toBe(true);

    const swapped = await edit(author, postId, { media: [{ id: second.id }] });
    expect(swapped.status).toBe(200);
    expect(swapped.body.media.map((m: { id: string }) => m.id)).toEqual([second.id]);
    expect(swapped.body.sensitive).toBe(true);

    const versions = ((await history(postId, reader)).body as PostHistoryPage).versions;
    expect(versions.map((v) => [v.media.map((m) => [m.id, m.alt]), v.sensitive])).toEqual([
      [[[second.id, null]], true],
      [[[first.id, 'Deniz kıyısında gün batımı']], true],
      [[[first.id, null]], false],
    ]);
    // The removed picture stays the post's (the history shows it): no other post may take it.
    const taken = await t.http.post('/api/posts').set(await as(author)).send({ content: 'çalıntı', mediaIds: [first.id] });
    expect(taken.status).toBe(422);
    // …but this post may take it back.
    await edit(author, postId, { media: [{ id: second.id }, { id: first.id }] }).then((res) => expect(res.status).toBe(200));
    // Text alone removed from a post of pictures is fine; pictures alone removed from a post without text is not.
    expect((await edit(author, postId, { content: '' })).status).toBe(200);
    const empty = await edit(author, postId, { media: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Gönderi boş olamaz.');
  });

  it('a picture’s alt text changes on its own only until the post is edited; after that through an edit, so the history keeps it', async () => {
    const picture = await upload(author);
    const created = await t.http.post('/api/posts').set(await as(author)).send({ content: 'açıklamalı', mediaIds: [picture.id] }).expect(201);
    const postId = created.body.post.id as string;
    const patchAlt = async (alt: string | null) => t.http.patch(`/api/media/${picture.id}`).set(await as(author)).send({ alt });
    // Never edited: the alt text is the post's at once, and the first edit keeps it in the original.
    expect((await patchAlt('ilk açıklama')).status).toBe(200);
    expect((await view(postId)).media?.map((m) => m.alt)).toEqual(['ilk açıklama']);
    await edit(author, postId, { content: 'açıklamalı, düzeltilmiş' }).then((res) => expect(res.status).toBe(200));
    // Edited: refused in Turkish, and nothing changes, not the picture's row nor the post.
    const refused = await patchAlt('sonradan');
    expect([refused.status, refused.body.message]).toEqual([409, 'Bu görsel düzenlenmiş bir gönderide; açıklamasını gönderiyi düzenleyerek değiştirin.']);
    expect((await view(postId)).media?.map((m) => m.alt)).toEqual(['ilk açıklama']);
    const [row] = await t.db.query('SELECT alt FROM media_attachments WHERE id = $1', [picture.id]);
    expect(row.alt).toBe('ilk açıklama');
    // Through an edit it is a version of its own, and the newest version is what the post shows.
    await edit(author, postId, { media: [{ id: picture.id, alt: 'sonradan' }] }).then((res) => expect(res.status).toBe(200));
    const versions = ((await history(postId, reader)).body as PostHistoryPage).versions;
    expect(versions.map((v) => v.media.map((m) => m.alt))).toEqual([['sonradan'], ['ilk açıklama'], ['ilk açıklama']]);
    expect((await view(postId)).media?.map((m) => m.alt)).toEqual(['sonradan']);
  });

  it('refuses bad input with a Turkish 4xx and writes nothing', async () => {
    const post = await t.createPost(author, 'dokunulmaz');
    const expectRefused = async (res: { status: number; body: { message: string } }, status: number, message: string | RegExp) => {
      expect(res.status).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    };
    await expectRefused(await edit(reader, post.id, { content: 'başkasının' }), 403, 'Yalnızca kendi gönderilerinizi düzenleyebilirsiniz.');
    await expectRefused(await edit(author, post.id, { content: 'x'.repeat(281) }), 400, 'Gönderi en fazla 280 karakter olabilir.');
    await expectRefused(await edit(author, post.id, { content: '   ' }), 400, 'Gönderi boş olamaz.');
    await expectRefused(await edit(author, post.id, { content: 42 }), 400, 'Gönderi boş olamaz.');
    await expectRefused(await edit(author, post.id, { media: 'resim' }), 400, /Görseller \(media\)/);
    await expectRefused(await edit(author, post.id, { media: [{ id: 'yok' }] }), 400, /[çğıöşü]/);
    await expectRefused(await edit(author, post.id, { sensitive: 'evet' }), 400, /[çğıöşü]/);
    const strangers = await upload(reader);
    await expectRefused(await edit(author, post.id, { media: [{ id: strangers.id }] }), 422, /Görsellerden biri bulunamadı/);
    const own = await upload(author);
    await expectRefused(await edit(author, post.id, { media: [{ id: own.id, alt: 'a'.repeat(1501) }] }), 400, /Açıklama metni en fazla 1500/);
    await expectRefused(await edit(author, '00000000-0000-4000-8000-000000000000', { content: 'yok' }), 404, 'Gönderi bulunamadı.');
    await expectRefused(await edit(author, 'kimlik-degil', { content: 'yok' }), 400, /[çğıöşü]|geçersiz/i);
    expect((await t.http.patch(`/api/posts/${post.id}`).send({ content: 'misafir' })).status).toBe(401);
    // Nothing was written by any of them; the upload a refused edit named is still free.
    expect(await view(post.id)).toMatchObject({ content: 'dokunulmaz', isEdited: false });
    expect((await history(post.id)).body.versions).toEqual([]);
    await t.http.post('/api/posts').set(await as(author)).send({ content: 'şimdi', mediaIds: [own.id] }).expect(201);
    // A deleted post can be neither edited nor its history read.
    await t.http.delete(`/api/posts/${post.id}`).set(await as(author)).expect(200);
    await expectRefused(await edit(author, post.id, { content: 'geç' }), 404, 'Gönderi bulunamadı.');
    await expectRefused(await history(post.id), 404, 'Gönderi bulunamadı.');
  });

  it('the history is seen by whoever sees the post: a protected account’s by its followers only, a blocked viewer’s by nobody', async () => {
    const [locked, fan, stranger] = await t.createUsers(3);
    await t.http.put(`/api/users/${locked.id}/follow`).set(await as(fan)).expect(200);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const post = await t.createPost(locked, 'korunan');
    await edit(locked, post.id, { content: 'korunan, düzeltilmiş' }).then((res) => expect(res.status).toBe(200));
    expect(((await history(post.id, fan)).body as PostHistoryPage).versions).toHaveLength(2);
    const refused = await history(post.id, stranger);
    expect([refused.status, refused.body.message]).toEqual([403, 'Bu gönderi korunuyor.']);
    expect((await history(post.id)).status).toBe(403);
    await t.http.put(`/api/users/${fan.id}/block`).set(await as(locked)).expect(200);
    expect((await history(post.id, fan)).status).toBe(404);
  });

  it('two edits at once: both land as versions in order, the post holds the later one, a like meanwhile is kept', async () => {
    const post = await t.createPost(author, 'yarış');
    const [a, b] = await Promise.all([
      edit(author, post.id, { content: 'yarış A' }),
      edit(author, post.id, { content: 'yarış B' }),
      t.http.put(`/api/posts/${post.id}/like`).set(await as(other)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const versions = ((await history(post.id)).body as PostHistoryPage).versions.map((v) => v.content);
    expect(versions).toHaveLength(3);
    expect(versions[2]).toBe('yarış');
    const now = await view(post.id);
    expect(now.content).toBe(versions[0]);
    expect(now.likeCount).toBe(1);
  });

  it('reads the history along idx_post_edits_post', async () => {
    const post = await t.createPost(author, 'plan');
    await edit(author, post.id, { content: 'plan 2' }).then((res) => expect(res.status).toBe(200));
    // Versions of many posts, so the planner has a table worth an index.
    await t.fill((q) =>
      q.query(`INSERT INTO post_edits (post_id, content, created_at)
               SELECT p.id, 'dolgu', now() - (g || ' seconds')::interval FROM posts p CROSS JOIN generate_series(1, 200) g`),
    );
    await t.fill((q) => q.query('ANALYZE post_edits'));
    const plans = await t.plansOf(`/api/posts/${post.id}/history`);
    const read = plans.find((p) => /FROM post_edits/.test(p.sql));
    expect(read?.plan).toMatch(/Index Scan using idx_post_edits_post/);
    expect(read?.plan).not.toMatch(/Sort|Seq Scan/);
  });
});
