import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

/** Exact counters under concurrency, through the real HTTP API and a real PostgreSQL. */
describe('likes and reposts under concurrency', () => {
  let t: TestApp;
  let users: User[];
  let tokens: string[];
  beforeAll(async () => {
    t = await createTestApp();
    users = await t.createUsers(200);
    tokens = await Promise.all(users.map((u) => t.tokenFor(u)));
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async (table: 'likes' | 'reposts', postId: string) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE post_id = $1`, [postId]))[0].n as number;
  const counters = async (postId: string) =>
    (await t.db.query('SELECT like_count, retweet_count FROM posts WHERE id = $1', [postId]))[0] as { like_count: number; retweet_count: number };

  it('200 users liking one post at once give like_count 200 and 200 rows; 200 unlikes give 0', async () => {
    const post = await t.createPost(users[0], 'herkes beğensin');
    const like = () => Promise.all(tokens.map((token) => t.http.post(`/api/posts/${post.id}/like`).set('authorization', `Bearer ${token}`)));

    const liked = await like();
    expect(liked.every((r) => r.status === 200 && r.body.liked === true)).toBe(true);
    // Every answer carries the count its own transaction produced: each value 1..200 exactly once.
    expect(liked.map((r) => r.body.likesCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await counters(post.id)).like_count).toBe(200);
    expect(await rows('likes', post.id)).toBe(200);

    const unliked = await like();
    expect(unliked.every((r) => r.status === 200 && r.body.liked === false)).toBe(true);
    expect((await counters(post.id)).like_count).toBe(0);
    expect(await rows('likes', post.id)).toBe(0);
  });

  it('200 users reposting one post at once give retweet_count 200; toggling back gives 0', async () => {
    const post = await t.createPost(users[1], 'herkes paylaşsın');
    const repost = () => Promise.all(tokens.map((token) => t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', `Bearer ${token}`)));
    expect((await repost()).every((r) => r.status === 200 && r.body.retweeted)).toBe(true);
    expect(await counters(post.id)).toEqual({ like_count: 0, retweet_count: 200 });
    expect(await rows('reposts', post.id)).toBe(200);
    expect((await repost()).every((r) => r.status === 200 && !r.body.retweeted)).toBe(true);
    expect(await counters(post.id)).toEqual({ like_count: 0, retweet_count: 0 });
  });

  it('one user toggling the same like many times at once leaves the counter equal to the rows', async () => {
    const post = await t.createPost(users[2], 'hızlı çift tık');
    const token = tokens[3];
    for (const n of [2, 5, 8]) {
      await Promise.all(Array.from({ length: n }, () => t.http.post(`/api/posts/${post.id}/like`).set('authorization', `Bearer ${token}`).expect(200)));
      const count = await rows('likes', post.id);
      expect(count).toBeLessThanOrEqual(1);
      expect((await counters(post.id)).like_count).toBe(count);
    }
  });

  it('counts replies exactly when many are posted at once', async () => {
    const parent = await t.createPost(users[4], 'yanıt yağmuru');
    const results = await Promise.all(
      tokens.slice(0, 100).map((token, i) =>
        t.http.post('/api/posts').set('authorization', `Bearer ${token}`).send({ content: `yanıt ${i}`, replyToId: parent.id }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const [row] = await t.db.query('SELECT reply_count FROM posts WHERE id = $1', [parent.id]);
    expect(row.reply_count).toBe(100);
    const [author] = await t.db.query('SELECT posts_count FROM users WHERE id = $1', [users[50].id]);
    expect(author.posts_count).toBe(1);
  });
});
