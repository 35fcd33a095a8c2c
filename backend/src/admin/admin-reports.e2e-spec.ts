import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The moderation desk (docs/wire-contract.md#moderation-desk) against the real PostgreSQL: the
 * queue of cases, a case's detail, assigning, notes and the resolution with its effect, its
 * audit entry and its refusals (each writing nothing).
 */
describe('moderation desk (real PostgreSQL)', () => {
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

  const report = async (reporter: Pick<User, 'id'>, body: object) =>
    t.http.post('/api/reports').set('authorization', await t.bearer(reporter)).send(body).expect((res) => expect([200, 201]).toContain(res.status));
  const caseOf = async (targetId: string): Promise<string> => (await t.db.query(`SELECT id FROM report_cases WHERE target_id = $1 ORDER BY created_at DESC LIMIT 1`, [targetId]))[0].id;
  /** A post of a fresh author reported by `reporters` fresh members: the post, its author and the case. */
  const reportedPost = async (reporters = 1, content = 'bildirilen gönderi', author?: User) => {
    const by = author ?? (await t.createUser());
    const post = await t.createPost(by, content);
    for (let i = 0; i < reporters; i++) await report(await t.createUser(), { targetType: 'post', targetId: post.id, category: i % 2 ? 'spam' : 'harassment', comment: `yorum ${i}` });
    return { post, author: by, caseId: await caseOf(post.id) };
  };
  const as = async (who: User) => await t.bearer(who);
  const resolve = async (who: User, caseId: string, body: object, status: number) =>
    t.http.post(`/api/admin/reports/${caseId}/resolve`).set('authorization', await as(who)).send(body).expect(status);
  const auditCount = async () => Number((await t.db.query('SELECT count(*) AS n FROM audit_log'))[0].n);
  const caseRow = async (id: string) => (await t.db.query('SELECT status, resolution, resolved_by, assignee_id FROM report_cases WHERE id = $1', [id]))[0];

  describe('the queue', () => {
    it('lists open cases grouped by target, newest report first or most reports first, keyset-paged', async () => {
      // A desk of its own: resolve whatever earlier tests left open.
      await t.db.query(`UPDATE report_cases SET status = 'resolved', resolution = 'dismiss' WHERE status = 'open'`);
      const one = await reportedPost(1, 'bir kez bildirilen');
      const three = await reportedPost(3, 'üç kez bildirilen');
      const two = await reportedPost(2, 'iki kez bildirilen');
      const auth = await as(moderator);

      const newest = await t.http.get('/api/admin/reports').set('authorization', auth).expect(200);
      expect(newest.body.cases.map((c: { id: string }) => c.id)).toEqual([two.caseId, three.caseId, one.caseId]);
      expect(newest.body.nextCursor).toBeNull();
      expect(newest.body.cases[1]).toMatchObject({
        targetType: 'post',
        targetId: three.post.id,
        account: { id: three.author.id, username: three.author.username, role: 'user' },
        status: 'open',
        reportCount: 3,
        categories: ['harassment', 'spam'],
        snapshot: { post: { content: 'üç kez bildirilen' } },
        assignee: null,
        resolution: null,
      });

      const most = await t.http.get('/api/admin/reports?sort=most&limit=2').set('authorization', auth).expect(200);
      expect(most.body.cases.map((c: { id: string }) => c.id)).toEqual([three.caseId, two.caseId]);
      const rest = await t.http.get(`/api/admin/reports?sort=most&limit=2&cursor=${most.body.nextCursor}`).set('authorization', auth).expect(200);
      expect(rest.body).toEqual({ cases: [expect.objectContaining({ id: one.caseId })], nextCursor: null });

      const paged = await t.http.get('/api/admin/reports?limit=1').set('authorization', auth).expect(200);
      const second = await t.http.get(`/api/admin/reports?limit=1&cursor=${paged.body.nextCursor}`).set('authorization', auth).expect(200);
      expect([paged.body.cases[0].id, second.body.cases[0].id]).toEqual([two.caseId, three.caseId]);

      const count = await t.http.get('/api/admin/reports/open-count').set('authorization', auth).expect(200);
      expect(count.body).toEqual({ open: 3 });

      await resolve(moderator, one.caseId, { action: 'dismiss' }, 200);
      const resolved = await t.http.get('/api/admin/reports?status=resolved').set('authorization', auth).expect(200);
      expect(resolved.body.cases[0]).toMatchObject({ id: one.caseId, status: 'resolved', resolution: 'dismiss', resolvedBy: { id: moderator.id, username: moderator.username } });
      expect((await t.http.get('/api/admin/reports/open-count').set('authorization', auth).expect(200)).body).toEqual({ open: 2 });
    });

    it('refuses an unknown status, sort or cursor (400)', async () => {
      const auth = await as(moderator);
      expect((await t.http.get('/api/admin/reports?status=closed').set('authorization', auth).expect(400)).body.message).toBe('Durum açık ya da çözülen bildirimlerden biri olmalıdır.');
      expect((await t.http.get('/api/admin/reports?sort=oldest').set('authorization', auth).expect(400)).body.message).toBe('Sıralama en yeni ya da en çok bildirilen olmalıdır.');
      expect((await t.http.get('/api/admin/reports?sort=most&cursor=abc').set('authorization', auth).expect(400)).body.message).toBe('Geçersiz sayfa imleci.');
      expect((await t.http.get('/api/admin/reports?cursor=5.abc').set('authorization', auth).expect(400)).body.message).toBe('Geçersiz sayfa imleci.');
      expect((await t.http.get(`/api/admin/reports/${MISSING_ID}`).set('authorization', auth).expect(404)).body.message).toBe('Bildirim bulunamadı.');
    });
  });

  describe('a case’s detail', () => {
    it('shows the snapshot after a delete, every reporter with their comment, notes, recent posts, earlier cases and actions', async () => {
      const author = await t.createUser();
      const earlier = await reportedPost(1, 'eski bildirim', author);
      await resolve(admin, earlier.caseId, { action: 'mark_sensitive', note: 'ilk uyarı' }, 200);
      const { post, caseId } = await reportedPost(2, 'silinecek gönderi', author);
      await t.http.delete(`/api/posts/${post.id}`).set('authorization', await as(author)).expect(200);
      const auth = await as(moderator);
      await t.http.post(`/api/admin/reports/${caseId}/notes`).set('authorization', auth).send({ body: '  hesabı izlemeye alalım  ' }).expect(200);

      const res = await t.http.get(`/api/admin/reports/${caseId}`).set('authorization', auth).expect(200);
      expect(res.body.case).toMatchObject({ id: caseId, reportCount: 2, snapshot: { post: { id: post.id, content: 'silinecek gönderi' } } });
      expect(res.body.reports.map((r: { comment: string; reporter: { username: string } }) => r.comment)).toEqual(['yorum 0', 'yorum 1']);
      expect(res.body.reports[0].reporter).toEqual({ id: expect.any(String), username: expect.any(String), displayName: expect.any(String) });
      expect(res.body.notes).toEqual([{ id: expect.any(String), author: { id: moderator.id, username: moderator.username }, body: 'hesabı izlemeye alalım', createdAt: expect.any(String) }]);
      expect(res.body.recentPosts.map((p: { content: string }) => p.content)).toEqual(['eski bildirim']);
      expect(res.body.earlierCases).toEqual([expect.objectContaining({ id: earlier.caseId, resolution: 'mark_sensitive' })]);
      expect(res.body.actions).toEqual([
        expect.objectContaining({ action: 'report.resolve', actor: { id: admin.id, username: admin.username }, reason: 'ilk uyarı', targetLabel: 'eski bildirim' }),
      ]);
    });
  });

  describe('assigning and notes', () => {
    it('assigns the case to the caller with an audit entry; notes are refused empty, too long or on a resolved case', async () => {
      const { caseId } = await reportedPost();
      const res = await t.http.post(`/api/admin/reports/${caseId}/assign`).set('authorization', await as(moderator)).expect(200);
      expect(res.body).toMatchObject({ message: 'Bildirim size atandı.', case: { assignee: { id: moderator.id, username: moderator.username } } });
      await t.http.post(`/api/admin/reports/${caseId}/assign`).set('authorization', await as(admin)).expect(200);
      const entries = await t.db.query(`SELECT actor_id, action, target_type, before, after FROM audit_log WHERE target_id = $1 ORDER BY created_at`, [caseId]);
      expect(entries).toEqual([
        { actor_id: moderator.id, action: 'report.assign', target_type: 'report', before: { assignee: null }, after: { assignee: moderator.username } },
        { actor_id: admin.id, action: 'report.assign', target_type: 'report', before: { assignee: moderator.username }, after: { assignee: admin.username } },
      ]);

      const auth = await as(moderator);
      expect((await t.http.post(`/api/admin/reports/${caseId}/notes`).set('authorization', auth).send({ body: '   ' }).expect(400)).body.message).toBe('Notunuz boş olamaz.');
      expect((await t.http.post(`/api/admin/reports/${caseId}/notes`).set('authorization', auth).send({ body: 'x'.repeat(1001) }).expect(400)).body.message).toBe(
        'Notunuz en fazla 1000 karakter olabilir.',
      );
      await resolve(moderator, caseId, { action: 'dismiss' }, 200);
      const before = await auditCount();
      expect((await t.http.post(`/api/admin/reports/${caseId}/notes`).set('authorization', auth).send({ body: 'geç kalan not' }).expect(409)).body.message).toBe(
        'Bu bildirim zaten çözüldü; çözülmüş bir bildirim üzerinde işlem yapılamaz.',
      );
      await t.http.post(`/api/admin/reports/${caseId}/assign`).set('authorization', auth).expect(409);
      expect(await t.db.query('SELECT 1 FROM report_notes WHERE case_id = $1', [caseId])).toEqual([]);
      expect(await auditCount()).toBe(before);
    });
  });

  describe('resolving', () => {
    it('dismisses every report of the target together, with the note as the audit entry’s reason', async () => {
      const { post, caseId } = await reportedPost(3);
      const res = await resolve(moderator, caseId, { action: 'dismiss', note: 'kurallara aykırı değil' }, 200);
      expect(res.body).toMatchObject({ message: 'Bildirim kapatıldı; işlem yapılmadı.', case: { status: 'resolved', resolution: 'dismiss', reportCount: 3 } });
      expect(await caseRow(caseId)).toMatchObject({ status: 'resolved', resolution: 'dismiss', resolved_by: moderator.id });
      expect(await t.db.query('SELECT 1 FROM posts WHERE id = $1', [post.id])).toHaveLength(1);
      const [entry] = await t.db.query(`SELECT action, reason, before, after FROM audit_log WHERE target_id = $1`, [caseId]);
      expect(entry).toEqual({ action: 'report.resolve', reason: 'kurallara aykırı değil', before: { status: 'open' }, after: { status: 'resolved', resolution: 'dismiss' } });
      // A report after the resolution opens a new case.
      await report(await t.createUser(), { targetType: 'post', targetId: post.id, category: 'spam' });
      expect(await caseOf(post.id)).not.toBe(caseId);
    });

    it('deletes the post, marks it sensitive or deactivates the account in the same transaction as the resolution', async () => {
      const deleted = await reportedPost(2);
      expect((await resolve(moderator, deleted.caseId, { action: 'delete_post' }, 200)).body.message).toBe('Bildirim çözüldü ve işlem yapıldı.');
      expect(await t.db.query('SELECT 1 FROM posts WHERE id = $1', [deleted.post.id])).toEqual([]);
      const actions = await t.db.query(`SELECT action FROM audit_log WHERE target_id = ANY($1::uuid[]) ORDER BY created_at, action`, [[deleted.caseId, deleted.post.id]]);
      expect(actions.map((a: { action: string }) => a.action).sort()).toEqual(['post.delete', 'report.resolve']);

      const sensitive = await reportedPost();
      await resolve(moderator, sensitive.caseId, { action: 'mark_sensitive' }, 200);
      expect(await t.db.query('SELECT sensitive FROM posts WHERE id = $1', [sensitive.post.id])).toEqual([{ sensitive: true }]);
      expect(await caseRow(sensitive.caseId)).toMatchObject({ status: 'resolved', resolution: 'mark_sensitive' });

      const account = await t.createUser();
      await report(await t.createUser(), { targetType: 'account', targetId: account.id, category: 'other' });
      const accountCase = await caseOf(account.id);
      await resolve(moderator, accountCase, { action: 'deactivate_account' }, 200);
      expect(await t.db.query('SELECT is_active FROM users WHERE id = $1', [account.id])).toEqual([{ is_active: false }]);
      expect(await caseRow(accountCase)).toMatchObject({ status: 'resolved', resolution: 'deactivate_account' });
    });

    it('refuses a resolved case (409), a post’s action on an account (400), an unknown action (400): nothing written', async () => {
      const { post, caseId } = await reportedPost();
      await resolve(moderator, caseId, { action: 'dismiss' }, 200);
      const before = await auditCount();
      const again = await resolve(admin, caseId, { action: 'delete_post' }, 409);
      expect(again.body.message).toBe('Bu bildirim zaten çözüldü; çözülmüş bir bildirim üzerinde işlem yapılamaz.');
      expect(await t.db.query('SELECT 1 FROM posts WHERE id = $1', [post.id])).toHaveLength(1);
      expect(await caseRow(caseId)).toMatchObject({ resolution: 'dismiss', resolved_by: moderator.id });

      const account = await t.createUser();
      await report(await t.createUser(), { targetType: 'account', targetId: account.id, category: 'spam' });
      const accountCase = await caseOf(account.id);
      expect((await resolve(moderator, accountCase, { action: 'delete_post' }, 400)).body.message).toBe('Bu işlem yalnızca bildirilen bir gönderi için seçilebilir.');
      expect((await resolve(moderator, accountCase, { action: 'ban' }, 400)).body.message).toBe('İşlem listedeki işlemlerden biri olmalıdır.');
      expect((await resolve(moderator, accountCase, { action: 'dismiss', note: 'n'.repeat(1001) }, 400)).body.message).toBe('Notunuz en fazla 1000 karakter olabilir.');
      expect((await resolve(moderator, MISSING_ID, { action: 'dismiss' }, 404)).body.message).toBe('Bildirim bulunamadı.');
      expect(await caseRow(accountCase)).toMatchObject({ status: 'open', resolution: null });
      expect(await auditCount()).toBe(before);
    });

    it('leaves the case open when the effect fails (the post was deleted meanwhile: 404)', async () => {
      const { post, author, caseId } = await reportedPost();
      await t.http.delete(`/api/posts/${post.id}`).set('authorization', await as(author)).expect(200);
      const before = await auditCount();
      expect((await resolve(moderator, caseId, { action: 'delete_post' }, 404)).body.message).toBe('Gönderi bulunamadı.');
      expect(await caseRow(caseId)).toMatchObject({ status: 'open', resolution: null });
      expect(await auditCount()).toBe(before);
    });

    it('refuses a moderator acting on an admin’s or a moderator’s case (403); an admin may', async () => {
      const staffAuthor = await t.createUser({ role: 'admin' });
      const { post, caseId } = await reportedPost(1, 'yöneticinin gönderisi', staffAuthor);
      const before = await auditCount();
      for (const action of ['delete_post', 'mark_sensitive', 'deactivate_account', 'dismiss']) {
        expect((await resolve(moderator, caseId, { action }, 403)).body.message).toBe('Yönetici ve moderatör hesaplarıyla ilgili bildirimleri yalnızca yöneticiler çözebilir.');
      }
      const otherModerator = await t.createUser({ role: 'moderator' });
      await report(await t.createUser(), { targetType: 'account', targetId: otherModerator.id, category: 'spam' });
      await resolve(moderator, await caseOf(otherModerator.id), { action: 'deactivate_account' }, 403);
      expect(await t.db.query('SELECT sensitive FROM posts WHERE id = $1', [post.id])).toEqual([{ sensitive: false }]);
      expect(await t.db.query('SELECT is_active FROM users WHERE id = ANY($1::uuid[])', [[staffAuthor.id, otherModerator.id]])).toEqual([{ is_active: true }, { is_active: true }]);
      expect(await caseRow(caseId)).toMatchObject({ status: 'open' });
      expect(await auditCount()).toBe(before);
      await resolve(admin, caseId, { action: 'mark_sensitive' }, 200);
    });
  });
});

/**
 * The queue's and the detail's reads on a desk of 20,000 cases: each list walks its own index
 * from the cursor on, never a Seq Scan of report_cases or reports (query plans with the real
 * statements and parameters, as the audit log's test does).
 */
describe('moderation desk query plans (EXPLAIN, 20,000 cases)', () => {
  let t: TestApp;
  let auth: string;
  let caseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.bearer(await t.createUser({ role: 'moderator' }));
    const [account, reporter] = [await t.createUser(), await t.createUser()];
    await t.createPost(account, 'bir gönderi');
    await t.fill(async (fill) => {
      await fill.query(
        `INSERT INTO report_cases (target_type, target_id, account_id, status, resolution, report_count, latest_report_at, created_at)
         SELECT 'post', gen_random_uuid(), $1, CASE WHEN n % 20 = 0 THEN 'open' ELSE 'resolved' END, CASE WHEN n % 20 = 0 THEN NULL ELSE 'dismiss' END,
                1 + n % 7, now() - n * interval '1 minute', now() - n * interval '1 minute'
           FROM generate_series(1, 20000) AS n`,
        [account.id],
      );
      await fill.query(
        `INSERT INTO reports (case_id, reporter_id, category, snapshot)
         SELECT id, $1, 'spam', jsonb_build_object('account', jsonb_build_object('id', $2::text, 'username', 'x', 'displayName', 'x', 'bio', null), 'attachedPosts', '[]'::jsonb)
           FROM report_cases`,
        [reporter.id, account.id],
      );
      await fill.query('ANALYZE report_cases');
      await fill.query('ANALYZE reports');
    });
    caseId = (await t.db.query(`SELECT id FROM report_cases WHERE status = 'open' LIMIT 1`))[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['open, newest', 'status=open&sort=newest', 'idx_report_cases_newest'],
    ['open, most', 'status=open&sort=most', 'idx_report_cases_most'],
    ['resolved, newest', 'status=resolved&sort=newest', 'idx_report_cases_newest'],
    ['resolved, most', 'status=resolved&sort=most', 'idx_report_cases_most'],
  ])('%s: an index scan of its own index from the cursor on, no Seq Scan', async (_name, query, index) => {
    const first = await t.http.get(`/api/admin/reports?${query}`).set('authorization', auth).expect(200);
    expect(first.body.nextCursor).not.toBeNull();
    for (const path of [`/api/admin/reports?${query}`, `/api/admin/reports?${query}&cursor=${first.body.nextCursor}`]) {
      const plans = (await t.plansOf(path, auth)).filter((p) => /FROM report_cases/.test(p.sql));
      expect(plans).toHaveLength(1);
      expect(plans[0].plan).not.toMatch(/Seq Scan on (report_cases|reports)/);
      expect(plans[0].plan).toMatch(new RegExp(`Index Scan using ${index} on report_cases`));
    }
  });

  it('the open count and a case’s detail scan no table that grows', async () => {
    for (const path of ['/api/admin/reports/open-count', `/api/admin/reports/${caseId}`]) {
      const plans = await t.plansOf(path, auth);
      expect(plans.length).toBeGreaterThan(0);
      for (const { plan } of plans) expect(plan).not.toMatch(/Seq Scan on (report_cases|reports|report_notes|posts|audit_log)/);
    }
  });
});
