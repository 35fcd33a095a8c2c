import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from './user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('profiles and follows API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const countsOf = async (id: string) =>
    (await t.db.query('SELECT following_count, followers_count FROM users WHERE id = $1', [id]))[0] as {
      following_count: number;
      followers_count: number;
    };

  describe('GET /api/users/profile/:username', () => {
    it('answers the public profile to guests, with isFollowing false and no private fields', async () => {
      const user = await t.createUser({ bio: 'Merhaba dünya' });
      await t.createPost(user, 'ilk gönderi');
      const res = await t.http.get(`/api/users/profile/${user.username.toUpperCase()}`).expect(200);
      expect(res.body.user).toMatchObject({
        _id: user.id,
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        bio: 'Merhaba dünya',
        postsCount: 1,
        followersCount: 0,
        followingCount: 0,
        isFollowing: false,
        isVerified: false,
        role: 'user',
      });
      for (const key of ['email', 'isEmailVerified', 'lastLogin', 'passwordHash', 'sessionVersion']) expect(res.body.user).not.toHaveProperty(key);
    });

    it('shows private fields to the member and to staff only, and isFollowing to the viewer', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      const moderator = await t.createUser({ role: 'moderator' });
      const self = await t.http.get(`/api/users/profile/${user.username}`).set('authorization', await bearer(user)).expect(200);
      expect(self.body.user).toMatchObject({ email: user.email, isEmailVerified: true, isFollowing: false });
      const staff = await t.http.get(`/api/users/profile/${user.username}`).set('authorization', await bearer(moderator)).expect(200);
      expect(staff.body.user.email).toBe(user.email);
      await t.http.post(`/api/users/${user.id}/follow`).set('authorization', await bearer(other)).expect(200);
      const seen = await t.http.get(`/api/users/profile/${user.username}`).set('authorization', await bearer(other)).expect(200);
      expect(seen.body.user).toMatchObject({ isFollowing: true, followersCount: 1 });
      expect(seen.body.user).not.toHaveProperty('email');
    });

    it('answers 404 for an unknown or deactivated member', async () => {
      const res = await t.http.get('/api/users/profile/kimse_yok').expect(404);
      expect(res.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
      const gone = await t.createUser({ isActive: false });
      await t.http.get(`/api/users/profile/${gone.username}`).expect(404);
    });

    it('reaches a member whose username looks like a route word', async () => {
      const user = await t.createUser({ username: 'following' });
      const res = await t.http.get('/api/users/profile/following').expect(200);
      expect(res.body.user.id).toBe(user.id);
    });
  });

  describe('POST /api/users/:id/follow and GET /api/users/:id/following', () => {
    it('toggles a follow, moves both counters, and twice returns to the start', async () => {
      const follower = await t.createUser();
      const followee = await t.createUser();
      const auth = await bearer(follower);
      const before = await t.http.get(`/api/users/${followee.id}/following`).set('authorization', auth).expect(200);
      expect(before.body).toEqual({ isFollowing: false, requested: false });

      const on = await t.http.post(`/api/users/${followee.id}/follow`).set('authorization', auth).expect(200);
      expect(on.body).toEqual({ isFollowing: true, requested: false, followersCount: 1 });
      expect((await t.http.get(`/api/users/${followee.id}/following`).set('authorization', auth).expect(200)).body).toEqual({ isFollowing: true, requested: false });
      expect(await countsOf(follower.id)).toEqual({ following_count: 1, followers_count: 0 });
      expect(await countsOf(followee.id)).toEqual({ following_count: 0, followers_count: 1 });

      const off = await t.http.post(`/api/users/${followee.id}/follow`).set('authorization', auth).expect(200);
      expect(off.body).toEqual({ isFollowing: false, requested: false, followersCount: 0 });
      expect(await countsOf(follower.id)).toEqual({ following_count: 0, followers_count: 0 });
      expect(await countsOf(followee.id)).toEqual({ following_count: 0, followers_count: 0 });
    });

    it('refuses following oneself with 400', async () => {
      const user = await t.createUser();
      const res = await t.http.post(`/api/users/${user.id}/follow`).set('authorization', await bearer(user)).expect(400);
      expect(res.body).toEqual({ message: 'Kendinizi takip edemezsiniz.', statusCode: 400 });
      expect(await countsOf(user.id)).toEqual({ following_count: 0, followers_count: 0 });
    });

    it('answers 404 for unknown or deactivated users, 400 for malformed ids, 401 for guests', async () => {
      const user = await t.createUser();
      const gone = await t.createUser({ isActive: false });
      const auth = await bearer(user);
      for (const id of [MISSING_ID, gone.id]) {
        const follow = await t.http.post(`/api/users/${id}/follow`).set('authorization', auth).expect(404);
        expect(follow.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
        await t.http.get(`/api/users/${id}/following`).set('authorization', auth).expect(404);
      }
      for (const path of ['/api/users/abc/follow', '/api/users/123/following']) {
        const req = path.endsWith('follow') ? t.http.post(path) : t.http.get(path);
        const res = await req.set('authorization', auth).expect(400);
        expect(res.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
      }
      await t.http.post(`/api/users/${user.id}/follow`).expect(401);
      await t.http.get(`/api/users/${user.id}/following`).expect(401);
    });

    it('50 members following one at once give exactly 50 followers and 50 rows; unfollowing gives 0', async () => {
      const star = await t.createUser();
      const fans = await t.createUsers(50);
      const tokens = await Promise.all(fans.map((f) => t.tokenFor(f)));
      const toggleAll = () => Promise.all(tokens.map((token) => t.http.post(`/api/users/${star.id}/follow`).set('authorization', `Bearer ${token}`)));

      const on = await toggleAll();
      expect(on.every((r) => r.status === 200 && r.body.isFollowing)).toBe(true);
      expect(on.map((r) => r.body.followersCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect((await countsOf(star.id)).followers_count).toBe(50);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM follows WHERE followee_id = $1', [star.id]);
      expect(n).toBe(50);
      const [{ following }] = await t.db.query('SELECT sum(following_count)::int AS following FROM users WHERE id = ANY($1::uuid[])', [fans.map((f) => f.id)]);
      expect(following).toBe(50);

      const off = await toggleAll();
      expect(off.every((r) => r.status === 200 && !r.body.isFollowing)).toBe(true);
      expect((await countsOf(star.id)).followers_count).toBe(0);
    });

    it('members following each other at the same moment do not deadlock', async () => {
      const group = await t.createUsers(12);
      const tokens = await Promise.all(group.map((u) => t.tokenFor(u)));
      // Every ordered pair at once: A→B and B→A race on the same two user rows.
      const requests = group.flatMap((_, i) =>
        group.flatMap((target, j) => (i === j ? [] : [t.http.post(`/api/users/${target.id}/follow`).set('authorization', `Bearer ${tokens[i]}`)])),
      );
      const results = await Promise.all(requests);
      expect(results.every((r) => r.status === 200 && r.body.isFollowing)).toBe(true);
      for (const user of group) expect(await countsOf(user.id)).toEqual({ following_count: 11, followers_count: 11 });
    });
  });
});
