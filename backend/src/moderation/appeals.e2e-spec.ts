import type { NotificationNewEvent } from '@gundem/contract';
import { closeAllSockets, connectSocket, nextEvent } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { AppealTokens } from './appeal-token';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The member's notices and appeals, staff's appeals queue (issue 25). Real PostgreSQL. */
describe('notices and appeals (real PostgreSQL)', () => {
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

  const act = async (actor: Pick<User, 'id'>, targetId: string, body: object) => {
    const res = await t.http.post(`/api/admin/users/${targetId}/actions`).set('authorization', await t.bearer(actor)).send(body);
    expect(res.status).toBe(201);
    return res.body.action as { id: string };
  };
  const notices = async (member: Pick<User, 'id'>) =>
    (await t.http.get('/api/moderation/notices').set('authorization', await t.bearer(member)).expect(200)).body.notices as Array<Record<string, unknown>>;
  const appeal = async (member: Pick<User, 'id'>, actionId: string, text: string) =>
    t.http.post(`/api/moderation/notices/${actionId}/appeal`).set('authorization', await t.bearer(member)).send({ text });
  const decide = async (actor: Pick<User, 'id'>, appealId: string, verdict: 'accept' | 'reject', body: object = {}) =>
    t.http.post(`/api/admin/appeals/${appealId}/${verdict}`).set('authorization', await t.bearer(actor)).send(body);
  const queue = async (actor: Pick<User, 'id'>) =>
    (await t.http.get('/api/admin/appeals').set('authorization', await t.bearer(actor)).expect(200)).body.appeals as Array<Record<string, unknown>>;
  const login = (user: User & { password: string }) => t.http.post('/api/auth/login').send({ login: user.username, password: user.password });

  it('a warned member gets a moderation notification (live too), sees the notice without the staff member’s name, and appeals once', async () => {
    const member = await t.createUser();
    const socket = await connectSocket(await t.listen(), await t.tokenFor(member));
    const pushed = nextEvent<NotificationNewEvent>(socket, 'notification:new');
    const action = await act(moderator, member.id, { kind: 'warn', reason: 'Hakaret içeren yanıtlar.' });

    const event = await pushed;
    expect(event.notification).toMatchObject({ type: 'moderation', post: null, read: false });
    const list = await t.http.get('/api/notifications').set('authorization', await t.bearer(member)).expect(200);
    expect(list.body.notifications[0]).toMatchObject({ type: 'moderation', actors: [expect.objectContaining({ id: member.id })] });

    const [notice] = await notices(member);
    expect(notice).toEqual({
      id: action.id,
      kind: 'warn',
      reason: 'Hakaret içeren yanıtlar.',
      createdAt: expect.any(String),
      endsAt: null,
      revokedAt: null,
      lifted: false,
      postRestored: false,
      rule: null,
      removedPost: null,
      appeal: null,
      canAppeal: true,
    });
    expect(JSON.stringify(notice)).not.toContain(moderator.username);

    const sent = await appeal(member, action.id, '  Yanlış anlaşıldı, hakaret etmedim.  ');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: 'İtirazınız alındı. Sonucu size bildirilecek.', appeal: { text: 'Yanlış anlaşıldı, hakaret etmedim.', status: 'pending', reply: null } });
    const twice = await appeal(member, action.id, 'Bir daha.');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Bu işleme zaten itiraz ettiniz; her işleme bir kez itiraz edilebilir.');
    expect((await notices(member))[0]).toMatchObject({ canAppeal: false, appeal: { status: 'pending' } });
    expect(await t.db.query('SELECT count(*)::int AS n FROM account_appeals WHERE action_id = $1', [action.id])).toEqual([{ n: 1 }]);
  });

  it('two appeals of one action at the same moment: one is stored, the other is a 409', async () => {
    const member = await t.createUser();
    const action = await act(moderator, member.id, { kind: 'warn', reason: 'Spam.' });
    const results = await Promise.all([appeal(member, action.id, 'Birinci'), appeal(member, action.id, 'İkinci')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['an empty text', '   ', 400, 'Lütfen itirazınızı yazın.'],
    ['over 1,000 characters', 'ş'.repeat(1001), 400, 'İtiraz en fazla 1000 karakter olabilir.'],
  ])('refuses %s', async (_name, text, status, message) => {
    const member = await t.createUser();
    const action = await act(moderator, member.id, { kind: 'warn', reason: 'Spam.' });
    const res = await appeal(member, action.id, text);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await t.db.query('SELECT 1 FROM account_appeals WHERE action_id = $1', [action.id])).toEqual([]);
  });

  it('takes exactly 1,000 characters; refuses another member’s action (404) and an action that no longer holds (409)', async () => {
    const [member, other] = [await t.createUser(), await t.createUser()];
    const action = await act(moderator, member.id, { kind: 'warn', reason: 'Spam.' });
    expect((await appeal(other, action.id, 'Benim değil.')).status).toBe(404);
    expect((await appeal(member, MISSING_ID, 'Yok.')).status).toBe(404);
    expect((await appeal(member, action.id, 'ğ'.repeat(1000))).status).toBe(201);
    const undone = await act(moderator, other.id, { kind: 'warn', reason: 'Geri alınacak.' });
    await t.http.post(`/api/admin/actions/${undone.id}/undo`).set('authorization', await t.bearer(moderator)).expect(200);
    const late = await appeal(other, undone.id, 'Artık gerek yok.');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Bu işlem artık geçerli değil; itiraz gerekmiyor.');
  });

  it('a suspended member appeals with the token of the refused login; an admin accepts; the member can log in again and is told', async () => {
    const member = await t.createUser();
    const action = await act(moderator, member.id, { kind: 'suspend', reason: 'Taciz.', days: 7 });
    const refused = await login(member).expect(403);
    const token = refused.body.appealToken as string;

    const listed = await t.http.post('/api/moderation/suspension/notices').send({ token }).expect(200);
    expect(listed.body.notices).toEqual([expect.objectContaining({ id: action.id, kind: 'suspend', reason: 'Taciz.', canAppeal: true })]);
    const sent = await t.http.post('/api/moderation/suspension/appeal').send({ token, actionId: action.id, text: 'Taciz etmedim, lütfen bakın.' }).expect(201);

    const [item] = (await queue(moderator)).filter((a) => a.id === sent.body.appeal.id);
    expect(item).toMatchObject({
      text: 'Taciz etmedim, lütfen bakın.',
      status: 'pending',
      member: { id: member.id, username: member.username },
      action: { id: action.id, kind: 'suspend', reason: 'Taciz.', actor: { id: moderator.id, username: moderator.username } },
    });

    const accepted = await decide(admin, sent.body.appeal.id, 'accept', { reply: 'Haklısınız, özür dileriz.' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: 'İtiraz kabul edildi; işlem geri alındı.', appeal: { status: 'accepted', reply: 'Haklısınız, özür dileriz.', action: { lifted: true } } });
    const session = await login(member).expect(200);
    expect((await queue(moderator)).map((a) => a.id)).not.toContain(sent.body.appeal.id);
    const [notice] = (await t.http.get('/api/moderation/notices').set('authorization', `Bearer ${session.body.token}`).expect(200)).body.notices;
    expect(notice).toMatchObject({ id: action.id, lifted: true, appeal: { status: 'accepted', reply: 'Haklısınız, özür dileriz.' }, canAppeal: false });
    await t.settled();
    const bell = await t.http.get('/api/notifications').set('authorization', `Bearer ${session.body.token}`).expect(200);
    expect(bell.body.notifications[0]).toMatchObject({ type: 'moderation', read: false });
    // The acceptance and the undo it made share one transaction (one created_at).
    const audit = await t.db.query(`SELECT action, reason FROM audit_log WHERE target_id = $1 ORDER BY created_at, action`, [member.id]);
    expect(audit).toEqual([
      { action: 'user.suspend', reason: 'Taciz.' },
      { action: 'user.action_undo', reason: 'Taciz.' },
      { action: 'user.appeal_accept', reason: 'Haklısınız, özür dileriz.' },
    ]);
    const again = await decide(admin, sent.body.appeal.id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu itiraz zaten karara bağlanmış.');
  });

  it('a rejected appeal keeps the action; the member sees the outcome', async () => {
    const member = await t.createUser();
    const action = await act(moderator, member.id, { kind: 'suspend', reason: 'Spam.' });
    const token = (await login(member).expect(403)).body.appealToken as string;
    const sent = await t.http.post('/api/moderation/suspension/appeal').send({ token, actionId: action.id, text: 'Spam değildi.' }).expect(201);
    const rejected = await decide(moderator, sent.body.appeal.id, 'reject', { reply: 'Kayıtlar spam gösteriyor.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('İtiraz reddedildi.');
    await login(member).expect(403);
    const listed = await t.http.post('/api/moderation/suspension/notices').send({ token }).expect(200);
    expect(listed.body.notices[0]).toMatchObject({ lifted: false, appeal: { status: 'rejected', reply: 'Kayıtlar spam gösteriyor.' } });
    expect((await t.db.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`, [member.id])).map((r: { action: string }) => r.action)).toEqual([
      'user.suspend',
      'user.appeal_reject',
    ]);
  });

  it('refuses a forged, altered or expired token (401), and the token of one member cannot appeal another’s action', async () => {
    const [member, other] = [await t.createUser(), await t.createUser()];
    const action = await act(moderator, other.id, { kind: 'warn', reason: 'Spam.' });
    const tokens = t.app.get(AppealTokens);
    const good = tokens.issue(member.id);
    const forged = `${other.id}${good.slice(member.id.length)}`;
    const expired = tokens.issue(member.id, Date.now() - 2 * 60 * 60 * 1000);
    for (const token of [forged, expired, 'abc', await t.tokenFor(other)]) {
      const res = await t.http.post('/api/moderation/suspension/notices').send({ token }).expect(401);
      expect(res.body.message).toBe('İtiraz bağlantısının süresi dolmuş ya da geçersiz. Lütfen yeniden giriş yapmayı deneyin.');
    }
    await t.http.post('/api/moderation/suspension/appeal').send({ token: good, actionId: action.id, text: 'Başkasının işlemi.' }).expect(404);
    // Nor is the appeal token a session.
    await t.http.get('/api/moderation/notices').set('authorization', `Bearer ${good}`).expect(401);
  });

  it('a moderator cannot decide the appeal of a staff account’s action; an admin can', async () => {
    const otherModerator = await t.createUser({ role: 'moderator' });
    const action = await act(admin, otherModerator.id, { kind: 'warn', reason: 'Moderatöre uyarı.' });
    const sent = await appeal(otherModerator, action.id, 'Uyarı yersiz.');
    for (const verdict of ['accept', 'reject'] as const) {
      const res = await decide(moderator, sent.body.appeal.id, verdict);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.');
    }
    expect(await t.db.query('SELECT status FROM account_appeals WHERE id = $1', [sent.body.appeal.id])).toEqual([{ status: 'pending' }]);
    expect((await decide(admin, sent.body.appeal.id, 'reject')).status).toBe(200);
    expect((await decide(admin, MISSING_ID, 'accept')).status).toBe(404);
    const long = await decide(admin, MISSING_ID, 'accept', { reply: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Yanıt en fazla 1000 karakter olabilir.');
  });

  describe('query plans', () => {
    it('the queue walks idx_account_appeals_pending and the notices idx_account_actions_target, not scans', async () => {
      const member = await t.createUser();
      await t.fill(async (q) => {
        await q.query(
          `WITH acts AS (
             INSERT INTO account_actions (target_id, actor_id, kind, reason, created_at)
             SELECT u.id, $1, 'warn', 'dolgu', now() - n * interval '1 minute' FROM users u, generate_series(1, 2000) n RETURNING id, created_at
           )
           INSERT INTO account_appeals (action_id, text, status, created_at)
           SELECT id, 'dolgu', CASE WHEN random() < 0.998 THEN 'rejected' ELSE 'pending' END, created_at FROM acts`,
          [admin.id],
        );
        await q.query(`INSERT INTO account_actions (target_id, actor_id, kind, reason) SELECT $1, $2, 'warn', 'dolgu' FROM generate_series(1, 500)`, [member.id, admin.id]);
        await q.query('ANALYZE account_actions');
        await q.query('ANALYZE account_appeals');
      });
      const queuePlans = (await t.plansOf('/api/admin/appeals', await t.bearer(moderator))).filter((p) => /FROM account_appeals/.test(p.sql));
      expect(queuePlans).toHaveLength(1);
      expect(queuePlans[0].plan).not.toMatch(/Seq Scan on account_(appeals|actions)/);
      expect(queuePlans[0].plan).toMatch(/Index Scan using idx_account_appeals_pending on account_appeals/);
      const noticePlans = (await t.plansOf('/api/moderation/notices', await t.bearer(member))).filter((p) => /FROM account_actions/.test(p.sql));
      expect(noticePlans).toHaveLength(1);
      expect(noticePlans[0].plan).not.toMatch(/Seq Scan on account_(appeals|actions)/);
      expect(noticePlans[0].plan).toMatch(/Index Scan using idx_account_actions_target on account_actions/);
    });
  });
});
