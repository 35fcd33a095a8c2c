import { createTestApp, type TestApp } from '../../test/test-app';
import { FollowsService } from '../social/follows.service';
import { FollowingFeedRepository } from './following-feed.repository';
import { HOME_FEED_BUILD_ITEMS, HOME_FEED_KEEP, HomeFeedRepository } from './home-feed.repository';
import { HomeFeedWriter } from './home-feed.writer';

/**
 * The kept (materialised) `Takip edilenler` feed against the on-request read it must always equal
 * (real PostgreSQL): the API answers from home_feed, FollowingFeedRepository reads the committed
 * posts, reposts and follows directly.
 */
describe('the kept following feed (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  type Member = { id: string; username: string };
  interface Item {
    id: string;
    repostedBy?: { id: string };
    repostedAt?: string;
  }
  const bearer = async (user: Pick<Member, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const follow = async (follower: Member, followee: Member) =>
    t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await bearer(follower)).expect(200);
  const unfollow = async (follower: Member, followee: Member) =>
    t.http.delete(`/api/users/${followee.id}/follow`).set('authorization', await bearer(follower)).expect(200);
  const setActive = async (user: Member, isActive: boolean) =>
    t.http.patch(`/api/admin/users/${user.id}`).set('authorization', await bearer(admin)).send({ isActive }).expect(200);

  /** Every page of the API's feed, `limit` at a time, as "post id ↻ reposter id @ event time". */
  const viaApi = async (viewer: Member, limit = 100): Promise<string[]> => {
    const auth = await bearer(viewer);
    const out: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const res: { body: { posts: Item[]; nextCursor: string | null } } = await t.http
        .get(`/api/posts/timeline/following?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
        .set('authorization', auth)
        .expect(200);
      for (const p of res.body.posts) out.push(p.repostedBy ? `${p.id} ↻ ${p.repostedBy.id} @ ${p.repostedAt}` : p.id);
      cursor = res.body.nextCursor;
      if (!cursor) return out;
    }
    throw new Error('too many pages');
  };
  /** The same feed read on request from the committed rows, in pages of 100. */
  const onRequest = async (viewer: Member): Promise<string[]> => {
    const accounts = [viewer.id, ...(await t.app.get(FollowsService).followedActiveIds(viewer.id))];
    const repo = t.app.get(FollowingFeedRepository);
    const out: string[] = [];
    let cursor: { createdAt: string; id: string } | undefined;
    for (;;) {
      const items = await repo.page(viewer.id, accounts, { limit: 100, cursor });
      for (const i of items.slice(0, 100))
        out.push(i.repostedBy ? `${i.post.id} ↻ ${i.repostedBy.id} @ ${new Date(i.cursor.createdAt).toISOString()}` : i.post.id);
      if (items.length <= 100) return out;
      cursor = items[99].cursor;
    }
  };
  const owner = async (viewer: Member) => {
    await t.app.get(HomeFeedWriter).settled();
    const [row] = await t.db.query(`SELECT ready, read_at, floor_at FROM home_feed_owners WHERE owner_id = $1`, [viewer.id]);
    return row as { ready: boolean; read_at: Date; floor_at: Date | null } | undefined;
  };
  const keptCount = async (viewer: Member) =>
    Number((await t.db.query(`SELECT count(*) AS n FROM home_feed WHERE owner_id = $1`, [viewer.id]))[0].n);

  it('after any mix of posts, replies, reposts, undone reposts and deletions, equals the on-request read without being built again', async () => {
    const [steady, mover] = await Promise.all([t.createUser(), t.createUser()]);
    const accounts = await t.createUsers(8);
    for (const a of accounts.slice(0, 5)) await follow(steady, a);
    for (const a of accounts.slice(3, 6)) await follow(mover, a);
    const posts: { id: string; author: Member }[] = [];
    for (const [i, a] of [...accounts, steady].entries()) posts.push({ id: (await t.createPost(a, `ilk ${i}`)).id, author: a });

    expect(await viaApi(steady)).toEqual(await onRequest(steady));
    const built = await owner(steady);
    expect(built?.ready).toBe(true);

    // A fixed pseudo-random sequence (the same every run).
    let seed = 15;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const everyone = [...accounts, steady, mover];
    for (let step = 0; step < 80; step++) {
      const who = everyone[random(everyone.length)];
      const op = random(10);
      if (op < 3) {
        const parent = random(3) === 0 && posts.length ? posts[random(posts.length)].id : undefined;
        posts.push({ id: (await t.createPost(who, `adım ${step}`, parent)).id, author: who });
      } else if (op < 6 && posts.length) {
        await t.http.put(`/api/posts/${posts[random(posts.length)].id}/retweet`).set('authorization', await bearer(who)).expect(200);
      } else if (op < 8 && posts.length) {
        await t.http.delete(`/api/posts/${posts[random(posts.length)].id}/retweet`).set('authorization', await bearer(who)).expect(200);
      } else if (op === 8 && posts.length) {
        const [gone] = posts.splice(random(posts.length), 1);
        await t.http.delete(`/api/posts/${gone.id}`).set('authorization', await bearer(gone.author)).expect(200);
      } else {
        // The mover changes whom they follow (their kept feed is dropped and built again).
        const other = accounts[random(accounts.length)];
        if (random(2)) await follow(mover, other);
        else await unfollow(mover, other);
      }
      if (step % 10 === 9) {
        expect(await viaApi(steady)).toEqual(await onRequest(steady));
        expect(await viaApi(mover, 7)).toEqual(await onRequest(mover));
      }
    }
    // The steady member's feed was kept up by the writes alone: built once, never again.
    const after = await owner(steady);
    expect(after?.ready).toBe(true);
    expect(after?.read_at).toEqual(built?.read_at);
    expect(await keptCount(steady)).toBeGreaterThan(5);
  });

  it('posts and reposts made at the same moment by followed accounts each land once', async () => {
    const viewer = await t.createUser();
    const accounts = await t.createUsers(12);
    for (const a of accounts) await follow(viewer, a);
    const old = await Promise.all(accounts.map((a, i) => t.createPost(a, `eski ${i}`)));
    await viaApi(viewer);
    const tokens = await Promise.all(accounts.map((a) => bearer(a)));
    await Promise.all([
      ...accounts.map((a, i) => t.createPost(a, `aynı anda ${i}`)),
      ...accounts.map((_, i) => t.http.put(`/api/posts/${old[(i + 5) % old.length].id}/retweet`).set('authorization', tokens[i]).expect(200)),
    ]);
    const kept = await viaApi(viewer, 5);
    expect(kept).toEqual(await onRequest(viewer));
    expect(kept).toHaveLength(24);
    expect(kept.filter((k) => k.includes('↻'))).toHaveLength(12);
  });

  it('pages on below what was built, read on request, and a trim keeps the newest items', async () => {
    const [viewer, author] = await Promise.all([t.createUser(), t.createUser()]);
    await follow(viewer, author);
    // 300 posts an hour apart, older than anything else of the author's.
    await t.db.query(
      `INSERT INTO posts (author_id, content, search_text, created_at)
       SELECT $1, 'eski ' || n, 'eski ' || n, now() - n * interval '1 hour' FROM generate_series(1, 300) AS n`,
      [author.id],
    );
    const whole = await onRequest(viewer);
    expect(whole).toHaveLength(300);
    expect(await viaApi(viewer, 20)).toEqual(whole);
    expect(await keptCount(viewer)).toBe(HOME_FEED_BUILD_ITEMS);
    expect((await owner(viewer))?.floor_at).not.toBeNull();
    expect(await viaApi(viewer, 33)).toEqual(whole);

    // 850 newer posts come in through the writer's statement, then the daily trim runs.
    const fresh: { id: string }[] = await t.db.query(
      `INSERT INTO posts (author_id, content, search_text, created_at)
       SELECT $1, 'yeni ' || n, 'yeni ' || n, now() - n * interval '1 second' FROM generate_series(1, 850) AS n RETURNING id`,
      [author.id],
    );
    const kept = t.app.get(HomeFeedRepository);
    await kept.fanOut(
      fresh.map(() => author.id),
      fresh.map((p) => p.id),
    );
    expect(await keptCount(viewer)).toBe(HOME_FEED_BUILD_ITEMS + 850);
    await kept.touch(viewer.id, true);
    expect(await keptCount(viewer)).toBe(HOME_FEED_KEEP);
    const all = await onRequest(viewer);
    expect(all).toHaveLength(1150);
    expect(await viaApi(viewer, 100)).toEqual(all);
  });

  it('a deactivated account leaves the feeds at once and its followers’ kept feeds are built again; activated, it comes back', async () => {
    const [viewer, author, reposter, watcher] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    await follow(viewer, author);
    await follow(viewer, reposter);
    // The watcher sees the author's post only through the repost.
    await follow(watcher, reposter);
    const post = await t.createPost(author, 'yazarın');
    await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', await bearer(reposter)).expect(200);
    const before = await viaApi(viewer);
    expect(before).toEqual([expect.stringMatching(new RegExp(`^${post.id} ↻ ${reposter.id}`))]);

    await setActive(reposter, false);
    expect(await owner(viewer)).toBeUndefined();
    // The repost no longer counts: the post is back at its own time.
    expect(await viaApi(viewer)).toEqual([post.id]);
    expect(await viaApi(viewer)).toEqual(await onRequest(viewer));
    await setActive(reposter, true);
    expect(await viaApi(watcher)).toEqual(before);
    expect((await owner(watcher))?.ready).toBe(true);
    await setActive(author, false);
    expect(await owner(watcher)).toBeUndefined();
    expect(await viaApi(viewer)).toEqual([]);
    expect(await viaApi(watcher)).toEqual([]);
    await setActive(author, true);
    expect(await viaApi(viewer)).toEqual(before);
    expect(await viaApi(watcher)).toEqual(before);
  });

  it('a feed nobody read for 14 days is dropped by the sweep and built again at the next read', async () => {
    const [viewer, author] = await Promise.all([t.createUser(), t.createUser()]);
    await follow(viewer, author);
    await t.createPost(author, 'unutulan');
    const first = await viaApi(viewer);
    expect(first).toHaveLength(1);
    await t.db.query(`UPDATE home_feed_owners SET read_at = now() - interval '15 days' WHERE owner_id = $1`, [viewer.id]);
    expect(await t.app.get(HomeFeedRepository).sweep()).toBeGreaterThanOrEqual(1);
    expect(await owner(viewer)).toBeUndefined();
    expect(await keptCount(viewer)).toBe(0);
    expect(await viaApi(viewer)).toEqual(first);
    expect((await owner(viewer))?.ready).toBe(true);
  });
});
