import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const RULE_UNKNOWN = 'Seçilen kural sunucu kurallarında yok. Lütfen listeden bir kural seçin.';

/**
 * Reports ↔ actions (issue 25) against the real PostgreSQL: the rule a report and an action cite,
 * report-and-block in one request, the desk resolving with an account action (notice, audit,
 * reporters told), and staff's post removal as an appealable notice. Every refusal writes nothing.
 */
describe('reports and staff actions (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  let rules: Array<{ id: string; position: number; text: string }>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
    const saved = await t.http
      .put('/api/admin/rules')
      .set('authorization', await t.bearer(admin))
      .send({ rules: [{ text: 'Saygılı olun.' }, { text: 'Spam yapmayın.' }, { text: 'Taciz yasaktır.' }] })
      .expect(200);
    rules = saved.body.rules;
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async (reporter: Pick<User, 'id'>, body: object) => t.http.post('/api/reports').set('authorization', await t.bearer(reporter)).send(body);
  const caseOf = async (targetId: string): Promise<string> => (await t.db.query(`SELECT id FROM report_cases WHERE target_id = $1 ORDER BY created_at DESC LIMIT 1`, [targetId]))[0].id;
  const resolve = async (who: Pick<User, 'id'>, caseId: string, body: object) => t.http.post(`/api/admin/reports/${caseId}/resolve`).set('authorization', await t.bearer(who)).send(body);
  const notices = async (member: Pick<User, 'id'>) =>
    (await t.http.get('/api/moderation/notices').set('authorization', await t.bearer(member)).expect(200)).body.notices as Array<Record<string, unknown>>;
  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(`SELECT count(*) AS n FROM ${sql}`, params))[0].n);
  const login = (user: User & { password: string }) => t.http.post('/api/auth/login').send({ login: user.username, password: user.password });
  const bell = async (member: Pick<User, 'id'>) => {
    await t.settled();
    return (await t.http.get('/api/notifications').set('authorization', await t.bearer(member)).expect(200)).body.notifications as Array<{ type: string }>;
  };

  describe('the rule a report cites', () => {
    it('keeps the rule’s number and text with the report; the desk shows them even after the rule is deleted', async () => {
      const author = await t.createUser();
      const reporter = await t.createUser();
      const post = await t.createPost(author, 'kural ihlali');
      const res = await report(reporter, { targetType: 'post', targetId: post.id, category: 'harassment', ruleId: rules[2].id.toUpperCase() });
      expect(res.status).toBe(201);
      const caseId = await caseOf(post.id);
      const detail = await t.http.get(`/api/admin/reports/${caseId}`).set('authorization', await t.bearer(moderator)).expect(200);
      expect(detail.body.reports[0].rule).toEqual({ id: rules[2].id, number: 3, text: 'Taciz yasaktır.' });

      // The admin drops the rule: the citation stays readable, without the id.
      const kept = rules.slice(0, 2).map((r) => ({ id: r.id, text: r.text }));
      await t.http.put('/api/admin/rules').set('authorization', await t.bearer(admin)).send({ rules: [...kept, { text: 'Yeni üçüncü kural.' }] }).expect(200);
      const after = await t.http.get(`/api/admin/reports/${caseId}`).set('authorization', await t.bearer(moderator)).expect(200);
      expect(after.body.reports[0].rule).toEqual({ id: null, number: 3, text: 'Taciz yasaktır.' });
      rules = (await t.http.get('/api/rules').expect(200)).body.rules;
    });

    it('refuses an unknown or malformed rule (400, Turkish) and writes no report, case nor block', async () => {
      const author = await t.createUser();
      const reporter = await t.createUser();
      const post = await t.createPost(author, 'bilinmeyen kural');
      const before = await count('reports');
      for (const ruleId of [MISSING_ID, 'kural-1', 42]) {
        const res = await report(reporter, { targetType: 'post', targetId: post.id, category: 'spam', ruleId, block: true });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(RULE_UNKNOWN);
      }
      expect(await count('reports')).toBe(before);
      expect(await count('report_cases WHERE target_id = $1', [post.id])).toBe(0);
      expect(await count('blocks WHERE blocker_id = $1', [reporter.id])).toBe(0);
    });
  });

  describe('report and block in one step', () => {
    it('reports the post and blocks its author; the author’s posts leave the reporter’s view; the author is never told', async () => {
      const author = await t.createUser();
      const reporter = await t.createUser();
      const post = await t.createPost(author, 'engellenecek yazar');
      const res = await report(reporter, { targetType: 'post', targetId: post.id, category: 'spam', ruleId: rules[1].id, block: true });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ report: { updated: false }, blocked: true });
      expect(await count('blocks WHERE blocker_id = $1 AND blocked_id = $2', [reporter.id, author.id])).toBe(1);
      await t.http.get(`/api/posts/${post.id}`).set('authorization', await t.bearer(reporter)).expect(404);
      // The author's own view of the post names nobody.
      const own = await t.http.get(`/api/posts/${post.id}`).set('authorization', await t.bearer(author)).expect(200);
      expect(JSON.stringify(own.body)).not.toContain(reporter.username);
    });

    it('blocks a reported account; without `block` nothing is blocked; a non-boolean is 400', async () => {
      const target = await t.createUser();
      const reporter = await t.createUser();
      const plain = await report(reporter, { targetType: 'account', targetId: target.id, category: 'spam' });
      expect(plain.body.blocked).toBe(false);
      expect(await count('blocks WHERE blocker_id = $1', [reporter.id])).toBe(0);
      const bad = await report(reporter, { targetType: 'account', targetId: target.id, category: 'spam', block: 'evet' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Engelleme seçimi (block) doğru ya da yanlış olmalıdır.');
      const again = await report(reporter, { targetType: 'account', targetId: target.id, category: 'spam', block: true });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ report: { updated: true }, blocked: true });
      expect(await count('blocks WHERE blocker_id = $1 AND blocked_id = $2', [reporter.id, target.id])).toBe(1);
    });

    it('refuses a self-report with `block` (400) and blocks nobody', async () => {
      const member = await t.createUser();
      const res = await report(member, { targetType: 'account', targetId: member.id, category: 'spam', block: true });
      expect(res.status).toBe(400);
      expect(await count('blocks WHERE blocker_id = $1', [member.id])).toBe(0);
    });
  });

  describe('resolving with an account action', () => {
    it('warns with a rule: the member’s notice shows the rule and the reason, both audit entries, every report resolved, reporters told', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'uyarılacak gönderi');
      const reporters = [await t.createUser(), await t.createUser()];
      for (const r of reporters) expect((await report(r, { targetType: 'post', targetId: post.id, category: 'harassment' })).status).toBe(201);
      const caseId = await caseOf(post.id);

      const res = await resolve(moderator, caseId, { action: 'account_action', kind: 'warn', note: 'Hakaret içeren gönderi.', ruleId: rules[0].id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Bildirim çözüldü ve işlem yapıldı.', case: { status: 'resolved', resolution: 'account_action', actionKind: 'warn' } });
      const [notice] = await notices(author);
      expect(notice).toMatchObject({ kind: 'warn', reason: 'Hakaret içeren gönderi.', rule: { id: rules[0].id, number: 1, text: 'Saygılı olun.' }, canAppeal: true });
      const audit = await t.db.query(`SELECT action, target_type, reason, after FROM audit_log WHERE actor_id = $1 ORDER BY id DESC LIMIT 2`, [moderator.id]);
      expect(audit.map((a: { action: string }) => a.action).sort()).toEqual(['report.resolve', 'user.warn']);
      expect(audit.find((a: { action: string }) => a.action === 'report.resolve').after).toMatchObject({ resolution: 'account_action', kind: 'warn', rule: 1 });
      expect(await count(`report_cases WHERE id = $1 AND status = 'resolved' AND action_id IS NOT NULL`, [caseId])).toBe(1);
      for (const r of reporters) expect((await bell(r))[0]).toMatchObject({ type: 'report_resolved' });
      expect((await bell(author))[0]).toMatchObject({ type: 'moderation' });
    });

    it('suspends for 7 days: the login is refused naming the end date, and the case can no longer be acted on (409)', async () => {
      const author = await t.createUser();
      const reporter = await t.createUser();
      const post = await t.createPost(author, 'askıya alınacak');
      await report(reporter, { targetType: 'post', targetId: post.id, category: 'violence' });
      const caseId = await caseOf(post.id);
      const res = await resolve(moderator, caseId, { action: 'account_action', kind: 'suspend', days: 7, note: 'Şiddet çağrısı.', ruleId: rules[2].id });
      expect(res.status).toBe(200);
      const refused = await login(author).expect(403);
      expect(refused.body.message).toMatch(/^Hesabınız \d{1,2} \S+ \d{4} tarihine kadar askıya alındı\.$/);
      const [action] = await t.db.query(`SELECT ends_at, rule_number FROM account_actions WHERE target_id = $1 AND kind = 'suspend'`, [author.id]);
      const days = (new Date(action.ends_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect(action.rule_number).toBe(3);

      const actions = await count('account_actions');
      const again = await resolve(moderator, caseId, { action: 'account_action', kind: 'warn', note: 'Bir daha.' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Bu bildirim zaten çözüldü; çözülmüş bir bildirim üzerinde işlem yapılamaz.');
      expect(await count('account_actions')).toBe(actions);
    });

    it('refuses a moderator on a staff account’s case (403), a missing kind or reason, kind on another resolution, an unknown rule (400): nothing written', async () => {
      const staff = await t.createUser({ role: 'moderator' });
      const reporter = await t.createUser();
      await report(reporter, { targetType: 'account', targetId: staff.id, category: 'spam' });
      const staffCase = await caseOf(staff.id);
      const author = await t.createUser();
      const post = await t.createPost(author, 'reddedilecekler');
      await report(reporter, { targetType: 'post', targetId: post.id, category: 'spam' });
      const caseId = await caseOf(post.id);
      const before = { actions: await count('account_actions'), audit: await count('audit_log') };

      const forbidden = await resolve(moderator, staffCase, { action: 'account_action', kind: 'warn', note: 'Uyarı.' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('Yönetici ve moderatör hesaplarıyla ilgili bildirimleri yalnızca yöneticiler çözebilir.');
      const cases: Array<[object, string]> = [
        [{ action: 'account_action', note: 'Tür yok.' }, 'Hesap işlemi için işlem türünü (kind) seçin.'],
        [{ action: 'account_action', kind: 'warn' }, 'Hesap işlemi için üyeye gösterilecek bir gerekçe (note) yazın.'],
        [{ action: 'account_action', kind: 'ban', note: 'x' }, 'İşlem türü (kind) uyarı, hassas medya, askıya alma ya da sınırlama olmalıdır.'],
        [{ action: 'account_action', kind: 'suspend', days: 400, note: 'x' }, 'Askı süresi (days) 1 ile 365 gün arasında bir tam sayı olmalıdır.'],
        [{ action: 'dismiss', kind: 'warn' }, 'İşlem türü (kind) ve süre (days) yalnızca hesap işlemiyle gönderilir.'],
        [{ action: 'account_action', kind: 'warn', note: 'x', ruleId: MISSING_ID }, RULE_UNKNOWN],
        [{ action: 'dismiss', ruleId: MISSING_ID }, RULE_UNKNOWN],
      ];
      for (const [body, message] of cases) {
        const res = await resolve(moderator, caseId, body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect({ actions: await count('account_actions'), audit: await count('audit_log') }).toEqual(before);
      expect(await count(`report_cases WHERE id = ANY($1::uuid[]) AND status = 'open'`, [[staffCase, caseId]])).toBe(2);

      // An admin may act on the staff account.
      expect((await resolve(admin, staffCase, { action: 'account_action', kind: 'warn', note: 'Yönetici uyarısı.' })).status).toBe(200);
    });
  });

  describe('post removal notice', () => {
    it('the desk’s delete_post gives the author a notice with the post, the rule and the reason; one appeal; accepting restores the post, records and notifies the outcome', async () => {
      const author = await t.createUser();
      const reporter = await t.createUser();
      const post = await t.createPost(author, 'kaldırılacak gönderi');
      await report(reporter, { targetType: 'post', targetId: post.id, category: 'spam' });
      const caseId = await caseOf(post.id);
      expect((await resolve(moderator, caseId, { action: 'delete_post', note: 'Reklam.', ruleId: rules[1].id })).status).toBe(200);
      expect(await count('posts WHERE id = $1', [post.id])).toBe(0);

      const [notice] = await notices(author);
      expect(notice).toMatchObject({
        kind: 'post_removed',
        reason: 'Reklam.',
        rule: { id: rules[1].id, number: 2, text: 'Spam yapmayın.' },
        removedPost: { id: post.id, content: 'kaldırılacak gönderi', createdAt: post.createdAt },
        canAppeal: true,
      });
      expect((await bell(author))[0]).toMatchObject({ type: 'moderation' });
      expect((await bell(reporter))[0]).toMatchObject({ type: 'report_resolved' });

      const auth = await t.bearer(author);
      const sent = await t.http.post(`/api/moderation/notices/${notice.id}/appeal`).set('authorization', auth).send({ text: 'Reklam değildi.' }).expect(201);
      const twice = await t.http.post(`/api/moderation/notices/${notice.id}/appeal`).set('authorization', auth).send({ text: 'Tekrar.' });
      expect(twice.status).toBe(409);
      const decidedAfter = new Date();
      const accepted = await t.http.post(`/api/admin/appeals/${sent.body.appeal.id}/accept`).set('authorization', await t.bearer(admin)).send({ reply: 'Haklısınız.' });
      expect(accepted.status).toBe(200);
      expect(accepted.body.message).toBe('İtiraz kabul edildi; gönderi geri yüklendi.');
      expect(await count('posts WHERE id = $1', [post.id])).toBe(1);
      const [after] = await notices(author);
      expect(after).toMatchObject({ id: notice.id, lifted: true, postRestored: true, appeal: { status: 'accepted', reply: 'Haklısınız.' }, canAppeal: false });
      expect(await count(`audit_log WHERE action = 'user.appeal_accept' AND target_id = $1`, [author.id])).toBe(1);
      // The outcome is notified: the member's moderation notification moved past the decision.
      await t.settled();
      expect(await count(`notification_groups WHERE recipient_id = $1 AND type = 'moderation' AND latest_at >= $2`, [author.id, decidedAfter])).toBe(1);
    });

    it('the admin posts page’s delete takes a reason and a rule; an unknown rule refuses the delete (400) and keeps the post', async () => {
      const author = await t.createUser();
      const post = await t.createPost(author, 'arka ofisten silinecek');
      const auth = await t.bearer(moderator);
      const refused = await t.http.delete(`/api/admin/posts/${post.id}`).set('authorization', auth).send({ reason: 'x', ruleId: MISSING_ID });
      expect([refused.status, refused.body.message]).toEqual([400, RULE_UNKNOWN]);
      expect(await count('posts WHERE id = $1', [post.id])).toBe(1);
      expect(await count('account_actions WHERE target_id = $1', [author.id])).toBe(0);

      await t.http.delete(`/api/admin/posts/${post.id}`).set('authorization', auth).send({ reason: 'Kurallara aykırı.', ruleId: rules[0].id }).expect(200);
      const [notice] = await notices(author);
      expect(notice).toMatchObject({ kind: 'post_removed', reason: 'Kurallara aykırı.', rule: { number: 1 }, removedPost: { content: 'arka ofisten silinecek' } });

      // Without a body: the standard reason; staff removing their own post get no notice.
      const other = await t.createPost(author, 'gerekçesiz silinecek');
      await t.http.delete(`/api/admin/posts/${other.id}`).set('authorization', auth).expect(200);
      expect((await notices(author))[0]).toMatchObject({ kind: 'post_removed', reason: 'Gönderiniz sunucu kurallarına aykırı bulunduğu için ekibimiz tarafından kaldırıldı.', rule: null });
      const own = await t.createPost(moderator, 'moderatörün kendi gönderisi');
      await t.http.delete(`/api/admin/posts/${own.id}`).set('authorization', auth).expect(200);
      expect(await count('account_actions WHERE target_id = $1', [moderator.id])).toBe(0);
    });
  });

  it('the account-action route takes a rule too; an unknown one is 400 and writes nothing', async () => {
    const member = await t.createUser();
    const auth = await t.bearer(moderator);
    const bad = await t.http.post(`/api/admin/users/${member.id}/actions`).set('authorization', auth).send({ kind: 'warn', reason: 'x', ruleId: MISSING_ID });
    expect([bad.status, bad.body.message]).toEqual([400, RULE_UNKNOWN]);
    expect(await count('account_actions WHERE target_id = $1', [member.id])).toBe(0);
    const ok = await t.http.post(`/api/admin/users/${member.id}/actions`).set('authorization', auth).send({ kind: 'warn', reason: 'Uyarı.', ruleId: rules[1].id }).expect(201);
    expect(ok.body.action.rule).toEqual({ id: rules[1].id, number: 2, text: 'Spam yapmayın.' });
  });
});
