import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from './user.entity';

/**
 * Issue 23: the profile's `Takipçiler` and `Takip edilenler` lists
 * (GET /api/users/profile/:username/followers and /following).
 */
describe('follow lists API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  /** A follow at a given moment: the list's order is the follow's time. */
  const follow = (follower: Pick<User, 'id'>, followee: Pick<User, 'id'>, minutesAgo: number) =>
    t.db.query(`INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, now() - $3 * interval '1 minute')`, [follower.id, followee.id, minutesAgo]);
  const names = (body: { users: { username: string }[] }) => body.users.map((u) => u.username);

  it('lists followers newest follow first, in keyset pages, without deactivated accounts', async () => {
    const star = await t.createUser();
    const fans = await t.createUsers(5);
    // fans[0] followed 5 minutes ago … fans[4] a minute ago; fans[2] is then deactivated.
    for (const [i, fan] of fans.entries()) await follow(fan, star, 5 - i);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [fans[2].id]);

    const first = await t.http.get(`/api/users/profile/${star.username}/followers?limit=2`).expect(200);
    expect(names(first.body)).toEqual([fans[4].username, fans[3].username]);
    expect(first.body.users[0]).toEqual({
      _id: fans[4].id,
      id: fans[4].id,
      username: fans[4].username,
      displayName: fans[4].displayName,
      isVerified: false,
      profileImage: null,
      bio: '',
      isFollowing: false,
      protected: false,
      followRequested: false,
    });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await t.http.get(`/api/users/profile/${star.username}/followers?limit=2&cursor=${first.body.nextCursor}`).expect(200);
    expect(names(second.body)).toEqual([fans[1].username, fans[0].username]);
    // The deactivated follower counts for no row: the second page is the last.
    expect(second.body.nextCursor).toBeNull();
    // One page holding everything: no cursor.
    const all = await t.http.get(`/api/users/profile/${star.username}/followers`).expect(200);
    expect(names(all.body)).toEqual([fans[4], fans[3], fans[1], fans[0]].map((u) => u.username));
    expect(all.body.nextCursor).toBeNull();
  });

  it('lists the accounts a member follows, with isFollowing as the viewer sees it', async () => {
    const [member, a, b, c, viewer] = await t.createUsers(5);
    await follow(member, a, 3);
    await follow(member, b, 2);
    await follow(member, c, 1);
    await follow(viewer, b, 1);
    const guest = await t.http.get(`/api/users/profile/${member.username}/following`).expect(200);
    expect(names(guest.body)).toEqual([c.username, b.username, a.username]);
    expect(guest.body.users.map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([false, false, false]);
    const seen = await t.http.get(`/api/users/profile/${member.username}/following`).set('authorization', await bearer(viewer)).expect(200);
    expect(seen.body.users.map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([false, true, false]);
    // The member's own list: every row is followed.
    const own = await t.http.get(`/api/users/profile/${member.username}/following`).set('authorization', await bearer(member)).expect(200);
    expect(own.body.users.map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([true, true, true]);
    // A follow made through the API is on top at once.
    const d = await t.createUser();
    await t.http.put(`/api/users/${d.id}/follow`).set('authorization', await bearer(member)).expect(200);
    const after = await t.http.get(`/api/users/profile/${member.username}/following?limit=1`).expect(200);
    expect(names(after.body)).toEqual([d.username]);
    const followers = await t.http.get(`/api/users/profile/${d.username}/followers`).expect(200);
    expect(names(followers.body)).toEqual([member.username]);
  });

  it('answers a Turkish 404 for an unknown or deactivated member and a Turkish 400 for a bad cursor or limit', async () => {
    for (const kind of ['followers', 'following']) {
      expect((await t.http.get(`/api/users/profile/kimse_yok/${kind}`).expect(404)).body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
      const gone = await t.createUser({ isActive: false });
      expect((await t.http.get(`/api/users/profile/${gone.username}/${kind}`).expect(404)).body.message).toBe('Kullanıcı bulunamadı.');
      const user = await t.createUser();
      for (const cursor of ['bozuk!', Buffer.from('2024-02-31T00:00:00.000Z|x').toString('base64url'), 'x'.repeat(300)]) {
        const res = await t.http.get(`/api/users/profile/${user.username}/${kind}?cursor=${cursor}`).expect(400);
        expect(res.body.message).toBe('Geçersiz sayfa imleci.');
      }
      for (const limit of ['0', '101', 'abc']) {
        const res = await t.http.get(`/api/users/profile/${user.username}/${kind}?limit=${limit}`).expect(400);
        expect(res.body.message).toBe('Sayfa boyutu 1 ile 100 arasında olmalıdır.');
      }
    }
  });
});
