import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { REFRESH_LOCK, TrendingRepository } from './trending.repository';
import { TrendingService } from './trending.service';

describe('trending API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  /** Trends are precomputed: a test that just wrote its posts recomputes them, as the minute-old refresh would. */
  const refresh = () => t.app.get(TrendingService).refresh();

  describe('GET /api/trending/hashtags', () => {
    it('ranks the last 7 days by post count, scores likes + 2×reposts + replies, hides old and deactivated', async () => {
      const [a, b, c, gone] = await t.createUsers(4);
      const p1 = await t.createPost(a, 'Sabah #Gündem ve #kahve');
      const p2 = await t.createPost(b, 'Öğlen #gündem');
      await t.createPost(c, 'Akşam #GÜNDEM #İstanbul');
      const p4 = await t.createPost(a, 'Boğaz #istanbul');
      await t.createPost(b, 'Tek başına #yazılım');
      // Engagement: p1 one like and one repost (1 + 2), p2 one reply (1), p4 two likes (2).
      await t.http.post(`/api/posts/${p1.id}/like`).set('authorization', await bearer(b)).expect(200);
      await t.http.post(`/api/posts/${p1.id}/retweet`).set('authorization', await bearer(c)).expect(200);
      await t.createPost(c, 'katılıyorum', p2.id);
      await t.http.post(`/api/posts/${p4.id}/like`).set('authorization', await bearer(b)).expect(200);
      await t.http.post(`/api/posts/${p4.id}/like`).set('authorization', await bearer(c)).expect(200);
      // Older than a week, and by a deactivated author: neither counts.
      const old = await t.createPost(c, 'Eski #yazılım #yazılım2');
      await t.db.query(`UPDATE posts SET created_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
      await t.createPost(gone, '#gizli #gizli2 #yazılım');
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
      await refresh();

      const res = await t.http.get('/api/trending/hashtags?limit=5').expect(200);
      expect(res.body).toEqual({
        trends: [
          { hashtag: 'gündem', postCount: 3, engagementScore: 4 },
          { hashtag: 'istanbul', postCount: 2, engagementScore: 2 },
          { hashtag: 'kahve', postCount: 1, engagementScore: 3 },
          { hashtag: 'yazılım', postCount: 1, engagementScore: 0 },
        ],
      });
      const two = await t.http.get('/api/trending/hashtags?limit=2').expect(200);
      expect(two.body.trends.map((x: { hashtag: string }) => x.hashtag)).toEqual(['gündem', 'istanbul']);
      const byDefault = await t.http.get('/api/trending/hashtags').set('authorization', await bearer(a)).expect(200);
      expect(byDefault.body.trends).toHaveLength(4);
    });

    it.each(['limit=0', 'limit=21', 'limit=x'])('refuses ?%s with 400', async (query) => {
      const res = await t.http.get(`/api/trending/hashtags?${query}`).expect(400);
      expect(res.body).toEqual({ message: 'limit 1 ile 20 arasında olmalıdır.', statusCode: 400 });
    });
  });

  describe('GET /api/trending/users', () => {
    it('suggests active accounts by recent posts then followers, never the viewer or followed ones', async () => {
      await t.settled();
      await t.db.query('DELETE FROM users');
      const [busy, quiet, popular, viewer, gone, followed] = await t.createUsers(6);
      for (let i = 0; i < 3; i++) await t.createPost(busy, `meşgul ${i}`);
      await t.createPost(followed, 'takip edilen');
      await t.createPost(viewer, 'izleyici');
      for (let i = 0; i < 5; i++) await t.createPost(gone, `gidecek ${i}`);
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
      // A week-old burst does not count as recent activity.
      const old = await t.createPost(quiet, 'eski');
      await t.db.query(`UPDATE posts SET created_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
      await t.http.post(`/api/users/${popular.id}/follow`).set('authorization', await bearer(quiet)).expect(200);
      await t.http.post(`/api/users/${followed.id}/follow`).set('authorization', await bearer(viewer)).expect(200);
      await refresh();

      const guest = await t.http.get('/api/trending/users?limit=10').expect(200);
      const guestIds = guest.body.users.map((u: { id: string }) => u.id);
      // followed and viewer have one recent post each; their order between them is by followers.
      expect(guestIds).toEqual([busy.id, followed.id, viewer.id, popular.id, quiet.id]);

      const mine = await t.http.get('/api/trending/users').set('authorization', await bearer(viewer)).expect(200);
      expect(mine.body.users.map((u: { id: string }) => u.id)).toEqual([busy.id, popular.id, quiet.id]);
      for (const user of mine.body.users) {
        expect(user).toMatchObject({ _id: user.id, isFollowing: false, isActive: true });
        expect(user).not.toHaveProperty('email');
      }
    });

    it('filters the viewer\'s follows per request, without waiting for the next refresh', async () => {
      await t.settled();
      await t.db.query('DELETE FROM users');
      const [first, second, viewer] = await t.createUsers(3);
      await t.createPost(first, 'bir');
      await t.createPost(first, 'iki');
      await t.createPost(second, 'üç');
      await refresh();
      const auth = await bearer(viewer);
      const before = await t.http.get('/api/trending/users').set('authorization', auth).expect(200);
      expect(before.body.users.map((u: { id: string }) => u.id)).toEqual([first.id, second.id]);
      await t.http.post(`/api/users/${first.id}/follow`).set('authorization', auth).expect(200);
      const after = await t.http.get('/api/trending/users').set('authorization', auth).expect(200);
      expect(after.body.users.map((u: { id: string }) => u.id)).toEqual([second.id]);
      // A deactivated candidate disappears at once too (the lookup of the candidates checks it).
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [second.id]);
      const gone = await t.http.get('/api/trending/users').set('authorization', auth).expect(200);
      expect(gone.body.users).toEqual([]);
    });

    it('falls back to the newest accounts the viewer does not follow when the candidates run out', async () => {
      await t.settled();
      await t.db.query('DELETE FROM users');
      const [a, b, viewer] = await t.createUsers(3);
      await refresh();
      // Accounts created after the refresh are no candidates yet; the fallback finds them.
      const [late1, late2] = await t.createUsers(2);
      const auth = await bearer(viewer);
      await t.http.post(`/api/users/${a.id}/follow`).set('authorization', auth).expect(200);
      await t.http.post(`/api/users/${b.id}/follow`).set('authorization', auth).expect(200);
      const res = await t.http.get('/api/trending/users?limit=2').set('authorization', auth).expect(200);
      expect(res.body.users.map((u: { id: string }) => u.id).sort()).toEqual([late1.id, late2.id].sort());
    });

    it('refuses a bad limit with 400 and a bad token with 401', async () => {
      await t.http.get('/api/trending/users?limit=0').expect(400);
      await t.http.get('/api/trending/users').set('authorization', 'Bearer bozuk').expect(401);
    });
  });

  describe('precomputed ranking', () => {
    it('serves the request from the snapshot in memory: no statement on posts; a new post shows after a refresh', async () => {
      const [author] = await t.createUsers(1);
      await t.createPost(author, 'Yeni bir etiket #anlıkgündem');
      await refresh();
      const served = await t.countQueries(() => t.http.get('/api/trending/hashtags?limit=20').expect(200));
      expect(served.result.body.trends).toContainEqual({ hashtag: 'anlıkgündem', postCount: 1, engagementScore: 0 });
      expect(served.queries).toBe(0);

      await t.createPost(author, 'İkinci kez #anlıkgündem ve #tazeetiket');
      const stale = await t.http.get('/api/trending/hashtags?limit=20').expect(200);
      expect(stale.body.trends).not.toContainEqual(expect.objectContaining({ hashtag: 'tazeetiket' }));
      await refresh();
      const fresh = await t.http.get('/api/trending/hashtags?limit=20').expect(200);
      expect(fresh.body.trends).toContainEqual({ hashtag: 'anlıkgündem', postCount: 2, engagementScore: 0 });
      expect(fresh.body.trends).toContainEqual({ hashtag: 'tazeetiket', postCount: 1, engagementScore: 0 });

      const guest = await t.countQueries(() => t.http.get('/api/trending/users').expect(200));
      expect(guest.statements.map((s) => s.text).join('\n')).not.toMatch(/\bposts\b/);
      const viewer = await t.countQueries(async () => t.http.get('/api/trending/users').set('authorization', await bearer(author)).expect(200));
      expect(viewer.statements.map((s) => s.text).join('\n')).not.toMatch(/\bposts\b/);
      expect(viewer.statements.map((s) => s.text).join('\n')).toMatch(/FROM follows f WHERE f.follower_id/);
    });

    it('stores the ranking for every node and computes it on the first request after boot', async () => {
      const [author] = await t.createUsers(1);
      await t.createPost(author, 'Açılışta #ilkistek');
      await t.db.query('DELETE FROM trending_snapshots');
      // A second app on the same database stands for a freshly booted node: it has nothing in memory.
      const fresh = new TrendingService(t.app.get(TrendingRepository));
      const first = await fresh.hashtags({ limit: 20 });
      expect(first.trends).toContainEqual({ hashtag: 'ilkistek', postCount: 1, engagementScore: 0 });
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM trending_snapshots`);
      expect(n).toBe(2);
      await fresh.onModuleDestroy();
    });

    it('refresh() waits for another node’s refresh (the advisory lock) and then computes: what committed before it is served', async () => {
      const [author] = await t.createUsers(1);
      await refresh();
      // Another node's refresh holds the lock; its reads may predate the post below.
      const other = new Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock($1)', [REFRESH_LOCK]);
        await t.createPost(author, 'Kilit beklenirken #kilitsonrasi');
        const refreshed = refresh();
        await waitsForAdvisoryLock();
        await other.query('COMMIT');
        await refreshed;
      } finally {
        await other.end();
      }
      const served = await t.http.get('/api/trending/hashtags?limit=20').expect(200);
      expect(served.body.trends).toContainEqual({ hashtag: 'kilitsonrasi', postCount: 1, engagementScore: 0 });
    });
  });

  /** Resolves once a session of this database waits for an advisory lock (polled, a few ms apart). */
  const waitsForAdvisoryLock = async () => {
    for (let i = 0; i < 1_000; i++) {
      const rows = await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`);
      if (rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the refresh never waited for the lock');
  };
});
