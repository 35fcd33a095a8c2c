import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 23: explore's `Popüler` (GET /api/posts/popular) is the most engaged posts of the last
 * 24 hours, not the timeline: likes + 2 × reposts + 2 × replies, top-level posts of active
 * authors only, at most 50.
 */
describe('popular posts API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A post `hoursAgo` old with the given counts (set directly: the ranking reads the counters). */
  async function post(author: { id: string }, content: string, hoursAgo: number, counts: { likes?: number; reposts?: number; replies?: number } = {}, replyToId?: string) {
    const created = await t.createPost(author, content, replyToId);
    await t.db.query(
      `UPDATE posts SET created_at = now() - $2 * interval '1 hour', like_count = $3, retweet_count = $4, reply_count = $5 WHERE id = $1`,
      [created.id, hoursAgo, counts.likes ?? 0, counts.reposts ?? 0, counts.replies ?? 0],
    );
    return created.id;
  }
  const contents = (body: { posts: { content: string }[] }) => body.posts.map((p) => p.content);

  it('ranks the last 24 hours’ top-level posts of active authors by engagement, not by time', async () => {
    await t.db.query('DELETE FROM posts');
    const [a, b, gone] = await t.createUsers(3);
    // score 1×likes + 2×reposts + 2×replies
    await post(a, 'beş beğeni', 1, { likes: 5 }); // 5
    await post(b, 'iki paylaşım bir yanıt', 2, { reposts: 2, replies: 1 }); // 6
    await post(a, 'sessiz ve yeni', 0.1); // 0
    await post(b, 'eşit puan, daha yeni', 0.5, { likes: 5 }); // 5, newer than "beş beğeni"
    await post(a, 'dünden kalma', 25, { likes: 100 }); // outside the window
    const parent = await post(b, 'yanıtlanan', 3, { likes: 1 }); // 1
    await post(a, 'çok beğenilen yanıt', 1, { likes: 50 }, parent); // a reply: not listed
    await post(gone, 'kapatılan hesabın gönderisi', 1, { likes: 40 });
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);

    const res = await t.http.get('/api/posts/popular').expect(200);
    expect(contents(res.body)).toEqual(['iki paylaşım bir yanıt', 'eşit puan, daha yeni', 'beş beğeni', 'yanıtlanan', 'sessiz ve yeni']);
    expect(res.body.nextCursor).toBeNull();
    // The timeline (Son) is a different list: newest first, the reply included.
    const latest = await t.http.get('/api/posts/timeline').expect(200);
    expect(contents(latest.body)[0]).toBe('sessiz ve yeni');
    // Signed in: the viewer's flags.
    await t.http.put(`/api/posts/${res.body.posts[0].id}/like`).set('authorization', `Bearer ${await t.tokenFor(b)}`).expect(200);
    const seen = await t.http.get('/api/posts/popular').set('authorization', `Bearer ${await t.tokenFor(b)}`).expect(200);
    expect(seen.body.posts[0]).toMatchObject({ content: 'iki paylaşım bir yanıt', liked: true });
  });

  it('pages through at most 50 posts with its cursor, and refuses a cursor that is not one of its own in Turkish', async () => {
    await t.db.query('DELETE FROM posts');
    const [author] = await t.createUsers(1);
    // 60 posts, post n with n likes.
    await t.db.query(
      `INSERT INTO posts (author_id, content, search_text, like_count, created_at)
       SELECT $1, 'gönderi ' || n, 'gönderi ' || n, n, now() - n * interval '1 minute' FROM generate_series(1, 60) AS n`,
      [author.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { posts: { content: string }[]; nextCursor: string | null } } = await t.http.get(`/api/posts/popular?limit=20${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...contents(res.body));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => `gönderi ${60 - i}`));

    for (const bad of ['bozuk!', Buffer.from('abc').toString('base64url'), Buffer.from('70.3.eA').toString('base64url'), 'x'.repeat(300)]) {
      const res = await t.http.get(`/api/posts/popular?cursor=${bad}`).expect(400);
      expect(res.body.message).toBe('Geçersiz sayfa imleci.');
    }
    expect((await t.http.get('/api/posts/popular?limit=0').expect(400)).body.message).toBe('Sayfa boyutu 1 ile 100 arasında olmalıdır.');
  });
});
