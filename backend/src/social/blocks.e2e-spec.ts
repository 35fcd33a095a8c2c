import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Issue 25: PUT/DELETE /api/users/:id/block, the `Engellenenler` list and the follows a block removes. */
describe('blocks API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const countsOf = async (id: string) =>
    (await t.db.query('SELECT following_count::int AS following, followers_count::int AS followers FROM users WHERE id = $1', [id]))[0] as { following: number; followers: number };
  const follows = async (a: Pick<User, 'id'>, b: Pick<User, 'id'>) =>
    (await t.db.query('SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2', [a.id, b.id])).length > 0;

  it('removes both follows in the same statement, keeping every counter exact, and is idempotent', async () => {
    const [blocker, blocked, fan, idol] = await t.createUsers(4);
    for (const [a, b] of [
      [blocker, blocked],
      [blocked, blocker],
      [fan, blocker],
      [fan, blocked],
      [blocker, idol],
    ]) await t.http.put(`/api/users/${b.id}/follow`).set('authorization', await t.bearer(a)).expect(200);
    expect(await countsOf(blocker.id)).toEqual({ following: 2, followers: 2 });
    expect(await countsOf(blocked.id)).toEqual({ following: 1, followers: 2 });

    const res = await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
    expect(res.body).toEqual({ blocking: true });
    expect(await follows(blocker, blocked)).toBe(false);
    expect(await follows(blocked, blocker)).toBe(false);
    // Only the pair's follows went: the fan's and the idol's stay.
    expect(await countsOf(blocker.id)).toEqual({ following: 1, followers: 1 });
    expect(await countsOf(blocked.id)).toEqual({ following: 0, followers: 1 });
    expect(await follows(fan, blocked)).toBe(true);

    // A repeat changes nothing and answers the same state.
    expect((await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200)).body).toEqual({ blocking: true });
    expect(await countsOf(blocker.id)).toEqual({ following: 1, followers: 1 });
    expect((await t.db.query('SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1', [blocker.id]))[0].n).toBe(1);

    expect((await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200)).body).toEqual({ blocking: false });
    expect((await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200)).body).toEqual({ blocking: false });
    expect((await t.db.query('SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1', [blocker.id]))[0].n).toBe(0);
    // An unblock brings no follow back.
    expect(await follows(blocker, blocked)).toBe(false);
  });

  it('refuses blocking oneself, an unknown account and a guest, in Turkish', async () => {
    const member = await t.createUser();
    const self = await t.http.put(`/api/users/${member.id}/block`).set('authorization', await t.bearer(member)).expect(400);
    expect(self.body).toEqual({ message: 'Kendinizi engelleyemezsiniz.', statusCode: 400 });
    expect((await t.http.delete(`/api/users/${member.id}/block`).set('authorization', await t.bearer(member)).expect(400)).body.message).toBe('Kendinizi engelleyemezsiniz.');
    const unknown = await t.http.put(`/api/users/${MISSING_ID}/block`).set('authorization', await t.bearer(member)).expect(404);
    expect(unknown.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
    const gone = await t.createUser({ isActive: false });
    expect((await t.http.put(`/api/users/${gone.id}/block`).set('authorization', await t.bearer(member)).expect(404)).body.message).toBe('Kullanıcı bulunamadı.');
    expect((await t.http.put('/api/users/abc/block').set('authorization', await t.bearer(member)).expect(400)).body.message).toBe('Geçersiz kimlik.');
    await t.http.put(`/api/users/${gone.id}/block`).expect(401);
    await t.http.get('/api/users/blocks').expect(401);
  });

  it('says `blocking` on the blocker’s profile view only, never to the blocked member', async () => {
    const [blocker, blocked, other] = await t.createUsers(3);
    await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
    const seen = await t.http.get(`/api/users/profile/${blocked.username}`).set('authorization', await t.bearer(blocker)).expect(200);
    expect(seen.body.user).toMatchObject({ blocking: true, isFollowing: false });
    const back = await t.http.get(`/api/users/profile/${blocker.username}`).set('authorization', await t.bearer(blocked)).expect(200);
    expect(back.body.user.blocking).toBe(false);
    const third = await t.http.get(`/api/users/profile/${blocked.username}`).set('authorization', await t.bearer(other)).expect(200);
    expect(third.body.user.blocking).toBe(false);
    const guest = await t.http.get(`/api/users/profile/${blocked.username}`).expect(200);
    expect(guest.body.user).not.toHaveProperty('blocking');
    const own = await t.http.get(`/api/users/profile/${blocker.username}`).set('authorization', await t.bearer(blocker)).expect(200);
    expect(own.body.user).not.toHaveProperty('blocking');
  });

  it('refuses a follow either way while a block stands, with a text that does not name the block', async () => {
    const [blocker, blocked] = await t.createUsers(2);
    await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
    for (const [a, b] of [
      [blocked, blocker],
      [blocker, blocked],
    ]) {
      const put = await t.http.put(`/api/users/${b.id}/follow`).set('authorization', await t.bearer(a)).expect(403);
      expect(put.body).toEqual({ message: 'Bu hesabı takip edemezsiniz.', statusCode: 403 });
      expect((await t.http.post(`/api/users/${b.id}/follow`).set('authorization', await t.bearer(a)).expect(403)).body.message).toBe('Bu hesabı takip edemezsiniz.');
      // An unfollow is never refused.
      await t.http.delete(`/api/users/${b.id}/follow`).set('authorization', await t.bearer(a)).expect(200);
    }
    expect(await countsOf(blocked.id)).toEqual({ following: 0, followers: 0 });
    await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
    await t.http.put(`/api/users/${blocker.id}/follow`).set('authorization', await t.bearer(blocked)).expect(200);
  });

  it('lists the accounts the viewer blocks, newest block first, in keyset pages', async () => {
    const [member, ...others] = await t.createUsers(4);
    for (const [i, other] of others.entries()) {
      await t.db.query(`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, now() - $3 * interval '1 minute')`, [member.id, other.id, 5 - i]);
    }
    // Someone blocking the member is not on the member's list.
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [(await t.createUser()).id, member.id]);
    const first = await t.http.get('/api/users/blocks?limit=2').set('authorization', await t.bearer(member)).expect(200);
    expect(first.body.users.map((u: { username: string }) => u.username)).toEqual([others[2].username, others[1].username]);
    expect(first.body.users[0]).toEqual({
      _id: others[2].id,
      id: others[2].id,
      username: others[2].username,
      displayName: others[2].displayName,
      isVerified: false,
      profileImage: null,
      bio: '',
    });
    const second = await t.http.get(`/api/users/blocks?limit=2&cursor=${first.body.nextCursor}`).set('authorization', await t.bearer(member)).expect(200);
    expect(second.body).toMatchObject({ users: [{ id: others[0].id }], nextCursor: null });
    expect((await t.http.get('/api/users/blocks?cursor=bozuk!').set('authorization', await t.bearer(member)).expect(400)).body.message).toBe('Geçersiz sayfa imleci.');
    const empty = await t.http.get('/api/users/blocks').set('authorization', await t.bearer(others[0])).expect(200);
    expect(empty.body).toEqual({ users: [], nextCursor: null });
  });

  it('the block list walks idx_blocks_blocker_created: no scan of blocks, no sort', async () => {
    const [member, ...others] = await t.createUsers(301);
    await t.fill(async (q) => {
      await q.query(`INSERT INTO blocks (blocker_id, blocked_id) SELECT o.id, m.id FROM unnest($1::uuid[]) AS o(id), unnest($1::uuid[]) AS m(id) WHERE o.id <> m.id`, [others.map((o) => o.id)]);
      await q.query(`INSERT INTO blocks (blocker_id, blocked_id) SELECT $1, o.id FROM unnest($2::uuid[]) AS o(id)`, [member.id, others.map((o) => o.id)]);
      await q.query('VACUUM ANALYZE blocks');
    });
    const plans = await t.plansOf('/api/users/blocks', await t.bearer(member));
    const list = plans.find((p) => p.sql.includes('FROM blocks b JOIN users u'));
    expect(list?.plan).toContain('idx_blocks_blocker_created');
    expect(list?.plan).not.toMatch(/Seq Scan on blocks|Sort/);
  });

  describe('refusals', () => {
    it('refuses a reply to the other’s post either way, with a text that does not name the block', async () => {
      const [blocker, blocked] = await t.createUsers(2);
      const own = await t.createPost(blocker, 'engelleyenin gönderisi');
      const theirs = await t.createPost(blocked, 'engellenenin gönderisi');
      await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
      const res = await t.http.post('/api/posts').set('authorization', await t.bearer(blocked)).send({ content: 'yanıt', replyToId: own.id }).expect(403);
      expect(res.body).toEqual({ message: 'Bu gönderiye yanıt veremezsiniz.', statusCode: 403 });
      await t.http.post('/api/posts').set('authorization', await t.bearer(blocker)).send({ content: 'yanıt', replyToId: theirs.id }).expect(403);
      expect((await t.db.query('SELECT reply_count FROM posts WHERE id = ANY($1::uuid[])', [[own.id, theirs.id]])).map((r: { reply_count: number }) => r.reply_count)).toEqual([0, 0]);
      // A third member replies as before; after the unblock, so do they.
      await t.http.post('/api/posts').set('authorization', await t.bearer(await t.createUser())).send({ content: 'yanıt', replyToId: own.id }).expect(201);
      await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
      await t.http.post('/api/posts').set('authorization', await t.bearer(blocked)).send({ content: 'yanıt', replyToId: own.id }).expect(201);
    });

    it('refuses a message either way and hides the thread and the conversation from both', async () => {
      const [blocker, blocked] = await t.createUsers(2);
      await t.http.post('/api/messages/send').set('authorization', await t.bearer(blocked)).send({ receiverId: blocker.id, content: 'merhaba' }).expect(201);
      await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
      for (const [from, to] of [
        [blocked, blocker],
        [blocker, blocked],
      ]) {
        const res = await t.http.post('/api/messages/send').set('authorization', await t.bearer(from)).send({ receiverId: to.id, content: 'selam' }).expect(403);
        expect(res.body).toEqual({ message: 'Bu kullanıcıya mesaj gönderemezsiniz.', messageRefusal: 'unavailable', statusCode: 403 });
        const thread = await t.http.get(`/api/messages/conversation/${to.id}`).set('authorization', await t.bearer(from)).expect(200);
        expect(thread.body).toMatchObject({ messages: [], nextCursor: null });
        const list = await t.http.get('/api/messages/conversations').set('authorization', await t.bearer(from)).expect(200);
        expect(list.body.conversations).toEqual([]);
      }
      // The blocked member's unread message no longer counts on the blocker's badge.
      expect((await t.http.get('/api/messages/unread-count').set('authorization', await t.bearer(blocker)).expect(200)).body.count).toBe(0);
      await t.http.delete(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
      const back = await t.http.get('/api/messages/conversations').set('authorization', await t.bearer(blocker)).expect(200);
      expect(back.body.conversations.map((c: { id: string }) => c.id)).toEqual([blocked.id]);
    });

    it('a mention of the blocker by the blocked member notifies nobody; earlier notifications are hidden, counts too', async () => {
      const [blocker, blocked, other] = await t.createUsers(3);
      const post = await t.createPost(blocker, 'beğenilecek gönderi');
      await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(blocked)).expect(200);
      await t.http.put(`/api/users/${blocker.id}/follow`).set('authorization', await t.bearer(other)).expect(200);
      await t.settled();
      const unread = async () => (await t.http.get('/api/notifications/unread-count').set('authorization', await t.bearer(blocker)).expect(200)).body;
      expect(await unread()).toMatchObject({ count: 2 });

      await t.http.put(`/api/users/${blocked.id}/block`).set('authorization', await t.bearer(blocker)).expect(200);
      await t.createPost(blocked, `selam @${blocker.username}`);
      await t.createPost(other, `selam @${blocker.username}`);
      await t.settled();
      const list = await t.http.get('/api/notifications').set('authorization', await t.bearer(blocker)).expect(200);
      const actors = list.body.notifications.flatMap((n: { actors: { id: string }[] }) => n.actors.map((a) => a.id));
      expect(actors).not.toContain(blocked.id);
      expect(list.body.notifications.map((n: { type: string }) => n.type).sort()).toEqual(['follow', 'mention']);
      expect(await unread()).toMatchObject({ count: 2 });
      expect((await t.db.query(`SELECT count(*)::int AS n FROM notifications WHERE actor_id = $1 AND group_id IN (SELECT id FROM notification_groups WHERE type = 'mention')`, [blocked.id]))[0].n).toBe(0);
    });
  });
});
