import type { NotificationPage, Post, PostPage } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsWriter } from '../notifications/notifications.writer';
import { PostsRepository } from '../posts/posts.repository';
import { TrendingService } from '../trending/trending.service';
import type { User } from '../users/user.entity';
import { FollowRequestsService } from './follow-requests.service';

type Member = Pick<User, 'id' | 'username'>;

/**
 * Issue 26: a protected account's posts, replies, reposts and likes reach only its approved
 * followers and itself, on every read path: the timelines, the following feed (kept and read on
 * request), profile tabs, the post page and its thread, search, `Popüler`, trends, who-to-follow,
 * notifications, engagement and replies. People search and `@` suggestions still show the account.
 */
describe('protected accounts: who sees what (real PostgreSQL)', () => {
  let t: TestApp;
  let service: FollowRequestsService;
  // One scene for most tests: `locked` is protected, `fan` an approved follower, `stranger` not.
  let locked: User;
  let fan: User;
  let stranger: User;
  let secret: Post;
  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(FollowRequestsService);
    [locked, fan, stranger] = await t.createUsers(3);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    await service.setProtected(locked.id, true);
    secret = await t.createPost(locked, 'gizli bilgi #kapalıkutu');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (path: string, viewer?: Member) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return req;
  };
  const ids = async (path: string, viewer?: Member) => {
    const res = await get(path, viewer);
    expect(res.status).toBe(200);
    return (res.body as PostPage).posts.map((p) => p.id);
  };

  it('the everyone timeline (guest and member, `Sana özel`): only the followers and the member', async () => {
    expect(await ids('/api/posts/timeline?limit=50')).not.toContain(secret.id);
    expect(await ids('/api/posts/timeline?limit=50', stranger)).not.toContain(secret.id);
    expect(await ids('/api/posts/timeline?limit=50', fan)).toContain(secret.id);
    expect(await ids('/api/posts/timeline?limit=50', locked)).toContain(secret.id);
  });

  it('profile tabs (posts, replies, media, likes): empty to others, whole to followers', async () => {
    const open = await t.createPost(stranger, 'açık gönderi');
    const reply = await t.createPost(locked, 'gizli yanıt', open.id);
    await t.http.post(`/api/posts/${open.id}/like`).set('authorization', await t.bearer(locked)).expect(200);
    for (const viewer of [undefined, stranger]) {
      expect(await ids(`/api/posts/user/${locked.username}?limit=50`, viewer)).toEqual([]);
      expect(await ids(`/api/posts/user/${locked.username}/replies`, viewer)).toEqual([]);
      expect(await ids(`/api/posts/user/${locked.username}/media`, viewer)).toEqual([]);
      // Their likes too, even of a public post.
      expect(await ids(`/api/posts/user/${locked.username}/likes`, viewer)).toEqual([]);
    }
    for (const viewer of [fan, locked]) {
      expect(await ids(`/api/posts/user/${locked.username}?limit=50`, viewer)).toEqual(expect.arrayContaining([secret.id, reply.id]));
      expect(await ids(`/api/posts/user/${locked.username}/replies`, viewer)).toEqual([reply.id]);
      expect(await ids(`/api/posts/user/${locked.username}/likes`, viewer)).toEqual([open.id]);
    }
    // The public post's page: the protected reply is not among its replies for others.
    expect((await get(`/api/posts/${open.id}`, stranger)).body.replies.map((p: Post) => p.id)).toEqual([]);
    expect((await get(`/api/posts/${open.id}`, fan)).body.replies.map((p: Post) => p.id)).toEqual([reply.id]);
  });

  it('the post page: `Bu gönderi korunuyor.` (403) to a guest and a stranger, the post to a follower; threads stop above it', async () => {
    for (const viewer of [undefined, stranger]) {
      const res = await get(`/api/posts/${secret.id}`, viewer);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Bu gönderi korunuyor.', statusCode: 403, protected: true });
    }
    expect((await get(`/api/posts/${secret.id}`, fan)).body.post.id).toBe(secret.id);
    // A public reply under the protected post: shown, without the protected ancestor.
    const answer = await t.createPost(fan, 'açık cevap', secret.id);
    const seen = await get(`/api/posts/${answer.id}`, stranger);
    expect(seen.status).toBe(200);
    expect(seen.body.ancestors).toEqual([]);
    expect((await get(`/api/posts/${answer.id}`, fan)).body.ancestors.map((p: Post) => p.id)).toEqual([secret.id]);
    // A missing post stays a plain 404.
    expect((await get('/api/posts/00000000-0000-4000-8000-000000000000', stranger)).status).toBe(404);
  });

  it('engagement and replies: a stranger cannot like, repost or answer a protected post (404), a follower can', async () => {
    const post = await t.createPost(locked, 'sadece takipçilere');
    for (const path of [`/api/posts/${post.id}/like`, `/api/posts/${post.id}/retweet`]) {
      expect((await t.http.post(path).set('authorization', await t.bearer(stranger))).status).toBe(404);
    }
    const reply = await t.http.post('/api/posts').set('authorization', await t.bearer(stranger)).send({ content: 'araya girdim', replyToId: post.id });
    expect(reply.status).toBe(404);
    await t.http.post(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    await t.http.post('/api/posts').set('authorization', await t.bearer(fan)).send({ content: 'takipçi yanıtı', replyToId: post.id }).expect(201);
  });

  it('search and `Popüler`: not for guests and strangers', async () => {
    const q = encodeURIComponent('gizli bilgi');
    expect(await ids(`/api/posts/search?q=${q}`)).not.toContain(secret.id);
    expect(await ids(`/api/posts/search?q=${q}`, stranger)).not.toContain(secret.id);
    expect(await ids(`/api/posts/search?q=${q}`, fan)).toContain(secret.id);
    // The trigram index path (a rarer word, searched at any age).
    await t.db.query(`UPDATE posts SET created_at = now() - interval '2 hours' WHERE id = $1`, [secret.id]);
    expect(await ids(`/api/posts/search?q=${encodeURIComponent('kapalıkutu')}`, stranger)).not.toContain(secret.id);
    expect(await ids(`/api/posts/search?q=${encodeURIComponent('kapalıkutu')}`, fan)).toContain(secret.id);
    await t.http.post(`/api/posts/${secret.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
    expect(await ids('/api/posts/popular')).not.toContain(secret.id);
    expect(await ids('/api/posts/popular', stranger)).not.toContain(secret.id);
    expect(await ids('/api/posts/popular', fan)).toContain(secret.id);
  });

  it('trends count no protected post and who-to-follow shows no protected account, for anyone', async () => {
    const [other] = await t.createUsers(1);
    for (let i = 0; i < 3; i++) await t.createPost(locked, `#kilitlietiket ${i}`);
    await t.createPost(other, '#açıketiket');
    await t.app.get(TrendingService).refresh();
    for (const viewer of [undefined, fan]) {
      const trends = (await get('/api/trending/hashtags?limit=20', viewer)).body.trends.map((x: { hashtag: string }) => x.hashtag);
      expect(trends).toContain('açıketiket');
      expect(trends).not.toContain('kilitlietiket');
      expect(trends).not.toContain('kapalıkutu');
      const people = (await get('/api/trending/users?limit=20', viewer)).body.users.map((u: { id: string }) => u.id);
      expect(people).not.toContain(locked.id);
    }
  });

  it('people search and `@` suggestions still show the account (not its posts), with `protected`', async () => {
    const found = (await get(`/api/users/search?q=${locked.username}`, stranger)).body.users.map((u: { id: string }) => u.id);
    expect(found).toContain(locked.id);
    const suggested = (await get(`/api/users/suggest?q=${locked.username}`, stranger)).body.users.map((u: { id: string }) => u.id);
    expect(suggested).toContain(locked.id);
    expect((await get(`/api/users/profile/${locked.username}`)).body.user.protected).toBe(true);
    expect((await get(`/api/users/profile/${stranger.username}`)).body.user.protected).toBe(false);
  });

  it('the lock and the pending request on cards and rows: a post’s author, people search and the follow lists carry `protected` and the viewer’s `followRequested`', async () => {
    const [asker, plain] = await t.createUsers(2);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(asker)).expect(200);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(plain)).expect(200).then((res) => expect(res.body).toMatchObject({ requested: true }));
    await t.http.delete(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(plain)).expect(200);
    await t.http.put(`/api/users/${plain.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    // A post card: the author's lock, on the post page and in a list.
    const page = await get(`/api/posts/${secret.id}`, fan);
    expect(page.status).toBe(200);
    const post = (page.body.post ?? page.body) as Post;
    expect(post.author.protected).toBe(true);
    const ownPosts = (await get(`/api/posts/user/${locked.username}?limit=50`, fan)).body as PostPage;
    expect(ownPosts.posts.find((p) => p.id === secret.id)?.author.protected).toBe(true);
    const open = await t.createPost(plain, 'açık kart');
    expect(open.author.protected).toBe(false);
    // People search: the lock for everyone, the pending request for the asker only.
    type Row = { id: string; protected: boolean; followRequested: boolean; isFollowing: boolean };
    const rowOf = async (path: string, viewer: Member | undefined, id: string) => ((await get(path, viewer)).body.users as Row[]).find((u) => u.id === id);
    const search = `/api/users/search?q=${locked.username}`;
    expect(await rowOf(search, asker, locked.id)).toMatchObject({ protected: true, followRequested: true, isFollowing: false });
    expect(await rowOf(search, plain, locked.id)).toMatchObject({ protected: true, followRequested: false, isFollowing: false });
    expect(await rowOf(search, fan, locked.id)).toMatchObject({ protected: true, followRequested: false, isFollowing: true });
    expect(await rowOf(search, undefined, locked.id)).toMatchObject({ protected: true, followRequested: false, isFollowing: false });
    // The follow lists: `fan` follows both; seen by the asker, the protected one is pending.
    const following = `/api/users/profile/${fan.username}/following`;
    expect(await rowOf(following, asker, locked.id)).toMatchObject({ protected: true, followRequested: true });
    expect(await rowOf(following, asker, plain.id)).toMatchObject({ protected: false, followRequested: false });
    expect(await rowOf(following, undefined, locked.id)).toMatchObject({ protected: true, followRequested: false });
  });

  it('notifications: a protected member’s reply and mention reach a follower only', async () => {
    const [reader, follower] = await t.createUsers(2);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
    // `follower` follows through an approval now (protected): approve it.
    await t.http.post(`/api/users/me/follow-requests/${follower.id}/approve`).set('authorization', await t.bearer(locked)).expect(200);
    const readerPost = await t.createPost(reader, 'okuyucunun gönderisi');
    const followerPost = await t.createPost(follower, 'takipçinin gönderisi');
    await t.createPost(locked, 'gizli yanıt 1', readerPost.id);
    await t.createPost(locked, 'gizli yanıt 2', followerPost.id);
    await t.createPost(locked, `selam @${reader.username} ve @${follower.username}`);
    await t.app.get(NotificationsWriter).drain();
    const of = async (member: Member) => ((await get('/api/notifications', member)).body as NotificationPage).notifications.map((g) => g.type).sort();
    expect(await of(reader)).toEqual([]);
    expect(await of(follower)).toEqual(['mention', 'reply']);
  });

  it('the following feed (kept and on request): a followed account’s repost of a protected post reaches only the protected account’s followers', async () => {
    const [reposter, outsider, insider] = await t.createUsers(3);
    for (const member of [outsider, insider]) await t.http.put(`/api/users/${reposter.id}/follow`).set('authorization', await t.bearer(member)).expect(200);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(insider)).expect(200);
    await t.http.post(`/api/users/me/follow-requests/${insider.id}/approve`).set('authorization', await t.bearer(locked)).expect(200);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(reposter)).expect(200);
    await t.http.post(`/api/users/me/follow-requests/${reposter.id}/approve`).set('authorization', await t.bearer(locked)).expect(200);
    const post = await t.createPost(locked, 'yeniden paylaşılacak gizli');
    // Both feeds kept (built at the first read), then the repost is fanned out to them.
    await ids('/api/posts/timeline/following', outsider);
    await ids('/api/posts/timeline/following', insider);
    await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', await t.bearer(reposter)).expect(200);
    await t.settled();
    const kept = async (member: Member) => (await t.db.query('SELECT post_id FROM home_feed WHERE owner_id = $1', [member.id])).map((r: { post_id: string }) => r.post_id);
    expect(await kept(outsider)).not.toContain(post.id);
    expect(await ids('/api/posts/timeline/following', outsider)).not.toContain(post.id);
    expect(await ids('/api/posts/timeline/following', insider)).toContain(post.id);
    // Read on request (no kept feed): the same.
    await t.db.query('DELETE FROM home_feed_owners WHERE owner_id = ANY($1::uuid[])', [[outsider.id, insider.id]]);
    expect(await ids('/api/posts/timeline/following', outsider)).not.toContain(post.id);
    expect(await ids('/api/posts/timeline/following', insider)).toContain(post.id);

    // Turning protection off shows the repost again (the kept feeds that held it are rebuilt)...
    await service.setProtected(locked.id, false);
    await t.settled();
    expect(await ids('/api/posts/timeline/following', outsider)).toContain(post.id);
    expect(await ids('/api/posts/timeline?limit=100')).toContain(post.id);
    // ...and on again hides it at once from a kept feed that holds it.
    await service.setProtected(locked.id, true);
    expect(await ids('/api/posts/timeline/following', outsider)).not.toContain(post.id);
    await t.settled();
    expect(await ids('/api/posts/timeline/following', outsider)).not.toContain(post.id);
    expect(await ids('/api/posts/timeline/following', insider)).toContain(post.id);
  });

  it('the shared first page is not served to a follower of a protected account without its posts', async () => {
    const res = await ids('/api/posts/timeline?limit=20', fan);
    const guest = await ids('/api/posts/timeline?limit=20');
    expect(guest.every((id) => id !== secret.id)).toBe(true);
    const mine = (await t.db.query(`SELECT id FROM posts WHERE author_id = $1 ORDER BY created_at DESC LIMIT 1`, [locked.id]))[0].id;
    expect(res).toContain(mine);
  });

  it('a follower gets the shared first page while the protected account wrote nothing within its range, and their own at once when it writes', async () => {
    const repo = t.app.get(PostsRepository);
    // The whole timeline on one page (since = null): the protected account's older post counts.
    expect((await repo.viewerFlags(fan.id, [], null)).seesLimited).toBe(true);
    // A page whose range starts after the protected account's last post: nothing of it lies within.
    await t.db.query(`UPDATE posts SET created_at = now() - interval '1 day' WHERE author_id = $1`, [locked.id]);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await repo.viewerFlags(fan.id, [], since)).seesLimited).toBe(false);
    expect((await repo.viewerFlags(stranger.id, [], null)).seesLimited).toBe(false);
    expect((await repo.viewerFlags(locked.id, [], since)).seesLimited).toBe(false);
    // Twenty-five public posts after it: the follower's first page is the guests' (the protected
    // post is below it), and the protected one comes on their next page.
    for (let n = 0; n < 25; n++) await t.createPost(stranger, `açık dolgu ${n}`);
    const first = await get('/api/posts/timeline?limit=20', fan);
    expect((first.body as PostPage).posts.map((p) => p.id)).toEqual(await ids('/api/posts/timeline?limit=20'));
    const rest = await ids(`/api/posts/timeline?limit=100&cursor=${encodeURIComponent((first.body as PostPage).nextCursor!)}`, fan);
    expect(rest).toContain(secret.id);
    // It writes: within the range now, for the follower and itself at once, never for the stranger.
    const fresh = await t.createPost(locked, 'yeni gizli');
    expect((await repo.viewerFlags(fan.id, [], since)).seesLimited).toBe(true);
    expect((await repo.viewerFlags(locked.id, [], since)).seesLimited).toBe(true);
    expect((await repo.viewerFlags(stranger.id, [], since)).seesLimited).toBe(false);
    expect((await ids('/api/posts/timeline?limit=20', fan))[0]).toBe(fresh.id);
    expect((await ids('/api/posts/timeline?limit=20', locked))[0]).toBe(fresh.id);
    expect(await ids('/api/posts/timeline?limit=20', stranger)).not.toContain(fresh.id);
  });

  it('EXPLAIN: the everyone timeline and `Popüler` read the few protected accounts once (idx_users_protected), never per post', async () => {
    await t.fill(async (q) => {
      // Enough accounts that reading the few protected ones by their partial index beats a scan of users.
      await q.query(`INSERT INTO users (username, email, password_hash, display_name)
                     SELECT 'pv' || g, 'pv' || g || '@x.test', 'x', 'P' FROM generate_series(1, 5000) g`);
      await q.query(`INSERT INTO posts (author_id, content, search_text, created_at)
                     SELECT $1, 'dolgu ' || g, 'dolgu ' || g, now() - g * interval '1 second' FROM generate_series(1, 20000) g`, [stranger.id]);
      await q.query('ANALYZE posts');
      await q.query('ANALYZE users');
    });
    const repo = t.app.get(PostsRepository);
    for (const viewer of [null, stranger.id]) {
      const timeline = repo.timelineSql(viewer, { limit: 20 });
      const plan = ((await t.db.query(`EXPLAIN ${timeline.text}`, timeline.params)) as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      // The time-ordered index walk with its LIMIT, no sort of the table; protection is a filter on the joined author row.
      expect(plan).toMatch(/Index (Only )?Scan( Backward)? using idx_posts_created/);
      expect(plan).not.toMatch(/Seq Scan on posts|Sort/);
      expect(plan).toMatch(/protected/);
      const popular = repo.popularSql(viewer, { limit: 20 }, 24);
      const popularPlan = ((await t.db.query(`EXPLAIN ${popular.text}`, popular.params)) as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      expect(popularPlan).toMatch(/idx_users_protected/);
      expect(popularPlan).toMatch(/hashed SubPlan|Hash Anti Join|Hash Right Anti Join/);
    }
  });
});
