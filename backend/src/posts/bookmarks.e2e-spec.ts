import type { PostPage } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FollowRequestsService } from '../social/follow-requests.service';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id'>;

/**
 * Issue 27, `Yer işaretleri`: a member's private bookmarks on real PostgreSQL. Newest bookmark
 * first in keyset pages, idempotent add and remove, nobody else's to read and no notification to
 * the author, every list's read rules (a block, a protected account, a deleted post), Turkish
 * 4xx for bad input, and the list's plan on a filled table.
 */
describe('bookmarks (real PostgreSQL)', () => {
  let t: TestApp;
  let reader: User;
  let author: User;
  let other: User;
  beforeAll(async () => {
    t = await createTestApp();
    [reader, author, other] = await t.createUsers(3);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = async (member: Member) => ({ authorization: await t.bearer(member) });
  const put = async (member: Member, postId: string) => t.http.put(`/api/posts/${postId}/bookmark`).set(await as(member));
  const del = async (member: Member, postId: string) => t.http.delete(`/api/posts/${postId}/bookmark`).set(await as(member));
  const list = async (member: Member, query = '') => (await t.http.get(`/api/bookmarks${query}`).set(await as(member)).expect(200)).body as PostPage;
  const ids = async (member: Member) => (await list(member, '?limit=100')).posts.map((p) => p.id);

  it('adds (idempotent), lists newest bookmark first in keyset pages, answers the state and removes (idempotent)', async () => {
    const older = await t.createPost(author, 'önce yazılan');
    const newer = await t.createPost(author, 'sonra yazılan');
    // Bookmarked in the other order than written: the list follows the bookmarks' time.
    expect((await put(reader, newer.id)).body).toEqual({ bookmarked: true });
    expect((await put(reader, older.id)).body).toEqual({ bookmarked: true });
    expect((await put(reader, older.id)).status).toBe(200);
    expect(await ids(reader)).toEqual([older.id, newer.id]);
    const first = await list(reader, '?limit=1');
    expect(first.posts.map((p) => p.id)).toEqual([older.id]);
    const second = await list(reader, `?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([second.posts.map((p) => p.id), second.nextCursor]).toEqual([[newer.id], null]);
    expect((await t.http.get(`/api/posts/${newer.id}/bookmark`).set(await as(reader)).expect(200)).body).toEqual({ bookmarked: true });
    expect((await del(reader, newer.id)).body).toEqual({ bookmarked: false });
    expect((await del(reader, newer.id)).status).toBe(200);
    expect((await t.http.get(`/api/posts/${newer.id}/bookmark`).set(await as(reader)).expect(200)).body).toEqual({ bookmarked: false });
    expect(await ids(reader)).toEqual([older.id]);
  });

  it('is private: another member sees their own list only, a guest none, and the author is not notified', async () => {
    const post = await t.createPost(author, 'kimse bilmesin');
    const before = (await t.http.get('/api/notifications/unread-count').set(await as(author)).expect(200)).body;
    await put(reader, post.id).then((res) => expect(res.status).toBe(200));
    expect(await ids(other)).toEqual([]);
    expect(await ids(reader)).toContain(post.id);
    const guest = await t.http.get('/api/bookmarks');
    expect(guest.status).toBe(401);
    expect(guest.body.message).toMatch(/[ğüşıöçĞÜŞİÖÇ]|oturum|giriş/i);
    expect((await t.http.put(`/api/posts/${post.id}/bookmark`)).status).toBe(401);
    await t.settled();
    expect((await t.http.get('/api/notifications/unread-count').set(await as(author)).expect(200)).body).toEqual(before);
  });

  it('answers bad input with Turkish 4xx: an unknown or deleted post, an id that is not one', async () => {
    const missing = await put(reader, '00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.message]).toEqual([404, 'Gönderi bulunamadı.']);
    const malformed = await put(reader, 'abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/[ğüşıöçİ]/);
    // Deleted after it was bookmarked: out of the list, and it cannot be bookmarked again.
    const doomed = await t.createPost(author, 'silinecek');
    await put(reader, doomed.id).then((res) => expect(res.status).toBe(200));
    await t.http.delete(`/api/posts/${doomed.id}`).set(await as(author)).expect(200);
    expect(await ids(reader)).not.toContain(doomed.id);
    expect((await put(reader, doomed.id)).status).toBe(404);
    expect((await del(reader, doomed.id)).body).toEqual({ bookmarked: false });
  });

  it('follows every list’s read rules: a block either way and a protected account the member no longer follows take the post out', async () => {
    const [blocker, locked] = await t.createUsers(2);
    const blocked = await t.createPost(blocker, 'engelleyenin gönderisi');
    await put(reader, blocked.id).then((res) => expect(res.status).toBe(200));
    await t.http.put(`/api/users/${reader.id}/block`).set(await as(blocker)).expect(200);
    expect(await ids(reader)).not.toContain(blocked.id);
    expect((await put(reader, blocked.id)).status).toBe(404);

    await t.http.put(`/api/users/${locked.id}/follow`).set(await as(reader)).expect(200);
    await t.app.get(FollowRequestsService).setProtected(locked.id, true);
    const secret = await t.createPost(locked, 'yalnız takipçilere');
    // A stranger cannot bookmark it; the follower can, until they stop following.
    expect((await put(other, secret.id)).status).toBe(404);
    await put(reader, secret.id).then((res) => expect(res.status).toBe(200));
    expect(await ids(reader)).toContain(secret.id);
    await t.http.delete(`/api/users/${locked.id}/follow`).set(await as(reader)).expect(200);
    expect(await ids(reader)).not.toContain(secret.id);
  });

  it('EXPLAIN: the list walks idx_bookmarks_user_created and reads each post and author by key, on a filled table', async () => {
    await t.fill(async (q) => {
      await q.query(`INSERT INTO users (username, email, password_hash, display_name)
                     SELECT 'yi' || g, 'yi' || g || '@x.test', 'x', 'Y' FROM generate_series(1, 2000) g`);
      await q.query(`INSERT INTO posts (author_id, content, search_text, created_at)
                     SELECT $1, 'dolgu ' || g, 'dolgu ' || g, now() - g * interval '1 second' FROM generate_series(1, 20000) g`, [author.id]);
      // 10,000 bookmarks: 50 each for 200 other members.
      await q.query(`WITH ps AS (SELECT id, row_number() OVER () AS rn FROM posts WHERE author_id = $1 LIMIT 10000),
                          us AS (SELECT id, row_number() OVER () AS rn FROM users WHERE username LIKE 'yi%' LIMIT 200)
                     INSERT INTO bookmarks (user_id, post_id, created_at)
                     SELECT us.id, ps.id, now() - ps.rn * interval '1 second' FROM ps JOIN us ON ps.rn % 200 = us.rn % 200`, [author.id]);
      await q.query('ANALYZE users');
      await q.query('ANALYZE posts');
      await q.query('ANALYZE bookmarks');
    });
    const plans = await t.plansOf('/api/bookmarks?limit=20', await t.bearer(reader));
    const list = plans.find((p) => /FROM bookmarks bm/.test(p.sql));
    expect(list?.plan).toMatch(/Index (Only )?Scan using idx_bookmarks_user_created on bookmarks bm/);
    expect(list?.plan).not.toMatch(/Seq Scan on (posts|users|bookmarks|follows|blocks)\b|Sort/);
  });
});
