import { USER_SEARCH_MAX_LIMIT } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TrendingService } from '../trending/trending.service';
import type { User } from './user.entity';

/**
 * Issue 26, `Keşfedilebilir` (users.discoverable): off keeps the account out of who-to-follow and
 * people search, and out of strangers' `@` suggestions; its profile URL and @mentions still work.
 * An account the viewer follows (and the viewer's own) stays findable to them.
 */
describe('discoverable off (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const hide = (user: Pick<User, 'id'>) => t.db.query('UPDATE users SET discoverable = false WHERE id = $1', [user.id]);
  const follow = (follower: Pick<User, 'id'>, followee: Pick<User, 'id'>) =>
    t.db.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [follower.id, followee.id]);
  const get = async (path: string, viewer?: Pick<User, 'id'>) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await bearer(viewer));
    return (await req.expect(200)).body as { users: { id: string; username: string }[] };
  };
  const ids = (body: { users: { id: string }[] }) => body.users.map((u) => u.id);

  it('people search: strangers and guests do not find it; the member and their followers still do', async () => {
    const open = await t.createUser({ username: 'ksf_acik', displayName: 'Keşif Açık' });
    const hidden = await t.createUser({ username: 'ksf_gizli', displayName: 'Keşif Gizli' });
    const [stranger, fan] = [await t.createUser(), await t.createUser()];
    await hide(hidden);
    await follow(fan, hidden);
    // By username, by the start of the display name and by a later word of it: each branch of the search.
    for (const q of ['ksf_', 'keşif', 'gizli']) {
      const path = `/api/users/search?q=${encodeURIComponent(q)}`;
      expect([q, ids(await get(path))]).toEqual([q, q === 'gizli' ? [] : [open.id]]);
      expect([q, ids(await get(path, stranger))]).toEqual([q, q === 'gizli' ? [] : [open.id]]);
      expect([q, ids(await get(path, fan)).sort()]).toEqual([q, (q === 'gizli' ? [hidden.id] : [open.id, hidden.id]).sort()]);
      expect([q, ids(await get(path, hidden)).sort()]).toEqual([q, (q === 'gizli' ? [hidden.id] : [open.id, hidden.id]).sort()]);
    }
    // Turned back on: found by everyone again.
    await t.db.query('UPDATE users SET discoverable = true WHERE id = $1', [hidden.id]);
    expect(ids(await get('/api/users/search?q=ksf_')).sort()).toEqual([open.id, hidden.id].sort());
  });

  it('@ suggestions: hidden from others, kept for the accounts the member follows', async () => {
    const open = await t.createUser({ username: 'mnt_acik' });
    const hidden = await t.createUser({ username: 'mnt_gizli' });
    const [stranger, fan] = [await t.createUser(), await t.createUser()];
    await hide(hidden);
    await follow(fan, hidden);
    expect(ids(await get('/api/users/suggest?q=mnt_', stranger))).toEqual([open.id]);
    expect(ids(await get('/api/users/suggest?q=mnt_', fan))).toEqual([open.id, hidden.id]);
  });

  it('who-to-follow: never suggested, neither from the ranking nor from the newest accounts', async () => {
    await t.settled();
    await t.db.query('DELETE FROM trending_snapshots');
    const [busy, hiddenBusy, viewer] = [await t.createUser(), await t.createUser(), await t.createUser()];
    for (let i = 0; i < 4; i++) await t.createPost(hiddenBusy, `gizli ama çok yazan ${i}`);
    for (let i = 0; i < 3; i++) await t.createPost(busy, `açık ${i}`);
    await hide(hiddenBusy);
    await t.app.get(TrendingService).refresh();
    const guest = ids(await get('/api/trending/users?limit=20'));
    expect(guest[0]).toBe(busy.id);
    expect(guest).not.toContain(hiddenBusy.id);
    expect(ids(await get('/api/trending/users?limit=20', viewer))).not.toContain(hiddenBusy.id);
    // A ranking computed while it was still discoverable does not bring it back either.
    await t.db.query('UPDATE users SET discoverable = true WHERE id = $1', [hiddenBusy.id]);
    await t.app.get(TrendingService).refresh();
    expect(ids(await get('/api/trending/users?limit=20'))[0]).toBe(hiddenBusy.id);
    await hide(hiddenBusy);
    expect(ids(await get('/api/trending/users?limit=20'))).not.toContain(hiddenBusy.id);
    // The newest accounts that fill the list when the ranking runs out leave it out too.
    const [fresh, freshOpen] = [await t.createUser(), await t.createUser()];
    await hide(fresh);
    const filled = ids(await get('/api/trending/users?limit=20', viewer));
    expect(filled).toContain(freshOpen.id);
    expect(filled).not.toContain(fresh.id);
  });

  it('its profile URL and @mentions still work', async () => {
    const hidden = await t.createUser({ username: 'mention_gizli' });
    const author = await t.createUser();
    await hide(hidden);
    const profile = await get(`/api/users/profile/${hidden.username}`);
    expect((profile as unknown as { user: { id: string } }).user.id).toBe(hidden.id);
    await t.createPost(author, `Merhaba @${hidden.username}`);
    await t.settled();
    const notes = await t.http.get('/api/notifications').set('authorization', await bearer(hidden)).expect(200);
    expect(JSON.stringify(notes.body)).toContain('mention');
  });

  describe('at a seeded size, every 10th account not discoverable', () => {
    const SEEDED = 20_000;
    let viewer: User;
    beforeAll(async () => {
      viewer = await t.createUser();
      await t.fill(async (fill) => {
        await fill.query(
          `INSERT INTO users (username, display_name, email, password_hash, discoverable)
           SELECT 'kesif' || n, (ARRAY['Ayşe', 'Mehmet', 'İsmail', 'Şule'])[1 + n % 4] || ' Keşif ' || n,
                  'kesif' || n || '@test.gundem', 'x', n % 10 <> 0
             FROM generate_series(1, $1::int) AS n`,
          [SEEDED],
        );
        await fill.query('VACUUM ANALYZE users');
      });
    }, 120_000);

    it('people search keeps its prefix indexes (no sequential scan of users) and leaves the hidden ones out', async () => {
      for (const q of ['kesif1', 'ismail', 'keşif 1']) {
        const path = `/api/users/search?q=${encodeURIComponent(q)}&limit=${USER_SEARCH_MAX_LIMIT}`;
        const plans = (await t.plansOf(path, await bearer(viewer))).filter((p) => p.sql.includes('user_name_fold'));
        expect(plans).toHaveLength(1);
        expect(plans[0].plan).toMatch(/Index Scan using idx_users_display_name_prefix on users/);
        expect(plans[0].plan).toMatch(/Index Scan using idx_user_name_words_rest on user_name_words/);
        expect(plans[0].plan).not.toMatch(/Seq Scan on (users|user_name_words)/);
        const found = (await get(path, viewer)).users.map((u) => Number(u.username.replace('kesif', '')));
        expect(found.length).toBeGreaterThan(0);
        expect(found.filter((n) => n % 10 === 0)).toEqual([]);
      }
    });

    it('@ suggestions keep the username prefix index and leave the hidden ones out', async () => {
      const plans = (await t.plansOf('/api/users/suggest?q=kesif1', await bearer(viewer))).filter((p) => p.sql.includes('~<~'));
      expect(plans).toHaveLength(1);
      expect(plans[0].plan).toMatch(/Index (Only )?Scan using idx_users_username_prefix on users/);
      expect(plans[0].plan).not.toMatch(/Seq Scan on users/);
      const found = (await get('/api/users/suggest?q=kesif1', viewer)).users.map((u) => u.username);
      // kesif1, kesif10 (hidden), kesif100 (hidden), kesif1000 (hidden), kesif10000 (hidden), kesif10001…
      expect(found).toEqual(['kesif1', 'kesif10001', 'kesif10002', 'kesif10003', 'kesif10004', 'kesif10005', 'kesif10006', 'kesif10007']);
    });
  });
});
