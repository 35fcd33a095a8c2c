import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { FollowRequestsService } from './follow-requests.service';

type Member = Pick<User, 'id'>;

/**
 * Issue 26 under real concurrency (real PostgreSQL): a follow racing with the target turning
 * `Gönderilerimi koru` on never ends as a direct follow made after the protection committed, and
 * approvals are exact however many run at once.
 */
describe('protected accounts: follows, requests and approvals racing (real PostgreSQL)', () => {
  let t: TestApp;
  let service: FollowRequestsService;
  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(FollowRequestsService);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = async (follower: Member, target: Member) => t.http.put(`/api/users/${target.id}/follow`).set('authorization', await t.bearer(follower));
  const followers = async (target: Member) =>
    ((await t.db.query('SELECT follower_id FROM follows WHERE followee_id = $1 ORDER BY follower_id', [target.id])) as { follower_id: string }[]).map((r) => r.follower_id);
  const requesters = async (target: Member) =>
    ((await t.db.query('SELECT requester_id FROM follow_requests WHERE target_id = $1 ORDER BY requester_id', [target.id])) as { requester_id: string }[]).map((r) => r.requester_id);
  const counts = async (id: string) =>
    (await t.db.query('SELECT following_count::int AS following, followers_count::int AS followers FROM users WHERE id = $1', [id]))[0] as { following: number; followers: number };
  /** Every counter of the accounts agrees with the rows, and no pair both follows and asks. */
  const expectExact = async (target: Member, fans: Member[]) => {
    expect((await counts(target.id)).followers).toBe((await followers(target)).length);
    for (const fan of fans) {
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM follows WHERE follower_id = $1', [fan.id]);
      expect((await counts(fan.id)).following).toBe(n);
    }
    const both = await t.db.query('SELECT 1 FROM follows f JOIN follow_requests r ON r.requester_id = f.follower_id AND r.target_id = f.followee_id WHERE f.followee_id = $1', [target.id]);
    expect(both).toHaveLength(0);
  };
  /** Resolves once `n` backends of this database wait for a lock (the follows queued behind the protection). */
  const lockWaiters = async (n: number) => {
    for (;;) {
      const [{ waiting }] = await t.db.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (waiting >= n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('follows sent while protection is being turned on wait for it and end as requests, none as a follow', async () => {
    const [locked, ...fans] = await t.createUsers(7);
    // Warm each fan's token and the statements, so the follows below reach the database together.
    await Promise.all(fans.map((fan) => t.bearer(fan)));
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // The preferences' save turns protection on in its own transaction: here it is held open.
      await runner.query('UPDATE users SET protected = true WHERE id = $1', [locked.id]);
      const answers = Promise.all(fans.map((fan) => put(fan, locked)));
      // Every follow has read the account as not protected (the update is not committed) and is
      // now waiting for its row.
      await lockWaiters(fans.length);
      await runner.commitTransaction();
      for (const res of await answers) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ isFollowing: false, requested: true, followersCount: 0 });
      }
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await followers(locked)).toEqual([]);
    expect(await requesters(locked)).toEqual(fans.map((f) => f.id).sort());
    expect(await counts(locked.id)).toEqual({ following: 0, followers: 0 });
    await expectExact(locked, fans);
  });

  it('many follows while protection flips on and off: counters exact, no follow and request of one pair, and all follow once it is off', async () => {
    const [locked, ...fans] = await t.createUsers(25);
    await Promise.all(fans.map((fan) => t.bearer(fan)));
    const flips = (async () => {
      for (let i = 0; i < 6; i++) await service.setProtected(locked.id, i % 2 === 0);
    })();
    const answers = await Promise.all(fans.map((fan) => put(fan, locked)));
    await flips;
    for (const res of answers) {
      expect(res.status).toBe(200);
      // Either a follow or a pending request, never both, never neither.
      expect(res.body.isFollowing !== res.body.requested).toBe(true);
    }
    await expectExact(locked, fans);
    // The last flip turned protection off: every request made while it was on was approved then,
    // and no request can be made while it is off.
    expect(await requesters(locked)).toEqual([]);
    expect(await followers(locked)).toEqual(fans.map((f) => f.id).sort());
    expect((await counts(locked.id)).followers).toBe(fans.length);
  });

  it('two approvals (and a decline) of the same request at once: one follow, the others 404, counters exact', async () => {
    const [locked, fan, other] = await t.createUsers(3);
    await service.setProtected(locked.id, true);
    await put(fan, locked).then((res) => expect(res.body).toMatchObject({ requested: true }));
    await put(other, locked).then((res) => expect(res.body).toMatchObject({ requested: true }));
    const auth = await t.bearer(locked);
    const approvals = await Promise.all(
      Array.from({ length: 6 }, () => t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).set('authorization', auth)),
    );
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await followers(locked)).toEqual([fan.id]);
    expect(await counts(locked.id)).toEqual({ following: 0, followers: 1 });
    expect(await counts(fan.id)).toEqual({ following: 1, followers: 0 });
    // An approval and a decline of the other request at once: exactly one of them happened.
    const [approve, decline] = await Promise.all([
      t.http.post(`/api/users/me/follow-requests/${other.id}/approve`).set('authorization', auth),
      t.http.post(`/api/users/me/follow-requests/${other.id}/decline`).set('authorization', auth),
    ]);
    expect([approve.status, decline.status].sort()).toEqual([200, 404]);
    const approved = approve.status === 200;
    expect(await followers(locked)).toEqual([fan.id, ...(approved ? [other.id] : [])].sort());
    expect(await requesters(locked)).toEqual([]);
    await expectExact(locked, [fan, other]);
  });

  it('an approval racing with the requester’s own follow and protection going off: one follow, counters exact', async () => {
    const [locked, ...fans] = await t.createUsers(9);
    await service.setProtected(locked.id, true);
    for (const fan of fans) await put(fan, locked).then((res) => expect(res.body).toMatchObject({ requested: true }));
    const auth = await t.bearer(locked);
    await Promise.all([
      ...fans.map((fan) => t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).set('authorization', auth)),
      ...fans.map((fan) => put(fan, locked)),
      service.setProtected(locked.id, false),
    ]);
    expect(await followers(locked)).toEqual(fans.map((f) => f.id).sort());
    expect(await requesters(locked)).toEqual([]);
    expect((await counts(locked.id)).followers).toBe(fans.length);
    await expectExact(locked, fans);
  });
});
