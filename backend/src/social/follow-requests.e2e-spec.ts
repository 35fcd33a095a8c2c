import type { FollowRequestListResponse } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsWriter } from '../notifications/notifications.writer';
import type { User } from '../users/user.entity';
import { FollowRequestsService } from './follow-requests.service';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Issue 26: a follow of a protected account is a request; `Takip istekleri` approves or declines it; turning protection off approves them all. */
describe('follow requests API (real PostgreSQL)', () => {
  let t: TestApp;
  let service: FollowRequestsService;
  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(FollowRequestsService);
  });
  afterAll(async () => {
    await t.close();
  });

  const countsOf = async (id: string) =>
    (await t.db.query('SELECT following_count::int AS following, followers_count::int AS followers FROM users WHERE id = $1', [id]))[0] as { following: number; followers: number };
  const follows = async (a: Pick<User, 'id'>, b: Pick<User, 'id'>) =>
    (await t.db.query('SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2', [a.id, b.id])).length > 0;
  const pending = async (target: Pick<User, 'id'>) =>
    ((await t.db.query('SELECT requester_id FROM follow_requests WHERE target_id = $1 ORDER BY requester_id', [target.id])) as { requester_id: string }[]).map((r) => r.requester_id);
  const protect = async (user: Pick<User, 'id'>) => service.setProtected(user.id, true);
  const listOf = async (user: Pick<User, 'id'>, query = '') =>
    (await t.http.get(`/api/users/me/follow-requests${query}`).set('authorization', await t.bearer(user)).expect(200)).body as FollowRequestListResponse;

  it('a follow of a protected account is a request (no follow, no counter), a second click withdraws it, and an unfollow too', async () => {
    const [locked, fan] = await t.createUsers(2);
    await protect(locked);
    const res = await t.http.post(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    expect(res.body).toEqual({ isFollowing: false, requested: true, followersCount: 0 });
    expect(await follows(fan, locked)).toBe(false);
    expect(await pending(locked)).toEqual([fan.id]);
    expect(await countsOf(locked.id)).toEqual({ following: 0, followers: 0 });
    // PUT repeats the request idempotently.
    expect((await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200)).body).toEqual({ isFollowing: false, requested: true, followersCount: 0 });
    expect(await pending(locked)).toEqual([fan.id]);
    // The profile and the status say so to the requester only.
    const profile = await t.http.get(`/api/users/profile/${locked.username}`).set('authorization', await t.bearer(fan)).expect(200);
    expect(profile.body.user).toMatchObject({ protected: true, isFollowing: false, followRequested: true });
    expect((await t.http.get(`/api/users/${locked.id}/following`).set('authorization', await t.bearer(fan)).expect(200)).body).toEqual({ isFollowing: false, requested: true });
    expect((await t.http.get(`/api/users/profile/${locked.username}`).expect(200)).body.user).toMatchObject({ protected: true });
    // A second click (POST toggles) withdraws.
    expect((await t.http.post(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200)).body).toEqual({ isFollowing: false, requested: false, followersCount: 0 });
    expect(await pending(locked)).toEqual([]);
    // DELETE withdraws too.
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    expect((await t.http.delete(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200)).body).toEqual({ isFollowing: false, requested: false, followersCount: 0 });
    expect(await pending(locked)).toEqual([]);
  });

  it('lists the pending requests newest first in keyset pages, with the count; approve makes a follow with exact counters; decline removes it', async () => {
    const [locked, a, b, c] = await t.createUsers(4);
    await protect(locked);
    for (const fan of [a, b, c]) await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    const first = await listOf(locked, '?limit=2');
    expect(first.count).toBe(3);
    expect(first.requests.map((r) => r.user.username)).toEqual([c.username, b.username]);
    expect(first.requests[0]?.user).toMatchObject({ _id: c.id, id: c.id, displayName: c.displayName });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOf(locked, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.requests.map((r) => r.user.username)).toEqual([a.username]);
    expect(second.nextCursor).toBeNull();

    const approved = await t.http.post(`/api/users/me/follow-requests/${b.id}/approve`).set('authorization', await t.bearer(locked)).expect(200);
    expect(approved.body).toEqual({ approved: true, count: 2 });
    expect(await follows(b, locked)).toBe(true);
    expect(await countsOf(locked.id)).toEqual({ following: 0, followers: 1 });
    expect(await countsOf(b.id)).toEqual({ following: 1, followers: 0 });
    // The follower is notified as for a follow: the member gets `follow` from b.
    await t.app.get(NotificationsWriter).drain();
    const bell = await t.http.get('/api/notifications').set('authorization', await t.bearer(locked)).expect(200);
    expect(bell.body.notifications.map((g: { type: string; actors: { username: string }[] }) => [g.type, g.actors.map((x) => x.username)])).toEqual([['follow', [b.username]]]);

    const declined = await t.http.post(`/api/users/me/follow-requests/${a.id}/decline`).set('authorization', await t.bearer(locked)).expect(200);
    expect(declined.body).toEqual({ approved: false, count: 1 });
    expect(await follows(a, locked)).toBe(false);
    expect(await pending(locked)).toEqual([c.id]);
    // An approved follower's next follow click is a plain unfollow.
    expect((await t.http.post(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(b)).expect(200)).body).toEqual({ isFollowing: false, requested: false, followersCount: 0 });
  });

  it('refuses in Turkish: a request to oneself, approving or declining one that does not exist or is someone else’s, a bad id, a guest', async () => {
    const [locked, other, fan] = await t.createUsers(3);
    await protect(locked);
    await protect(other);
    const self = await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(locked)).expect(400);
    expect(self.body).toEqual({ message: 'Kendinizi takip edemezsiniz.', statusCode: 400 });
    const selfApprove = await t.http.post(`/api/users/me/follow-requests/${locked.id}/approve`).set('authorization', await t.bearer(locked)).expect(400);
    expect(selfApprove.body).toEqual({ message: 'Kendinize takip isteği gönderemezsiniz.', statusCode: 400 });
    const none = await t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).set('authorization', await t.bearer(locked)).expect(404);
    expect(none.body).toEqual({ message: 'Takip isteği bulunamadı.', statusCode: 404 });
    // fan's request is to `other`: `locked` cannot approve or decline it, and it stays.
    await t.http.put(`/api/users/${other.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    expect((await t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).set('authorization', await t.bearer(locked)).expect(404)).body.message).toBe('Takip isteği bulunamadı.');
    expect((await t.http.post(`/api/users/me/follow-requests/${fan.id}/decline`).set('authorization', await t.bearer(locked)).expect(404)).body.message).toBe('Takip isteği bulunamadı.');
    expect(await follows(fan, other)).toBe(false);
    expect(await pending(other)).toEqual([fan.id]);
    expect((await t.http.post(`/api/users/me/follow-requests/${MISSING_ID}/approve`).set('authorization', await t.bearer(locked)).expect(404)).body.message).toBe('Takip isteği bulunamadı.');
    expect((await t.http.post('/api/users/me/follow-requests/abc/approve').set('authorization', await t.bearer(locked)).expect(400)).body.message).toBe('Geçersiz kimlik.');
    expect((await t.http.get('/api/users/me/follow-requests?cursor=bozuk').set('authorization', await t.bearer(locked)).expect(400)).body.message).toBe('Geçersiz sayfa imleci.');
    await t.http.get('/api/users/me/follow-requests').expect(401);
    await t.http.post(`/api/users/me/follow-requests/${fan.id}/approve`).expect(401);
    // An unknown account cannot be asked.
    expect((await t.http.put(`/api/users/${MISSING_ID}/follow`).set('authorization', await t.bearer(fan)).expect(404)).body.message).toBe('Kullanıcı bulunamadı.');
  });

  it('existing followers stay when protection goes on; turning it off approves every pending request in one transaction with exact counts', async () => {
    const [locked, old, a, b, gone] = await t.createUsers(5);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(old)).expect(200);
    await protect(locked);
    expect(await follows(old, locked)).toBe(true);
    for (const fan of [a, b, gone]) await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
    expect((await listOf(locked)).count).toBe(2);

    const result = await service.setProtected(locked.id, false);
    expect(result.protected).toBe(false);
    expect(result.approved.sort()).toEqual([a.id, b.id].sort());
    expect(await pending(locked)).toEqual([]);
    expect(await follows(a, locked)).toBe(true);
    expect(await follows(b, locked)).toBe(true);
    // A deactivated requester's request goes without a follow.
    expect(await follows(gone, locked)).toBe(false);
    expect(await countsOf(locked.id)).toEqual({ following: 0, followers: 3 });
    expect(await countsOf(a.id)).toEqual({ following: 1, followers: 0 });
    expect((await t.db.query('SELECT protected FROM users WHERE id = $1', [locked.id]))[0].protected).toBe(false);
    // Public again: a follow is a follow.
    const [late] = await t.createUsers(1);
    expect((await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(late)).expect(200)).body).toEqual({ isFollowing: true, requested: false, followersCount: 4 });
    // Idempotent; an unknown account is refused.
    await service.setProtected(locked.id, false);
    expect(await countsOf(locked.id)).toEqual({ following: 0, followers: 4 });
    await expect(service.setProtected(MISSING_ID, true)).rejects.toMatchObject({ status: 404 });
  });

  it('a block removes pending requests either way and refuses new ones', async () => {
    const [locked, fan] = await t.createUsers(2);
    await protect(locked);
    await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(200);
    await t.http.put(`/api/users/${fan.id}/block`).set('authorization', await t.bearer(locked)).expect(200);
    expect(await pending(locked)).toEqual([]);
    expect((await t.http.put(`/api/users/${locked.id}/follow`).set('authorization', await t.bearer(fan)).expect(403)).body.message).toBe('Bu hesabı takip edemezsiniz.');
  });

  it('EXPLAIN: a page of requests walks idx_follow_requests_target_created from the cursor', async () => {
    const [locked] = await t.createUsers(1);
    await protect(locked);
    await t.fill(async (q) => {
      await q.query(`INSERT INTO users (username, email, password_hash, display_name)
                     SELECT 'rq' || g || substr(md5(random()::text), 1, 6), 'rq' || g || substr(md5(random()::text), 1, 6) || '@x.test', 'x', 'R' FROM generate_series(1, 3000) g`);
      await q.query(`INSERT INTO follow_requests (requester_id, target_id, created_at)
                     SELECT id, $1, now() - (row_number() OVER ()) * interval '1 second' FROM users WHERE username LIKE 'rq%'`, [locked.id]);
      await q.query('ANALYZE follow_requests');
      await q.query('ANALYZE users');
    });
    const repo = t.app.get(FollowRequestsService)['repository'];
    for (const cursor of [undefined, { createdAt: new Date().toISOString().replace('Z', '000Z'), id: MISSING_ID }]) {
      const { text, values } = repo.listSql(locked.id, 20, cursor);
      const plan = ((await t.db.query(`EXPLAIN ${text}`, values)) as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan using idx_follow_requests_target_created/);
      expect(plan).not.toMatch(/Sort|Seq Scan on follow_requests/);
    }
  });
});
