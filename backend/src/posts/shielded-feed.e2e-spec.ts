import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MutesService } from '../social/mutes.service';
import { HomeFeedRepository } from './home-feed.repository';

type Member = { id: string; username: string };

/**
 * Issue 25: the `Takip edilenler` feed of a member whom blocks, mutes and muted words concern
 * stays whole and cheap (real PostgreSQL): what they hide is left out before a page's LIMIT, so
 * a page is short only at the feed's end, whether the feed is kept or read on request; the kept
 * read tests only the rows the page needs, and its prepared statement keeps one generic plan
 * whoever reads (planning it for each member cost more than the read).
 */
describe('a shielded member’s following feed (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const follow = async (follower: Member, followee: Member) => t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
  const block = async (blocker: Member, blocked: Member) => t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
  const mute = async (muter: Member, muted: Member) => t.http.put(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  const muteWord = async (member: Member, word: string) => t.http.post('/api/users/muted-words').set('authorization', await t.bearer(member)).send({ word }).expect(201);
  const repost = async (member: Member, postId: string) => t.http.put(`/api/posts/${postId}/retweet`).set('authorization', await t.bearer(member)).expect(200);

  /** Every page of the feed, `limit` at a time: the ids and each page's length. */
  const pages = async (viewer: Member, limit: number): Promise<{ ids: string[]; sizes: number[] }> => {
    const auth = await t.bearer(viewer);
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n++) {
      const res: { body: { posts: { id: string }[]; nextCursor: string | null } } = await t.http
        .get(`/api/posts/timeline/following?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set('authorization', auth)
        .expect(200);
      ids.push(...res.body.posts.map((p) => p.id));
      sizes.push(res.body.posts.length);
      cursor = res.body.nextCursor;
      if (!cursor) return { ids, sizes };
    }
    throw new Error('too many pages');
  };

  it('reposts of a blocked account’s posts at the top of the feed: every page is full and the feed reaches its end, kept and read on request', async () => {
    const [viewer, followed, blocked] = await t.createUsers(3);
    await follow(viewer, followed);
    const own: string[] = [];
    for (let i = 0; i < 30; i++) own.push((await t.createPost(followed, `takip edilenin ${i}. gönderisi`)).id);
    // The newest items of the feed: the followed account's reposts of the blocked account's posts.
    const theirs: string[] = [];
    for (let i = 0; i < 25; i++) {
      const post = await t.createPost(blocked, `engellenenin ${i}. gönderisi`);
      theirs.push(post.id);
      await repost(followed, post.id);
    }
    await block(viewer, blocked);
    await t.settled();
    // Built at the first read (pages of 20 read on request: the first is all reposts of the
    // blocked account), then read from the kept feed, five at a time.
    const kept = await pages(viewer, 5);
    expect((await t.db.query('SELECT ready FROM home_feed_owners WHERE owner_id = $1', [viewer.id]))[0]).toEqual({ ready: true });
    expect(kept.ids.filter((id) => theirs.includes(id))).toEqual([]);
    expect(kept.ids).toEqual([...own].reverse());
    expect(kept.sizes.slice(0, -1).every((n) => n === 5)).toBe(true);
    // The kept feed holds every item (the read filters): unblocked, the reposts are back.
    expect((await t.db.query('SELECT count(*)::int AS n FROM home_feed WHERE owner_id = $1', [viewer.id]))[0].n).toBe(55);
    // Read on request (a build another node claimed is running): the same pages.
    await t.db.query('DELETE FROM home_feed_owners WHERE owner_id = $1', [viewer.id]);
    await t.db.query('INSERT INTO home_feed_owners (owner_id, read_at) VALUES ($1, now())', [viewer.id]);
    const onRequest = await pages(viewer, 5);
    expect(onRequest.ids).toEqual([...own].reverse());
    expect(onRequest.sizes.slice(0, -1).every((n) => n === 5)).toBe(true);
  });

  it('the kept read of a member with mutes, words and blocks tests the rows in index order until the page is full, with one generic plan for every member', async () => {
    const members = await t.createUsers(4);
    const [author, muted, blocked] = await t.createUsers(3);
    for (let i = 0; i < 40; i++) await t.createPost(author, i % 4 === 0 ? `kahve molası ${i}` : `gündem ${i}`);
    for (const m of members) {
      await follow(m, author);
      await mute(m, muted);
      await block(m, blocked);
      await muteWord(m, 'kahve');
    }
    await t.settled();
    for (const m of members) expect((await pages(m, 20)).ids).toHaveLength(30);
    // Others' kept feeds beside them, and statistics, as the planner would meet them.
    await t.db.query('VACUUM ANALYZE home_feed_owners, home_feed, mutes, blocks, muted_words');

    const repo = t.app.get(HomeFeedRepository);
    const hide = await t.app.get(MutesService).viewerFilter(members[0].id);
    expect(hide).toEqual({ muting: true, words: expect.any(String), blocking: true });
    const sql = repo.readSql(members[0].id, { limit: 20 }, hide);
    const rows: { 'QUERY PLAN': string }[] = await t.db.query(`EXPLAIN ${sql.text}`, sql.values);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    // The walk: the owner's range by its index, the tests on its rows above it, the LIMIT on top.
    expect(plan).toMatch(/Limit[\s\S]*Subquery Scan on w[\s\S]*(Index Only Scan|Index Scan) using idx_home_feed_owner_at/);
    // (No list scans a table on a filled database: mutes.visibility.e2e-spec.ts's query plans.)

    // One connection reads the four members' feeds three times each: PostgreSQL plans the
    // statement for its first five runs, then keeps the generic plan.
    const client = new Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      for (let round = 0; round < 3; round++) {
        for (const m of members) {
          const mine = repo.readSql(m.id, { limit: 20 }, await t.app.get(MutesService).viewerFilter(m.id));
          expect(mine.name).toBe(sql.name);
          const result = await client.query({ name: mine.name, text: mine.text, values: mine.values });
          expect(result.rows.filter((r: { id: string | null }) => r.id !== null)).toHaveLength(21);
        }
      }
      const [stats] = (await client.query('SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = $1', [sql.name])).rows as {
        generic_plans: number;
        custom_plans: number;
      }[];
      expect(stats.custom_plans).toBeLessThanOrEqual(5);
      expect(stats.generic_plans).toBeGreaterThanOrEqual(7);
    } finally {
      await client.end();
    }
  });
});
