import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import type { User } from '../users/user.entity';

/**
 * PUT and DELETE beside the toggles: a repeat changes nothing, counters stay exact, and a
 * `post:engagement` event goes out only when a count changed. Real HTTP, real PostgreSQL.
 */
describe('PUT/DELETE like, retweet and follow', () => {
  let t: TestApp;
  let users: User[];
  let tokens: string[];

  beforeAll(async () => {
    t = await createTestApp();
    users = await t.createUsers(30);
    tokens = await Promise.all(users.map((u) => t.tokenFor(u)));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'put' | 'delete' | 'post', path: string, token = tokens[1]) => t.http[method](path).set('authorization', `Bearer ${token}`);
  const counters = async (postId: string) =>
    (await t.db.query('SELECT like_count, retweet_count FROM posts WHERE id = $1', [postId]))[0] as { like_count: number; retweet_count: number };
  const rows = async (table: 'likes' | 'reposts', postId: string) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE post_id = $1`, [postId]))[0].n as number;

  it('PUT like twice: liked once, same answer, one event; DELETE twice: unliked, one event', async () => {
    const post = await t.createPost(users[0], 'beğenilecek');
    const spy = jest.spyOn(t.app.get(RealtimeEvents), 'postEngagement');
    try {
      const first = await call('put', `/api/posts/${post.id}/like`).expect(200);
      const second = await call('put', `/api/posts/${post.id}/like`).expect(200);
      // A repeat changed nothing, so it answers the same version too.
      expect(first.body).toEqual({ liked: true, likesCount: 1, isLiked: true, likes: 1, version: 1 });
      expect(second.body).toEqual(first.body);
      expect(await counters(post.id)).toEqual({ like_count: 1, retweet_count: 0 });
      expect(spy).toHaveBeenCalledTimes(1);

      const gone = await call('delete', `/api/posts/${post.id}/like`).expect(200);
      const again = await call('delete', `/api/posts/${post.id}/like`).expect(200);
      expect(gone.body).toEqual({ liked: false, likesCount: 0, isLiked: false, likes: 0, version: 2 });
      expect(again.body).toEqual(gone.body);
      expect(await counters(post.id)).toEqual({ like_count: 0, retweet_count: 0 });
      expect(spy).toHaveBeenCalledTimes(2);
      expect(spy.mock.calls.map(([, counts]) => counts.likeCount)).toEqual([1, 0]);
    } finally {
      spy.mockRestore();
    }
  });

  it('PUT/DELETE retweet answer the toggle shape and are stable', async () => {
    const post = await t.createPost(users[0], 'paylaşılacak');
    const put = await call('put', `/api/posts/${post.id}/retweet`).expect(200);
    await call('put', `/api/posts/${post.id}/retweet`).expect(200);
    expect(put.body).toEqual({ retweeted: true, retweetsCount: 1, isRetweeted: true, retweets: 1, version: 1 });
    expect(await counters(post.id)).toEqual({ like_count: 0, retweet_count: 1 });
    const del = await call('delete', `/api/posts/${post.id}/retweet`).expect(200);
    await call('delete', `/api/posts/${post.id}/retweet`).expect(200);
    expect(del.body).toEqual({ retweeted: false, retweetsCount: 0, isRetweeted: false, retweets: 0, version: 2 });
    expect(await counters(post.id)).toEqual({ like_count: 0, retweet_count: 0 });
  });

  it('many users each sending PUT like several times at once: count equals users, then DELETEs give 0', async () => {
    const post = await t.createPost(users[0], 'kalabalık');
    const burst = (method: 'put' | 'delete') =>
      Promise.all(tokens.flatMap((token) => [1, 2, 3].map(() => call(method, `/api/posts/${post.id}/like`, token))));
    const put = await burst('put');
    expect(put.every((r) => r.status === 200 && r.body.liked === true)).toBe(true);
    expect((await counters(post.id)).like_count).toBe(tokens.length);
    expect(await rows('likes', post.id)).toBe(tokens.length);
    const del = await burst('delete');
    expect(del.every((r) => r.status === 200 && r.body.liked === false)).toBe(true);
    expect((await counters(post.id)).like_count).toBe(0);
    expect(await rows('likes', post.id)).toBe(0);
  });

  it('PUT after the toggle liked keeps the like (a retried PUT cannot flip it back)', async () => {
    const post = await t.createPost(users[0], 'karışık');
    await call('post', `/api/posts/${post.id}/like`).expect(200);
    const put = await call('put', `/api/posts/${post.id}/like`).expect(200);
    expect(put.body.liked).toBe(true);
    expect((await counters(post.id)).like_count).toBe(1);
  });

  it('an unknown post is a Turkish 404, a malformed id a 400, a guest a 401', async () => {
    const missing = await call('put', `/api/posts/${randomUUID()}/like`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Gönderi bulunamadı.' });
    expect((await call('delete', '/api/posts/abc/retweet')).status).toBe(400);
    expect((await t.http.put(`/api/posts/${randomUUID()}/like`)).status).toBe(401);
  });

  describe('follow', () => {
    const followers = async (user: User) =>
      (await t.db.query('SELECT followers_count FROM users WHERE id = $1', [user.id]))[0].followers_count as number;
    const following = async (user: User) =>
      (await t.db.query('SELECT following_count FROM users WHERE id = $1', [user.id]))[0].following_count as number;

    it('PUT twice follows once; DELETE twice unfollows once; counts exact', async () => {
      const [fan, star] = [users[2], users[3]];
      const put = await call('put', `/api/users/${star.id}/follow`, tokens[2]).expect(200);
      const again = await call('put', `/api/users/${star.id}/follow`, tokens[2]).expect(200);
      expect(put.body).toEqual({ isFollowing: true, requested: false, followersCount: 1 });
      expect(again.body).toEqual(put.body);
      expect(await followers(star)).toBe(1);
      expect(await following(fan)).toBe(1);
      const del = await call('delete', `/api/users/${star.id}/follow`, tokens[2]).expect(200);
      await call('delete', `/api/users/${star.id}/follow`, tokens[2]).expect(200);
      expect(del.body).toEqual({ isFollowing: false, requested: false, followersCount: 0 });
      expect(await followers(star)).toBe(0);
      expect(await following(fan)).toBe(0);
    });

    it('concurrent PUTs from many users count each follower once', async () => {
      const star = users[4];
      await Promise.all(tokens.flatMap((token, i) => (i === 4 ? [] : [1, 2].map(() => call('put', `/api/users/${star.id}/follow`, token).expect(200)))));
      expect(await followers(star)).toBe(tokens.length - 1);
    });

    it('following oneself is a Turkish 400; an unknown user a 404', async () => {
      const self = await call('put', `/api/users/${users[1].id}/follow`);
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('Kendinizi takip edemezsiniz.');
      expect((await call('delete', `/api/users/${randomUUID()}/follow`)).status).toBe(404);
    });
  });

  it('the OpenAPI document lists PUT and DELETE beside the toggles', async () => {
    const { body } = await t.http.get('/api/docs/openapi.json').expect(200);
    for (const path of ['/api/posts/{id}/like', '/api/posts/{id}/retweet', '/api/users/{id}/follow']) {
      expect(Object.keys(body.paths[path]).sort()).toEqual(['delete', 'post', 'put']);
    }
  });
});
