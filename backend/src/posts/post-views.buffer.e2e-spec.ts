import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PostViewsBuffer } from './post-views.buffer';

/**
 * Buffered view counts (PostViewsBuffer) against a real PostgreSQL. An app of its own: closing it
 * is part of the test (passport keeps one strategy per name per process, so a file runs one app).
 */
describe('post views buffer', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp();
    // The 2 s periodic flush is stopped (its timing is post-views.buffer.spec's): these tests
    // flush by hand, and on a loaded host two of their requests can be 2 s apart (CI did).
    clearInterval((t.app.get(PostViewsBuffer) as unknown as { timer: NodeJS.Timeout }).timer);
    admin = new Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const stored = async (id: string) => (await admin.query('SELECT view_count FROM posts WHERE id = $1', [id])).rows[0].view_count as number;

  it('adds the pending views of every post at the flush, and only then', async () => {
    const author = await t.createUser();
    const a = await t.createPost(author, 'birinci');
    const b = await t.createPost(author, 'ikinci');
    const views = t.app.get(PostViewsBuffer);
    await views.flush();
    for (let i = 0; i < 3; i++) await t.http.get(`/api/posts/${a.id}`).expect(200);
    await t.http.get(`/api/posts/${b.id}`).expect(200);
    expect([await stored(a.id), await stored(b.id)]).toEqual([0, 0]);
    expect([views.pendingFor(a.id), views.pendingFor(b.id)]).toEqual([3, 1]);
    await views.flush();
    expect([await stored(a.id), await stored(b.id)]).toEqual([3, 1]);
    expect([views.pendingFor(a.id), views.pendingFor(b.id)]).toEqual([0, 0]);
    const again = await t.http.get(`/api/posts/${a.id}`).expect(200);
    expect(again.body.post.engagement.views).toBe(4);
  });

  it('skips views of a post deleted before the flush and keeps the others', async () => {
    const author = await t.createUser();
    const kept = await t.createPost(author, 'kalan');
    const gone = await t.createPost(author, 'silinen');
    await t.http.get(`/api/posts/${kept.id}`).expect(200);
    await t.http.get(`/api/posts/${gone.id}`).expect(200);
    await admin.query('DELETE FROM posts WHERE id = $1', [gone.id]);
    await t.app.get(PostViewsBuffer).flush();
    expect(await stored(kept.id)).toBe(1);
  });

  it('writes pending views when the application shuts down', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'kapanmadan önce');
    await Promise.all(Array.from({ length: 7 }, () => t.http.get(`/api/posts/${post.id}`).expect(200)));
    expect(await stored(post.id)).toBe(0);
    await t.app.close();
    expect(await stored(post.id)).toBe(7);
  });
});
