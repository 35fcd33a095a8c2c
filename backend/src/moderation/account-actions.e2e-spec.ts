import { closeAllSockets, connectSocket, nextEvent } from '../../test/socket-client';
import { png } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { Suspensions } from './suspensions';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Staff's graduated actions on an account (issue 25): warn, sensitive media, suspend, undo. Real PostgreSQL. */
describe('account actions (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const act = async (actor: Pick<User, 'id'>, targetId: string, body: object) =>
    t.http.post(`/api/admin/users/${targetId}/actions`).set('authorization', await t.bearer(actor)).send(body);
  const undo = async (actor: Pick<User, 'id'>, actionId: string, status?: number) => {
    const res = await t.http.post(`/api/admin/actions/${actionId}/undo`).set('authorization', await t.bearer(actor));
    if (status) expect(res.status).toBe(status);
    return res;
  };
  const history = async (actor: Pick<User, 'id'>, targetId: string) =>
    (await t.http.get(`/api/admin/users/${targetId}/actions`).set('authorization', await t.bearer(actor)).expect(200)).body.actions as Array<Record<string, unknown>>;
  const login = (user: User & { password: string }) => t.http.post('/api/auth/login').send({ login: user.username, password: user.password });
  const userRow = async (id: string) =>
    (await t.db.query('SELECT is_active, suspended, media_sensitive, session_version FROM users WHERE id = $1', [id]))[0] as {
      is_active: boolean;
      suspended: boolean;
      media_sensitive: boolean;
      session_version: number;
    };
  const auditOf = (targetId: string) => t.db.query(`SELECT action, reason, before, after FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`, [targetId]);

  describe('suspend', () => {
    it('for 7 days: login refused naming the end date, tokens and sockets ended, content and profile hidden; undo lifts it at once', async () => {
      const member = await t.createUser();
      const post = await t.createPost(member, 'askıdan önce yazılan gönderi');
      const token = await t.tokenFor(member);
      const socket = await connectSocket(await t.listen(), token);
      const closed = nextEvent<string>(socket, 'disconnect');

      const res = await act(moderator, member.id, { kind: 'suspend', reason: 'Tekrarlanan hakaret.', days: 7 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ message: 'Hesap askıya alındı.', action: { kind: 'suspend', reason: 'Tekrarlanan hakaret.', revokedAt: null, lifted: false, actor: { id: moderator.id } } });
      const endsAt = new Date(res.body.action.endsAt as string);
      expect(Math.abs(endsAt.getTime() - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

      expect(await closed).toBe('io server disconnect');
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
      const refused = await login(member).expect(403);
      const date = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' }).format(endsAt);
      expect(refused.body).toEqual({
        statusCode: 403,
        message: `Hesabınız ${date} tarihine kadar askıya alındı.`,
        suspended: true,
        suspendedUntil: endsAt.toISOString(),
        appealToken: expect.any(String),
      });
      expect(date).toMatch(/^\d{1,2} (Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4}$/);

      const profile = await t.http.get(`/api/users/profile/${member.username}`).expect(404);
      expect(profile.body).toEqual({ statusCode: 404, message: 'Hesap askıya alındı.', suspended: true });
      await t.http.get(`/api/posts/${post.id}`).expect(404);
      expect(await userRow(member.id)).toMatchObject({ is_active: false, suspended: true });
      // Staff see it suspended, and cannot toggle it active around the suspension.
      const list = await t.http.get(`/api/admin/users?search=${member.username}`).set('authorization', await t.bearer(admin)).expect(200);
      expect(list.body.users[0]).toMatchObject({ id: member.id, isActive: false, suspended: true });
      const toggled = await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', await t.bearer(admin)).send({ isActive: true }).expect(409);
      expect(toggled.body.message).toBe('Bu hesap askıya alınmış; etkinleştirmek ya da devre dışı bırakmak için önce askıyı geri alın.');

      const undone = await undo(moderator, res.body.action.id, 200);
      expect(undone.body).toMatchObject({ message: 'İşlem geri alındı.', action: { id: res.body.action.id, lifted: true } });
      expect(undone.body.action.revokedAt).not.toBeNull();
      await login(member).expect(200);
      // The old token stays void: the suspension bumped the session version.
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
      await t.http.get(`/api/users/profile/${member.username}`).expect(200);
      await t.http.get(`/api/posts/${post.id}`).expect(200);

      expect(await auditOf(member.id)).toEqual([
        {
          action: 'user.suspend',
          reason: 'Tekrarlanan hakaret.',
          before: { isActive: true },
          after: { actionId: res.body.action.id, isActive: false, suspendedUntil: endsAt.toISOString() },
        },
        {
          action: 'user.action_undo',
          reason: 'Tekrarlanan hakaret.',
          before: { actionId: res.body.action.id, kind: 'suspend', isActive: false },
          after: { actionId: res.body.action.id, revoked: true, isActive: true },
        },
      ]);
      const again = await undo(moderator, res.body.action.id, 409);
      expect(again.body.message).toBe('Bu işlem zaten geri alınmış.');
    });

    it('indefinitely: the login says so', async () => {
      const member = await t.createUser();
      const res = await act(admin, member.id, { kind: 'suspend', reason: 'Spam hesabı.' }).then((r) => r.body);
      expect(res.action.endsAt).toBeNull();
      const refused = await login(member).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, message: 'Hesabınız süresiz olarak askıya alındı.', suspended: true, suspendedUntil: null, appealToken: expect.any(String) });
      const twice = await act(admin, member.id, { kind: 'suspend', reason: 'Yine.' }).then((r) => r);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Bu hesap zaten askıya alınmış.');
    });

    it('ends by itself: the sweep lifts a suspension whose end passed, once, however many nodes sweep at the same time', async () => {
      const [first, second] = [await t.createUser(), await t.createUser()];
      for (const m of [first, second]) await act(moderator, m.id, { kind: 'suspend', reason: 'Kısa süreli askı.', days: 1 }).then((r) => expect(r.status).toBe(201));
      await login(first).expect(403);
      await t.db.query(`UPDATE account_actions SET ends_at = now() - interval '1 second' WHERE target_id = ANY($1::uuid[])`, [[first.id, second.id]]);

      const suspensions = t.app.get(Suspensions);
      const lifted = (await Promise.all([suspensions.sweep(), suspensions.sweep(), suspensions.sweep()])).flat();
      expect(lifted.filter((id) => id === first.id || id === second.id).sort()).toEqual([first.id, second.id].sort());
      expect(await suspensions.sweep()).toEqual([]);
      expect(await userRow(first.id)).toMatchObject({ is_active: true, suspended: false });
      await login(first).expect(200);
      const [row] = await history(moderator, first.id);
      expect(row).toMatchObject({ kind: 'suspend', lifted: true, revokedAt: null });
      const late = await undo(moderator, row.id as string, 409);
      expect(late.body.message).toBe('Bu askının süresi zaten dolmuş.');
    });

    it('ends at the login when the sweep has not run yet', async () => {
      const member = await t.createUser();
      await act(moderator, member.id, { kind: 'suspend', reason: 'Kısa süreli askı.', days: 1 });
      await t.db.query(`UPDATE account_actions SET ends_at = now() - interval '1 second' WHERE target_id = $1`, [member.id]);
      await login(member).expect(200);
      expect(await userRow(member.id)).toMatchObject({ is_active: true, suspended: false });
    });

    it('is refused for a deactivated account (a plain deactivation keeps its own message)', async () => {
      const member = await t.createUser({ isActive: false });
      const res = await act(moderator, member.id, { kind: 'suspend', reason: 'Deneme.' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Devre dışı bırakılmış bir hesap askıya alınamaz.');
      expect((await login(member).expect(403)).body).toEqual({ statusCode: 403, message: 'Hesabınız devre dışı bırakılmış.' });
    });
  });

  describe('sensitive_media', () => {
    const upload = async (user: User) => {
      const res = await t.http.post('/api/media').set('authorization', await t.bearer(user)).attach('file', await png(120, 80), 'resim.png');
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const postWith = async (user: User, body: object) =>
      (await t.http.post('/api/posts').set('authorization', await t.bearer(user)).send(body).expect(201)).body.post as { id: string; sensitive: boolean };
    const sensitiveOf = async (ids: string[]) =>
      Object.fromEntries((await t.db.query('SELECT id, sensitive FROM posts WHERE id = ANY($1::uuid[])', [ids])).map((r: { id: string; sensitive: boolean }) => [r.id, r.sensitive]));

    it('marks the pictures, and the new ones while it stands; undo clears only what it set', async () => {
      const member = await t.createUser();
      const plain = await postWith(member, { content: 'yalnız metin' });
      const picture = await postWith(member, { content: 'resimli', mediaIds: [await upload(member)] });
      const ownMark = await postWith(member, { content: 'kendi işaretim', mediaIds: [await upload(member)], sensitive: true });

      const res = await act(moderator, member.id, { kind: 'sensitive_media', reason: 'Uygunsuz görseller.' }).then((r) => r);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Hesabın medyası hassas olarak işaretlendi.');
      expect(await sensitiveOf([plain.id, picture.id, ownMark.id])).toEqual({ [plain.id]: false, [picture.id]: true, [ownMark.id]: true });
      const later = await postWith(member, { content: 'sonra', mediaIds: [await upload(member)] });
      expect(later.sensitive).toBe(true);
      const laterText = await postWith(member, { content: 'sonra metin' });
      expect(laterText.sensitive).toBe(false);
      expect((await act(moderator, member.id, { kind: 'sensitive_media', reason: 'Yine.' })).status).toBe(409);

      await undo(moderator, res.body.action.id, 200);
      expect(await sensitiveOf([picture.id, ownMark.id, later.id])).toEqual({ [picture.id]: false, [ownMark.id]: true, [later.id]: false });
      expect(await userRow(member.id)).toMatchObject({ media_sensitive: false });
      const after = await postWith(member, { content: 'en son', mediaIds: [await upload(member)] });
      expect(after.sensitive).toBe(false);
      expect((await auditOf(member.id)).map((e: { action: string }) => e.action)).toEqual(['user.sensitive_media', 'user.action_undo']);
    });
  });

  describe('warn and the history', () => {
    it('records a warning and lists the account’s actions newest first with their staff member', async () => {
      const member = await t.createUser();
      const warned = (await act(moderator, member.id, { kind: 'warn', reason: '  Lütfen kurallara uyun.  ' })).body;
      expect(warned).toMatchObject({ message: 'Hesap uyarıldı.', action: { kind: 'warn', reason: 'Lütfen kurallara uyun.', endsAt: null, lifted: false } });
      const second = (await act(admin, member.id, { kind: 'warn', reason: 'İkinci uyarı.' })).body;
      const listed = await history(moderator, member.id);
      expect(listed.map((a) => a.id)).toEqual([second.action.id, warned.action.id]);
      expect(listed[1].actor).toEqual({ id: moderator.id, username: moderator.username });
      expect(await userRow(member.id)).toMatchObject({ is_active: true, suspended: false });
      await undo(moderator, warned.action.id, 200);
      expect((await history(moderator, member.id))[1]).toMatchObject({ id: warned.action.id, lifted: true });
      await t.http.get(`/api/admin/users/${MISSING_ID}/actions`).set('authorization', await t.bearer(moderator)).expect(404);
    });
  });

  describe('refusals: Turkish 4xx, nothing written', () => {
    it.each([
      ['no reason', { kind: 'warn' }, 400, 'Lütfen bir gerekçe yazın.'],
      ['a blank reason', { kind: 'warn', reason: '   ' }, 400, 'Lütfen bir gerekçe yazın.'],
      ['a reason over 1,000 characters', { kind: 'warn', reason: 'ç'.repeat(1001) }, 400, 'Gerekçe en fazla 1000 karakter olabilir.'],
      ['an unknown kind', { kind: 'ban', reason: 'x' }, 400, 'İşlem türü (kind) uyarı, hassas medya, askıya alma ya da sınırlama olmalıdır.'],
      ['days on a warning', { kind: 'warn', reason: 'x', days: 7 }, 400, 'Süre (days) yalnızca askıya almada gönderilir.'],
      ['0 days', { kind: 'suspend', reason: 'x', days: 0 }, 400, 'Askı süresi (days) 1 ile 365 gün arasında bir tam sayı olmalıdır.'],
      ['an unknown field', { kind: 'warn', reason: 'x', role: 'admin' }, 400, undefined],
    ])('%s', async (_name, body, status, message) => {
      const member = await t.createUser();
      const res = await act(moderator, member.id, body);
      expect(res.status).toBe(status);
      if (message) expect(res.body.message).toBe(message);
      expect(await t.db.query('SELECT 1 FROM account_actions WHERE target_id = $1', [member.id])).toEqual([]);
    });

    it('a moderator cannot act on an admin or another moderator; nobody on themself; an admin can act on a moderator', async () => {
      const otherModerator = await t.createUser({ role: 'moderator' });
      for (const target of [admin, otherModerator]) {
        const res = await act(moderator, target.id, { kind: 'suspend', reason: 'Deneme.' });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.');
      }
      for (const self of [moderator, admin]) {
        const res = await act(self, self.id, { kind: 'warn', reason: 'Kendime.' });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Kendi hesabınız hakkında işlem yapamazsınız.');
      }
      expect(await t.db.query('SELECT 1 FROM account_actions WHERE target_id = ANY($1::uuid[])', [[admin.id, otherModerator.id, moderator.id]])).toEqual([]);
      expect(await t.db.query(`SELECT 1 FROM audit_log WHERE action LIKE 'user.%' AND target_id = ANY($1::uuid[])`, [[admin.id, otherModerator.id, moderator.id]])).toEqual([]);
      const byAdmin = await act(admin, otherModerator.id, { kind: 'warn', reason: 'Moderatöre uyarı.' });
      expect(byAdmin.status).toBe(201);
      // Nor may a moderator undo an admin's action on a moderator.
      const refused = await undo(moderator, byAdmin.body.action.id, 403);
      expect(refused.body.message).toBe('Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.');
    });

    it('404 for an unknown account or action, 400 for a malformed id', async () => {
      expect((await act(moderator, MISSING_ID, { kind: 'warn', reason: 'x' })).status).toBe(404);
      expect((await undo(moderator, MISSING_ID)).body).toEqual({ statusCode: 404, message: 'İşlem bulunamadı.' });
      expect((await act(moderator, 'abc', { kind: 'warn', reason: 'x' })).status).toBe(400);
    });
  });

  describe('query plans', () => {
    it('the history is a walk of idx_account_actions_target, not a scan', async () => {
      const member = await t.createUser();
      await t.fill(async (q) => {
        await q.query(
          `INSERT INTO account_actions (target_id, actor_id, kind, reason, created_at)
           SELECT u.id, $1, 'warn', 'dolgu', now() - n * interval '1 minute' FROM users u, generate_series(1, 20) n`,
          [admin.id],
        );
        await q.query(`INSERT INTO account_actions (target_id, actor_id, kind, reason) SELECT $1, $2, 'warn', 'dolgu' FROM generate_series(1, 3000)`, [member.id, admin.id]);
        await q.query('ANALYZE account_actions');
      });
      const plans = (await t.plansOf(`/api/admin/users/${member.id}/actions`, await t.bearer(moderator))).filter((p) => /FROM account_actions/.test(p.sql));
      expect(plans).toHaveLength(1);
      expect(plans[0].plan).not.toMatch(/Seq Scan on account_actions/);
      expect(plans[0].plan).toMatch(/Index Scan using idx_account_actions_target on account_actions/);
    });
  });
});
