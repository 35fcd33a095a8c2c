import type { NotificationPage, Post, PostPage } from '@gundem/contract';
import { png } from '../../test/media-fixtures';
import { closeAllSockets, connectSocket, nextEvent, request } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsWriter } from '../notifications/notifications.writer';
import { FirstPageCache } from './first-page.cache';
import { FollowRequestsService } from '../social/follow-requests.service';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id'>;

/**
 * Issue 27, quote posts, on real PostgreSQL: a quote is a post of its own with the quoted post's
 * card read in the same statement; the quoted post's quoteCount moves exactly (also under
 * concurrency) and is pushed in post:engagement; its author is notified; `Alıntılar` lists the
 * quotes; a deleted, protected, blocked or unquotable quoted post shows only its state; one level
 * of embedding; Turkish 4xx for every bad input.
 */
describe('quote posts (real PostgreSQL)', () => {
  let t: TestApp;
  let author: User;
  let quoter: User;
  let other: User;
  let writer: NotificationsWriter;
  beforeAll(async () => {
    t = await createTestApp();
    [author, quoter, other] = await t.createUsers(3);
    writer = t.app.get(NotificationsWriter);
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const as = async (member: Member) => ({ authorization: await t.bearer(member) });
  const quote = async (member: Member, quoteOfId: string, content = 'bakın buna', extra: object = {}) =>
    t.http.post('/api/posts').set(await as(member)).send({ content, quoteOfId, ...extra });
  const view = async (postId: string, member?: Member) => {
    const req = t.http.get(`/api/posts/${postId}`);
    return ((await (member ? req.set(await as(member)) : req).expect(200)).body as { post: Post }).post;
  };
  const quotesOf = async (postId: string, member?: Member, query = '') => {
    const req = t.http.get(`/api/posts/${postId}/quotes${query}`);
    return member ? req.set(await as(member)) : req;
  };

  it('creates a quote with its text and pictures, the quoted post as a card; quoteCount, Alıntılar and the notification follow', async () => {
    const original = await t.createPost(author, 'alıntılanacak gönderi #konu');
    const picture = (await t.http.post('/api/media').set(await as(quoter)).attach('file', await png(240, 160), 'resim.png').expect(201)).body as { id: string };
    const created = await quote(quoter, original.id, 'çok doğru', { mediaIds: [picture.id] });
    expect(created.status).toBe(201);
    const q = created.body.post as Post;
    expect(q).toMatchObject({ content: 'çok doğru', quoteOfId: original.id, quoteCount: 0, quotable: true });
    expect(q.media?.map((m) => m.id)).toEqual([picture.id]);
    // The quoted post's absolute counts after it, as a reply's `parent` (a client sets, never adds).
    expect(created.body.quoted).toEqual({ postId: original.id, likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 1, version: 1 });
    expect(q.quote).toMatchObject({ id: original.id, state: 'visible', post: { id: original.id, content: 'alıntılanacak gönderi #konu', author: { username: author.username } } });
    // One level: the card carries no card of its own.
    expect(q.quote?.post?.quote).toBeUndefined();

    expect(await view(original.id)).toMatchObject({ quoteCount: 1, engagement: { quotes: 1 } });
    const listed = (await quotesOf(original.id)).body as PostPage;
    expect(listed.posts.map((p) => p.id)).toEqual([q.id]);
    // The timeline shows the quote with its card, read in the same statement.
    const timeline = ((await t.http.get('/api/posts/timeline?limit=50').set(await as(other)).expect(200)).body as PostPage).posts;
    expect(timeline.find((p) => p.id === q.id)?.quote).toMatchObject({ state: 'visible', post: { id: original.id } });

    await writer.drain();
    const notes = ((await t.http.get('/api/notifications').set(await as(author)).expect(200)).body as NotificationPage).notifications;
    expect(notes.filter((n) => n.type === 'quote').map((n) => [n.post?.id, n.actors[0]?.id])).toEqual([[q.id, quoter.id]]);

    // Deleting the quote takes the count back down; deleting the quoted post leaves the quote with `deleted`.
    await t.http.delete(`/api/posts/${q.id}`).set(await as(quoter)).expect(200);
    expect((await view(original.id)).quoteCount).toBe(0);
    const again = (await quote(quoter, original.id, 'ikinci kez')).body.post as Post;
    await t.http.delete(`/api/posts/${original.id}`).set(await as(author)).expect(200);
    expect((await view(again.id)).quote).toEqual({ id: original.id, state: 'deleted' });
  });

  it('quoting a quote embeds one level: the inner quote is only its id, for a link', async () => {
    const first = await t.createPost(author, 'ilk');
    const middle = (await quote(quoter, first.id, 'orta')).body.post as Post;
    const outer = await quote(other, middle.id, 'dış');
    expect(outer.status).toBe(201);
    const post = outer.body.post as Post;
    expect(post.quote?.post).toMatchObject({ id: middle.id, quoteOfId: first.id });
    expect(post.quote?.post?.quote).toBeUndefined();
    expect(JSON.stringify(post)).not.toContain('"content":"ilk"');
  });

  it('counts stay exact when many quote and unquote at once, and post:engagement carries quotes', async () => {
    const original = await t.createPost(author, 'çok alıntılanan');
    const url = await t.listen();
    const socket = await connectSocket(url);
    expect(await request(socket, 'posts:watch', [original.id])).toMatchObject({ ok: true });
    const pushed = nextEvent(socket, 'post:engagement');
    const members = await t.createUsers(12);
    const made = await Promise.all(members.map((m, i) => quote(m, original.id, `alıntı ${i}`)));
    expect(made.map((r) => r.status)).toEqual(members.map(() => 201));
    expect((await pushed).quoteCount).toBeGreaterThanOrEqual(1);
    await Promise.all(made.slice(0, 5).map(async (r, i) => t.http.delete(`/api/posts/${r.body.post.id}`).set(await as(members[i])).expect(200)));
    const [row] = await t.db.query('SELECT quote_count FROM posts WHERE id = $1', [original.id]);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM posts WHERE quote_of_id = $1', [original.id]);
    expect([row.quote_count, n]).toEqual([7, 7]);
  });

  it('the quote policy: the author turns quoting off (new quotes refused, old cards unavailable) and on again', async () => {
    const original = await t.createPost(author, 'alıntı kapalı olacak');
    const old = (await quote(quoter, original.id, 'önceden')).body.post as Post;
    const off = await t.http.put(`/api/posts/${original.id}/quotable`).set(await as(author)).send({ quotable: false });
    expect([off.status, off.body]).toEqual([200, { quotable: false }]);
    expect((await view(original.id)).quotable).toBe(false);
    const refused = await quote(other, original.id);
    expect([refused.status, refused.body.message]).toEqual([403, 'Bu gönderi alıntılanamaz: yazarı alıntılanmasını kapattı.']);
    expect((await view(old.id)).quote).toEqual({ id: original.id, state: 'disabled' });
    const notYours = await t.http.put(`/api/posts/${original.id}/quotable`).set(await as(quoter)).send({ quotable: true });
    expect([notYours.status, notYours.body.message]).toEqual([403, 'Yalnızca kendi gönderilerinizin alıntı ayarını değiştirebilirsiniz.']);
    const bad = await t.http.put(`/api/posts/${original.id}/quotable`).set(await as(author)).send({ quotable: 'hayır' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Alıntı ayarı (quotable) true ya da false olmalıdır.']);
    await t.http.put(`/api/posts/${original.id}/quotable`).set(await as(author)).send({ quotable: true }).expect(200);
    expect((await view(old.id)).quote).toMatchObject({ state: 'visible', post: { id: original.id } });
    expect((await quote(other, original.id)).status).toBe(201);
  });

  it('follows protected accounts and blocks: no quote of them, and an existing quote’s card says only its state', async () => {
    const [locked, fan, stranger, blocker] = await t.createUsers(4);
    const lockedPost = await t.createPost(locked, 'korunacak');
    const early = (await quote(fan, lockedPost.id, 'korunmadan önce')).body.post as Post;
    await t.http.put(`/api/users/${locked.id}/follow`).set(await as(fan)).expect(200);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    // A follower sees the card; a stranger and a guest only its state, never its text.
    expect((await view(early.id, fan)).quote).toMatchObject({ state: 'visible', post: { content: 'korunacak' } });
    const seen = await view(early.id, stranger);
    expect(seen.quote).toEqual({ id: lockedPost.id, state: 'protected' });
    expect(JSON.stringify(await view(early.id))).not.toContain('korunacak');
    // A protected account's post cannot be quoted, by a follower (403) nor a stranger (404, as the post is).
    const byFan = await quote(fan, lockedPost.id);
    expect([byFan.status, byFan.body.message]).toEqual([403, 'Korunan hesapların gönderileri alıntılanamaz.']);
    const byStranger = await quote(stranger, lockedPost.id);
    expect([byStranger.status, byStranger.body.message]).toEqual([404, 'Alıntılanan gönderi bulunamadı.']);
    // Its author may quote it.
    expect((await quote(locked, lockedPost.id, 'kendimden alıntı')).status).toBe(201);

    const open = await t.createPost(other, 'açık gönderi');
    const quoted = (await quote(quoter, open.id, 'alıntım')).body.post as Post;
    await t.http.put(`/api/users/${other.id}/block`).set(await as(blocker)).expect(200);
    expect((await view(quoted.id, blocker)).quote).toEqual({ id: open.id, state: 'blocked' });
    // The shared first page of the timeline, as the blocker reads it, hides the card too.
    const timeline = ((await t.http.get('/api/posts/timeline?limit=50').set(await as(blocker)).expect(200)).body as PostPage).posts;
    expect(timeline.find((p) => p.id === quoted.id)?.quote).toEqual({ id: open.id, state: 'blocked' });
    const blocked = await quote(blocker, open.id);
    expect([blocked.status, blocked.body.message]).toEqual([404, 'Alıntılanan gönderi bulunamadı.']);
  });

  it('refuses bad input with a Turkish 4xx and writes nothing', async () => {
    const original = await t.createPost(author, 'hedef');
    const expectRefused = async (res: { status: number; body: { message: string } }, status: number, message: string) => {
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await expectRefused(await quote(quoter, '00000000-0000-4000-8000-000000000000'), 404, 'Alıntılanan gönderi bulunamadı.');
    await expectRefused(await quote(quoter, original.id, '   '), 400, 'Gönderi boş olamaz.');
    await expectRefused(await quote(quoter, original.id, 'x'.repeat(281)), 400, 'Gönderi en fazla 280 karakter olabilir.');
    await expectRefused(await quote(quoter, original.id, 'ikisi birden', { replyToId: original.id }), 400, 'Bir gönderi aynı anda hem yanıt hem alıntı olamaz.');
    const badId = await quote(quoter, 'kimlik-degil');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/[çğıöşü]/);
    const gone = await t.createPost(author, 'silinecek');
    await t.http.delete(`/api/posts/${gone.id}`).set(await as(author)).expect(200);
    await expectRefused(await quote(quoter, gone.id), 404, 'Alıntılanan gönderi bulunamadı.');
    expect((await view(original.id)).quoteCount).toBe(0);
    expect((await quotesOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('reads Alıntılar along idx_posts_quote_of, and a timeline of quotes reads each card in the list’s one statement', async () => {
    const original = await t.createPost(author, 'plan');
    await quote(quoter, original.id, 'plan alıntısı').then((res) => expect(res.status).toBe(201));
    await t.fill(async (q) => {
      await q.query(`INSERT INTO posts (author_id, content, quote_of_id, created_at)
                     SELECT $1, 'dolgu ' || g, CASE WHEN g % 10 = 0 THEN $2::uuid END, now() - (g || ' seconds')::interval FROM generate_series(1, 5000) g`, [other.id, original.id]);
      await q.query('ANALYZE posts');
    });
    const plans = await t.plansOf(`/api/posts/${original.id}/quotes`);
    const read = plans.find((p) => /quote_of_id = \$/.test(p.sql));
    expect(read?.plan).toMatch(/Index Scan using idx_posts_quote_of/);
    // (A handful of users: the planner may scan them; posts are walked by the index only.)
    expect(read?.plan).not.toMatch(/Sort\b|Seq Scan on posts/);
    // Nothing of the earlier writes left to run meanwhile (queued notifications, views), no cached page.
    await t.settled();
    t.app.get(FirstPageCache).invalidate();
    const { queries, result } = await t.countQueries(async () => (await t.http.get('/api/posts/timeline?limit=20').expect(200)).body as PostPage);
    expect(result.posts.filter((p) => p.quote).length).toBeGreaterThan(0);
    expect(queries).toBe(1);
  });
});
