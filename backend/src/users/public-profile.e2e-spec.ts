import type { ProfileResponse } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from './user.entity';

/**
 * Issue 26, `Herkese açık profil` (users.public_profile): off hides the profile's lists
 * (followers, following, likes) from everyone but the member and staff: each answers a Turkish
 * 403, and the profile says `listsHidden` so the page shows its notice without asking.
 */
describe('public profile off (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const HIDDEN = 'Bu hesap takipçi, takip ve beğeni listelerini gizliyor.';
  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const setPublic = (user: Pick<User, 'id'>, value: boolean) => t.db.query('UPDATE users SET public_profile = $2 WHERE id = $1', [user.id, value]);
  /** Through the API, so the counters the profile header shows move too. */
  const follow = async (follower: Pick<User, 'id'>, followee: Pick<User, 'id'>) =>
    t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await bearer(follower)).expect(200);
  const get = async (path: string, viewer?: Pick<User, 'id'>) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await bearer(viewer));
    return req;
  };
  const ok = async (path: string, viewer?: Pick<User, 'id'>) => {
    const res = await get(path, viewer);
    expect([path, res.status]).toEqual([path, 200]);
    return res;
  };
  const lists = (member: User) => [
    `/api/users/profile/${member.username}/followers`,
    `/api/users/profile/${member.username}/following`,
    `/api/posts/user/${member.username}/likes`,
  ];

  let member: User;
  let fan: User;
  let followed: User;
  let stranger: User;
  let moderator: User;
  beforeAll(async () => {
    [member, fan, followed, stranger] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
    moderator = await t.createUser({ role: 'moderator' });
    await follow(fan, member);
    await follow(member, followed);
    const liked = await t.createPost(followed, 'beğenilen gönderi');
    await t.http.post(`/api/posts/${liked.id}/like`).set('authorization', await bearer(member)).expect(200);
    await setPublic(member, false);
  });

  it('each list answers a Turkish 403 to a guest, a stranger and even a follower', async () => {
    for (const viewer of [undefined, stranger, fan]) {
      for (const path of lists(member)) {
        const res = await get(path, viewer);
        expect([path, res.status, res.body.message, res.body.listsHidden]).toEqual([path, 403, HIDDEN, true]);
      }
    }
  });

  it('the member and staff still read every list', async () => {
    for (const viewer of [member, moderator]) {
      const [followers, following, likes] = await Promise.all(lists(member).map(async (path) => ok(path, viewer)));
      expect(followers.body.users.map((u: { id: string }) => u.id)).toEqual([fan.id]);
      expect(following.body.users.map((u: { id: string }) => u.id)).toEqual([followed.id]);
      expect(likes.body.posts.map((p: { content: string }) => p.content)).toEqual(['beğenilen gönderi']);
    }
  });

  it('the profile says listsHidden to those who may not read them, and keeps its counts', async () => {
    const as = async (viewer?: User) => ((await ok(`/api/users/profile/${member.username}`, viewer)).body as ProfileResponse).user;
    for (const viewer of [undefined, stranger, fan]) {
      const user = await as(viewer);
      expect([user.listsHidden, user.followersCount, user.followingCount]).toEqual([true, 1, 1]);
    }
    for (const viewer of [member, moderator]) expect((await as(viewer)).listsHidden).toBeUndefined();
  });

  it('turned back on, the lists are everyone’s again; other members’ lists were never affected', async () => {
    await setPublic(member, true);
    try {
      for (const path of lists(member)) expect([path, (await get(path)).status]).toEqual([path, 200]);
      const user = ((await ok(`/api/users/profile/${member.username}`)).body as ProfileResponse).user;
      expect(user.listsHidden).toBeUndefined();
    } finally {
      await setPublic(member, false);
    }
    for (const path of lists(fan)) expect([path, (await get(path, stranger)).status]).toEqual([path, 200]);
  });

  it('an unknown member is still a 404, not a 403', async () => {
    for (const path of lists({ username: 'yok_boyle_biri' } as User)) {
      const res = await get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Kullanıcı bulunamadı.']);
    }
  });
});
