import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_POSTS, seedDemo } from './demo-seed';

describe('demo seed (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds accounts, posts, replies, likes, reposts and follows once, with every counter matching its rows', async () => {
    expect(await seedDemo(t.app)).toBe(true);
    expect(await seedDemo(t.app)).toBe(false);

    const [{ posts }] = await t.db.query('SELECT count(*)::int AS posts FROM posts');
    expect(posts).toBe(DEMO_POSTS.length);
    const mismatched = await t.db.query(`
      SELECT p.id FROM posts p
       WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)
          OR p.retweet_count <> (SELECT count(*) FROM reposts r WHERE r.post_id = p.id)
          OR p.reply_count <> (SELECT count(*) FROM posts c WHERE c.reply_to_id = p.id)
      UNION ALL
      SELECT u.id FROM users u
       WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)
          OR u.followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)
          OR u.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`);
    expect(mismatched).toEqual([]);
    const [{ likes, follows }] = await t.db.query('SELECT (SELECT count(*)::int FROM likes) AS likes, (SELECT count(*)::int FROM follows) AS follows');
    expect(likes).toBeGreaterThan(5);
    expect(follows).toBeGreaterThan(2);

    const timeline = await t.http.get('/api/posts/timeline').expect(200);
    expect(timeline.body.posts[0].content).toMatch(/^Günaydın gündem!/);
    expect(timeline.body.posts.some((p: { isReply: boolean }) => p.isReply)).toBe(true);
    const trends = await t.http.get('/api/trending/hashtags').expect(200);
    expect(trends.body.trends[0].hashtag).toBe('gündem');
    const search = await t.http.get('/api/posts/search?q=istanbul').expect(200);
    expect(search.body.posts.length).toBeGreaterThanOrEqual(3);
  });
});
