import { createTestApp, type TestApp } from '../../test/test-app';
import { consistencyReport, failedChecks } from './consistency';

describe('consistencyReport (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async () => consistencyReport((sql) => t.db.query(sql));

  it('finds nothing wrong after ordinary use through the API', async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const auth = `Bearer ${await t.tokenFor(b)}`;
    const post = await t.createPost(a, 'ilk gönderi');
    await t.createPost(b, 'yanıt', post.id);
    await t.http.post(`/api/posts/${post.id}/like`).set('authorization', auth).expect(200);
    await t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', auth).expect(200);
    await t.http.post(`/api/users/${a.id}/follow`).set('authorization', auth).expect(200);
    const all = await report();
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['posts.like_count', 'users.followers_count', 'likes.post_id → posts.id', 'messages.receiver_id → users.id']));
    expect(failedChecks(all)).toEqual({});
  });

  it('names a counter that drifted and a row that points at a missing one', async () => {
    const a = await t.createUser();
    const post = await t.createPost(a, 'sayacı bozulacak');
    await t.db.query('UPDATE posts SET like_count = like_count + 2 WHERE id = $1', [post.id]);
    // Foreign keys are triggers: replica mode skips them, as a careless bulk load might.
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SET session_replication_role = replica`);
      await runner.query(`INSERT INTO likes (user_id, post_id) VALUES ($1, gen_random_uuid())`, [a.id]);
      await runner.query(`SET session_replication_role = DEFAULT`);
      expect(failedChecks(await report())).toEqual({ 'posts.like_count': 1, 'likes.post_id → posts.id': 1 });
    } finally {
      await runner.query(`DELETE FROM likes WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = likes.post_id)`);
      await runner.release();
    }
  });
});
