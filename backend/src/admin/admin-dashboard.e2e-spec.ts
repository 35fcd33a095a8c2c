import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

describe('GET /api/admin/dashboard (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;

  it('counts users and posts exactly, and lists the 5 newest of each', async () => {
    // This file's database starts empty: every number below is known.
    await t.createUser({ role: 'admin', isVerified: true });
    await t.createUser({ role: 'admin', isActive: false });
    const moderator = await t.createUser({ role: 'moderator', isVerified: true });
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await t.createUser({ isVerified: i < 2 }));
    // 4 posts now, 3 of them dated before today in Türkiye (two days back is never today).
    const posts = [];
    for (let i = 0; i < 7; i++) posts.push(await t.createPost(members[i % 4], `pano gönderisi ${i}`));
    await t.createPost(members[1], 'pano yanıtı', posts[0].id);
    await t.db.query(`UPDATE posts SET created_at = now() - interval '2 days' WHERE id = ANY($1::uuid[])`, [posts.slice(0, 3).map((p) => p.id)]);
    // A deactivated author's posts still count.
    await t.createPost(members[5], 'kapalı hesabın gönderisi');
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [members[5].id]);

    const res = await t.http.get('/api/admin/dashboard').set('authorization', await bearer(moderator)).expect(200);
    expect(res.body.statistics).toEqual({
      users: { total: 9, verified: 4, active: 7, admins: 2 },
      posts: { total: 9, today: 6 },
      // The store is empty and walked within the load's wait (MediaStatsService): measured just now.
      media: { files: 0, bytes: 0, measuredAt: expect.any(String) },
      estimated: false,
    });
    const newestUsers = [members[5], members[4], members[3], members[2], members[1]];
    expect(res.body.recentUsers.map((u: { id: string }) => u.id)).toEqual(newestUsers.map((u) => u.id));
    expect(res.body.recentUsers[0]).toMatchObject({ email: members[5].email, isActive: false, isEmailVerified: true, lastLogin: null });
    expect(res.body.recentPosts).toHaveLength(5);
    expect(res.body.recentPosts[0]).toMatchObject({ content: 'kapalı hesabın gönderisi', author: { id: members[5].id } });
    expect(res.body.recentPosts[1]).toMatchObject({ content: 'pano yanıtı', isReply: true, replyToId: posts[0].id });
    expect(res.body.recentPosts.map((p: { content: string }) => p.content)).not.toContain('pano gönderisi 0');
    expect(Object.keys(res.body).sort()).toEqual(['recentPosts', 'recentUsers', 'statistics']);
  });
});
