import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface EntryRow {
  actor_id: string;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The staff audit log (docs/architecture.md#audit-log): every back-office action writes exactly one
 * entry in its own transaction, a refused one none; the table refuses UPDATE, DELETE and TRUNCATE;
 * GET /api/admin/audit filters and pages it.
 */
describe('staff audit log (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterAll(async () => {
    await t.close();
  });

  const entriesOf = (actorId: string): Promise<EntryRow[]> =>
    t.db.query(
      `SELECT actor_id, actor_username, action, target_type, target_id, target_label, reason, before, after
         FROM audit_log WHERE actor_id = $1 ORDER BY created_at, id`,
      [actorId],
    );
  const total = async () => Number((await t.db.query('SELECT count(*) AS n FROM audit_log'))[0].n);
  /** Runs `fn` and returns the entries it wrote (every actor), oldest first. */
  const written = async (fn: () => Promise<unknown>): Promise<EntryRow[]> => {
    // As text: a JS Date would drop the microseconds and find the newest entry "after" itself.
    const [{ at }] = await t.db.query(`SELECT coalesce(max(created_at), '-infinity')::text AS at FROM audit_log`);
    await fn();
    return t.db.query(
      `SELECT actor_id, actor_username, action, target_type, target_id, target_label, reason, before, after
         FROM audit_log WHERE created_at > $1::timestamptz ORDER BY created_at, id`,
      [at],
    );
  };

  describe('user edits', () => {
    it('writes one entry per change with the field before and after, the actor and @username', async () => {
      const actor = await t.createUser({ role: 'admin' });
      const auth = await t.bearer(actor);
      const member = await t.createUser();
      const patch = (body: object) => t.http.patch(`/api/admin/users/${member.id}`).set('authorization', auth).send(body).expect(200);
      await patch({ isVerified: true });
      await patch({ isVerified: false });
      await patch({ isActive: false });
      await patch({ isActive: true });
      await patch({ role: 'moderator' });
      const base = { actor_id: actor.id, actor_username: actor.username, target_type: 'user', target_id: member.id, target_label: `@${member.username}`, reason: null };
      expect(await entriesOf(actor.id)).toEqual([
        { ...base, action: 'user.verify', before: { isVerified: false }, after: { isVerified: true } },
        { ...base, action: 'user.unverify', before: { isVerified: true }, after: { isVerified: false } },
        { ...base, action: 'user.deactivate', before: { isActive: true }, after: { isActive: false } },
        { ...base, action: 'user.activate', before: { isActive: false }, after: { isActive: true } },
        { ...base, action: 'user.role', before: { role: 'user' }, after: { role: 'moderator' } },
      ]);
    });

    it('writes nothing for a refused change (403, 404, 400)', async () => {
      const member = await t.createUser();
      const auth = await t.bearer(moderator);
      const entries = await written(async () => {
        await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', auth).send({ role: 'admin' }).expect(403);
        await t.http.patch(`/api/admin/users/${admin.id}`).set('authorization', auth).send({ isActive: false }).expect(403);
        await t.http.patch(`/api/admin/users/${moderator.id}`).set('authorization', auth).send({ isActive: false }).expect(403);
        await t.http.patch(`/api/admin/users/${MISSING_ID}`).set('authorization', auth).send({ isVerified: true }).expect(404);
        await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', auth).send({ isVerified: true, isActive: true }).expect(400);
        await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', `Bearer ${await t.tokenFor(member)}`).send({ isVerified: true }).expect(403);
      });
      expect(entries).toEqual([]);
    });

    it('rolls the change back when its entry cannot be written (one transaction)', async () => {
      const member = await t.createUser();
      const before = await total();
      // A constraint only this test adds makes the entry's INSERT fail after the UPDATE ran.
      await t.db.query(`ALTER TABLE audit_log ADD CONSTRAINT test_refuse_verify CHECK (action <> 'user.verify') NOT VALID`);
      try {
        await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', await t.bearer(admin)).send({ isVerified: true }).expect(500);
      } finally {
        await t.db.query('ALTER TABLE audit_log DROP CONSTRAINT test_refuse_verify');
      }
      expect((await t.db.query('SELECT is_verified FROM users WHERE id = $1', [member.id]))[0].is_verified).toBe(false);
      expect(await total()).toBe(before);
    });
  });

  describe('posts', () => {
    it('logs the sensitive mark and its removal with the post’s first 80 characters as the label', async () => {
      const actor = await t.createUser({ role: 'moderator' });
      const auth = await t.bearer(actor);
      const content = `${'ğ'.repeat(79)}😀 ve devamı`;
      const post = await t.createPost(await t.createUser(), content);
      await t.http.patch(`/api/admin/posts/${post.id}`).set('authorization', auth).send({ sensitive: true }).expect(200);
      await t.http.patch(`/api/admin/posts/${post.id}`).set('authorization', auth).send({ sensitive: false }).expect(200);
      const base = { actor_id: actor.id, actor_username: actor.username, target_type: 'post', target_id: post.id, target_label: `${'ğ'.repeat(79)}😀`, reason: null };
      expect(await entriesOf(actor.id)).toEqual([
        { ...base, action: 'post.mark_sensitive', before: { sensitive: false }, after: { sensitive: true } },
        { ...base, action: 'post.clear_sensitive', before: { sensitive: true }, after: { sensitive: false } },
      ]);
    });

    it('logs a staff deletion with the deleted text; an author’s own delete and a refused one write nothing', async () => {
      const actor = await t.createUser({ role: 'moderator' });
      const author = await t.createUser();
      const post = await t.createPost(author, 'moderatörün sildiği gönderi');
      await t.http.delete(`/api/admin/posts/${post.id}`).set('authorization', await t.bearer(actor)).expect(200);
      expect(await entriesOf(actor.id)).toEqual([
        {
          actor_id: actor.id,
          actor_username: actor.username,
          action: 'post.delete',
          target_type: 'post',
          target_id: post.id,
          target_label: 'moderatörün sildiği gönderi',
          reason: null,
          before: { content: 'moderatörün sildiği gönderi', authorId: author.id, replyToId: null },
          // Kept in the removed posts' archive for the author's notice, which an appeal can undo.
          after: { archivedFor: expect.any(String) },
        },
      ]);

      const own = await t.createPost(author, 'kendi sildiğim gönderi');
      const other = await t.createPost(author, 'kalacak gönderi');
      const entries = await written(async () => {
        await t.http.delete(`/api/posts/${own.id}`).set('authorization', await t.bearer(author)).expect(200);
        await t.http.delete(`/api/admin/posts/${MISSING_ID}`).set('authorization', await t.bearer(actor)).expect(404);
        await t.http.patch(`/api/admin/posts/${MISSING_ID}`).set('authorization', await t.bearer(actor)).send({ sensitive: true }).expect(404);
        await t.http.delete(`/api/admin/posts/${other.id}`).set('authorization', await t.bearer(author)).expect(403);
      });
      expect(entries).toEqual([]);
    });
  });

  describe('settings', () => {
    it('logs the fields whose value changed, by wire name; a refused save writes nothing', async () => {
      const actor = await t.createUser({ role: 'admin' });
      const auth = await t.bearer(actor);
      const current = (await t.http.get('/api/admin/settings').set('authorization', auth).expect(200)).body.settings;
      await t.http
        .patch('/api/admin/settings')
        .set('authorization', auth)
        .send({ maintenanceMode: true, maxTweetLength: current.maxTweetLength, rateLimit: { windowMs: current.rateLimit.windowMs, maxRequests: current.rateLimit.maxRequests + 1 } })
        .expect(200);
      await t.http.patch('/api/admin/settings').set('authorization', auth).send({ maintenanceMode: false }).expect(200);
      const base = { actor_id: actor.id, actor_username: actor.username, action: 'settings.update', target_type: 'settings', target_id: null, target_label: 'Sistem ayarları', reason: null };
      expect(await entriesOf(actor.id)).toEqual([
        { ...base, before: { maintenanceMode: false, rateLimit: current.rateLimit }, after: { maintenanceMode: true, rateLimit: { ...current.rateLimit, maxRequests: current.rateLimit.maxRequests + 1 } } },
        { ...base, before: { maintenanceMode: true }, after: { maintenanceMode: false } },
      ]);

      const entries = await written(async () => {
        await t.http.patch('/api/admin/settings').set('authorization', auth).send({ siteName: 'Başka Ad' }).expect(400);
        await t.http.patch('/api/admin/settings').set('authorization', auth).send({ maxTweetLength: -1 }).expect(400);
        await t.http.patch('/api/admin/settings').set('authorization', await t.bearer(moderator)).send({ maintenanceMode: true }).expect(403);
      });
      expect(entries).toEqual([]);
    });
  });

  describe('append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE through the app’s own connection and leaves the row as it was', async () => {
      const member = await t.createUser();
      await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', await t.bearer(admin)).send({ isVerified: true }).expect(200);
      const [row] = await t.db.query(`SELECT * FROM audit_log WHERE target_id = $1`, [member.id]);
      const count = await total();
      await expect(t.db.query(`UPDATE audit_log SET action = 'user.unverify', after = '{}' WHERE id = $1`, [row.id])).rejects.toThrow(/append-only: UPDATE/);
      await expect(t.db.query(`DELETE FROM audit_log WHERE id = $1`, [row.id])).rejects.toThrow(/append-only: DELETE/);
      await expect(t.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only: TRUNCATE/);
      expect(await t.db.query(`SELECT * FROM audit_log WHERE id = $1`, [row.id])).toEqual([row]);
      expect(await total()).toBe(count);
    });

    it('keeps the entries when the account and the post they name are deleted (no foreign keys to cascade)', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'sonra silinecek yazarın gönderisi');
      await t.http.patch(`/api/admin/posts/${post.id}`).set('authorization', await t.bearer(admin)).send({ sensitive: true }).expect(200);
      await t.db.query('DELETE FROM users WHERE id = $1', [author.id]);
      expect(await t.db.query('SELECT action FROM audit_log WHERE target_id = $1', [post.id])).toEqual([{ action: 'post.mark_sensitive' }]);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists newest first with the entry shape, filtered and cursor-paged', async () => {
      const actor = await t.createUser({ role: 'admin' });
      const auth = await t.bearer(actor);
      const members = [await t.createUser(), await t.createUser(), await t.createUser()];
      for (const m of members) await t.http.patch(`/api/admin/users/${m.id}`).set('authorization', auth).send({ isVerified: true }).expect(200);
      await t.http.patch(`/api/admin/users/${members[0].id}`).set('authorization', auth).send({ isActive: false }).expect(200);
      const list = (query: string) => t.http.get(`/api/admin/audit?${query}`).set('authorization', auth).expect(200);

      const all = (await list(`actorId=${actor.id}`)).body;
      expect(all.nextCursor).toBeNull();
      expect(all.entries).toHaveLength(4);
      expect(all.entries[0]).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
        actor: { id: actor.id, username: actor.username },
        action: 'user.deactivate',
        target: { type: 'user', id: members[0].id, label: `@${members[0].username}` },
        reason: null,
        before: { isActive: true },
        after: { isActive: false },
      });
      expect(all.entries.map((e: { target: { id: string } }) => e.target.id)).toEqual([members[0].id, members[2].id, members[1].id, members[0].id]);

      // Pages of 1 walk the same order, each cursor continuing after the last entry.
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 5 && cursor !== null; i++) {
        const page = (await list(`actorId=${actor.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).body;
        seen.push(...page.entries.map((e: { id: string }) => e.id));
        cursor = page.nextCursor;
      }
      expect(cursor).toBeNull();
      expect(seen).toEqual(all.entries.map((e: { id: string }) => e.id));

      const verified = (await list(`actorId=${actor.id}&action=user.verify`)).body.entries;
      expect(verified.map((e: { target: { id: string } }) => e.target.id)).toEqual([members[2].id, members[1].id, members[0].id]);
      const target = (await list(`targetType=user&targetId=${members[0].id}`)).body.entries;
      expect(target.map((e: { action: string }) => e.action)).toEqual(['user.deactivate', 'user.verify']);
      expect((await list(`actorId=${actor.id}&action=post.delete`)).body).toEqual({ entries: [], nextCursor: null });
      // Without a filter, every actor's entries: this actor's newest is among the newest.
      expect((await list('limit=1')).body.entries[0].actor.id).toBe(actor.id);
    });

    it('answers bad filters with a Turkish 400', async () => {
      const auth = await t.bearer(admin);
      const bad = async (query: string, message: string) => {
        const res = await t.http.get(`/api/admin/audit?${query}`).set('authorization', auth).expect(400);
        expect(res.body.message).toBe(message);
      };
      await bad('actorId=nope', 'Personel kimliği (actorId) geçerli bir kimlik olmalıdır.');
      await bad('action=user.delete', 'İşlem (action) bilinen işlem kodlarından biri olmalıdır.');
      await bad('targetType=message', 'Hedef türü (targetType) bilinen hedef türlerinden biri olmalıdır.');
      await bad('targetType=post&targetId=12', 'Hedef kimliği (targetId) geçerli bir kimlik olmalıdır.');
      await bad(`targetId=${MISSING_ID}`, 'Hedef kimliği (targetId) hedef türüyle (targetType) birlikte gönderilmelidir.');
      await bad('cursor=bozuk!', 'Geçersiz sayfa imleci.');
    });

    it('is for admins only: moderators and members 403, guests 401', async () => {
      await t.http.get('/api/admin/audit').set('authorization', await t.bearer(moderator)).expect(403);
      await t.http.get('/api/admin/audit').set('authorization', await t.bearer(await t.createUser())).expect(403);
      await t.http.get('/api/admin/audit').expect(401);
    });
  });
});

/** The list's plans on a log big enough for real plans: every filter path walks its own index. */
describe('GET /api/admin/audit query plans (real PostgreSQL, 40k entries)', () => {
  let t: TestApp;
  let auth: string;
  let actorId: string;
  let targetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ role: 'admin' });
    auth = await t.bearer(admin);
    await t.fill(async (fill) => {
      // 200 actors, 4,000 targets, one entry a minute back in time; role changes are the rare
      // action (1 in 100), as they are in real life, and the common ones spread over 8 codes.
      await fill.query(
        `WITH actors AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, 200)),
              targets AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, 4000))
         INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, target_label, before, after, created_at)
         SELECT actors.ids[1 + n % 200], 'staff' || (n % 200),
                CASE WHEN n % 100 = 0 THEN 'user.role'
                     ELSE (ARRAY['user.verify','user.unverify','user.activate','user.deactivate','post.mark_sensitive','post.clear_sensitive','post.delete','settings.update'])[1 + n % 8] END,
                CASE WHEN n % 2 = 0 THEN 'user' ELSE 'post' END, targets.ids[1 + n % 4000], 'hedef ' || n,
                '{"isVerified": false}', '{"isVerified": true}', now() - n * interval '1 minute'
           FROM generate_series(1, 40000) AS n, actors, targets`,
      );
      await fill.query('ANALYZE audit_log');
    });
    actorId = (await t.db.query(`SELECT actor_id FROM audit_log WHERE actor_username = 'staff7' LIMIT 1`))[0].actor_id;
    targetId = (await t.db.query(`SELECT target_id FROM audit_log WHERE target_type = 'user' LIMIT 1`))[0].target_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no filter', () => '', 'idx_audit_log_created'],
    ['actorId', () => `actorId=${actorId}`, 'idx_audit_log_actor'],
    ['action', () => 'action=user.role', 'idx_audit_log_action'],
    ['targetType + targetId', () => `targetType=user&targetId=${targetId}`, 'idx_audit_log_target'],
  ])('%s: an index scan of its own index, no Seq Scan', async (_name, query, index) => {
    const first = await t.http.get(`/api/admin/audit?${query()}`).set('authorization', auth).expect(200);
    const cursor = first.body.nextCursor as string | null;
    for (const path of [`/api/admin/audit?${query()}`, ...(cursor ? [`/api/admin/audit?${query()}&cursor=${cursor}`] : [])]) {
      const plans = (await t.plansOf(path, auth)).filter((p) => /FROM audit_log/.test(p.sql));
      expect(plans).toHaveLength(1);
      expect(plans[0].plan).not.toMatch(/Seq Scan on audit_log/);
      expect(plans[0].plan).toMatch(new RegExp(`Index Scan using ${index} on audit_log`));
    }
  });
});
