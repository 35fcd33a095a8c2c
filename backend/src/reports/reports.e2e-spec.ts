import { REPORTS_PER_HOUR } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Members' reports (docs/wire-contract.md#reports): POST /api/reports against the real
 * PostgreSQL: what is stored (one case per target, one report per reporter and case, the
 * snapshot), what is refused with a Turkish 4xx and that a refusal writes nothing.
 */
describe('POST /api/reports (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async (reporter: Pick<User, 'id'>, body: object, status: number) =>
    t.http.post('/api/reports').set('authorization', await t.bearer(reporter)).send(body).expect(status);
  const counts = async () => {
    const [row] = await t.db.query('SELECT (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM report_cases) AS cases');
    return row as { reports: number; cases: number };
  };
  const sendMessage = async (from: Pick<User, 'id'>, to: Pick<User, 'id'>, content: string): Promise<string> => {
    const res = await t.http.post('/api/messages/send').set('authorization', await t.bearer(from)).send({ receiverId: to.id, content }).expect(201);
    return res.body.message.id;
  };

  it('stores a post report with its snapshot and attached posts, and thanks the reporter', async () => {
    const reporter = await t.createUser();
    const author = await t.createUser({ displayName: 'Rahatsız Eden' });
    const post = await t.createPost(author, 'kaba bir gönderi');
    const older = await t.createPost(author, 'daha eski bir gönderi');
    const res = await report(reporter, { targetType: 'post', targetId: post.id, category: 'harassment', comment: '  sürekli hakaret ediyor  ', postIds: [older.id] }, 201);
    expect(res.body).toEqual({ message: 'Bildiriminiz için teşekkürler. Ekibimiz en kısa sürede inceleyecek.', report: { id: expect.any(String), updated: false }, blocked: false });

    const [row] = await t.db.query(
      `SELECT r.category, r.comment, r.attached_post_ids, r.snapshot, c.target_type, c.target_id, c.account_id, c.status, c.report_count
         FROM reports r JOIN report_cases c ON c.id = r.case_id WHERE r.id = $1`,
      [res.body.report.id],
    );
    expect(row).toMatchObject({
      category: 'harassment',
      comment: 'sürekli hakaret ediyor',
      attached_post_ids: [older.id],
      target_type: 'post',
      target_id: post.id,
      account_id: author.id,
      status: 'open',
      report_count: 1,
    });
    expect(row.snapshot).toEqual({
      account: { id: author.id, username: author.username, displayName: 'Rahatsız Eden', bio: null },
      post: { id: post.id, content: 'kaba bir gönderi', createdAt: expect.any(String), media: [], sensitive: false },
      attachedPosts: [{ id: older.id, content: 'daha eski bir gönderi', createdAt: expect.any(String), media: [], sensitive: false }],
    });
  });

  it('keeps the snapshot when the post is deleted afterwards', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'silinecek kötü gönderi');
    const res = await report(await t.createUser(), { targetType: 'post', targetId: post.id, category: 'spam' }, 201);
    await t.http.delete(`/api/posts/${post.id}`).set('authorization', await t.bearer(author)).expect(200);
    const [row] = await t.db.query('SELECT snapshot FROM reports WHERE id = $1', [res.body.report.id]);
    expect(row.snapshot.post.content).toBe('silinecek kötü gönderi');
  });

  it('updates the member’s open report of the same target instead of adding one; another member’s joins the same case', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'tekrar bildirilen gönderi');
    const first = await t.createUser();
    const a = await report(first, { targetType: 'post', targetId: post.id, category: 'spam' }, 201);
    const b = await report(first, { targetType: 'post', targetId: post.id, category: 'violence', comment: 'aslında şiddet içeriyor' }, 200);
    expect(b.body).toEqual({ message: 'Bildiriminiz güncellendi. Ekibimiz en kısa sürede inceleyecek.', report: { id: a.body.report.id, updated: true }, blocked: false });
    await report(await t.createUser(), { targetType: 'post', targetId: post.id, category: 'spam' }, 201);

    const rows = await t.db.query(
      `SELECT r.reporter_id, r.category, r.comment, c.report_count FROM reports r JOIN report_cases c ON c.id = r.case_id
        WHERE c.target_id = $1 ORDER BY r.created_at`,
      [post.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ reporter_id: first.id, category: 'violence', comment: 'aslında şiddet içeriyor', report_count: 2 });
    expect(new Set(rows.map((r: { report_count: number }) => r.report_count))).toEqual(new Set([2]));
  });

  it('reports an account and a message of a conversation the member is part of', async () => {
    const reporter = await t.createUser();
    const other = await t.createUser();
    await report(reporter, { targetType: 'account', targetId: other.id, category: 'other', comment: 'sahte hesap' }, 201);
    const messageId = await sendMessage(other, reporter, 'tehdit içeren mesaj');
    const res = await report(reporter, { targetType: 'message', targetId: messageId, category: 'violence' }, 201);
    const [row] = await t.db.query('SELECT r.snapshot, c.account_id FROM reports r JOIN report_cases c ON c.id = r.case_id WHERE r.id = $1', [res.body.report.id]);
    expect(row.account_id).toBe(other.id);
    expect(row.snapshot.message).toEqual({ id: messageId, content: 'tehdit içeren mesaj', createdAt: expect.any(String) });
  });

  describe('refusals (a Turkish 4xx, nothing written)', () => {
    let reporter: User;
    let author: User;
    let postId: string;
    beforeAll(async () => {
      reporter = await t.createUser();
      author = await t.createUser();
      postId = (await t.createPost(author, 'bildirilecek gönderi')).id;
    });

    const refused = async (body: object, status: number, message: string, who: Pick<User, 'id'> = reporter) => {
      const before = await counts();
      const res = await report(who, body, status);
      expect(res.body.message).toBe(message);
      expect(await counts()).toEqual(before);
    };

    it('refuses reporting oneself and one’s own post or message', async () => {
      await refused({ targetType: 'account', targetId: reporter.id, category: 'spam' }, 400, 'Kendi hesabınızı bildiremezsiniz.');
      const own = await t.createPost(reporter, 'kendi gönderim');
      await refused({ targetType: 'post', targetId: own.id, category: 'spam' }, 400, 'Kendi gönderinizi bildiremezsiniz.');
      const sent = await sendMessage(reporter, author, 'kendi mesajım');
      await refused({ targetType: 'message', targetId: sent, category: 'spam' }, 400, 'Kendi mesajınızı bildiremezsiniz.');
    });

    it('refuses a missing target, a deactivated author’s post and another conversation’s message (404)', async () => {
      await refused({ targetType: 'post', targetId: MISSING_ID, category: 'spam' }, 404, 'Bildirilen gönderi bulunamadı.');
      await refused({ targetType: 'account', targetId: MISSING_ID, category: 'spam' }, 404, 'Bildirilen hesap bulunamadı.');
      await refused({ targetType: 'message', targetId: MISSING_ID, category: 'spam' }, 404, 'Bildirilen mesaj bulunamadı.');
      const hidden = await t.createUser({ isActive: false });
      const hiddenPost = await t.createPost(hidden, 'gizli gönderi');
      await refused({ targetType: 'post', targetId: hiddenPost.id, category: 'spam' }, 404, 'Bildirilen gönderi bulunamadı.');
      await refused({ targetType: 'account', targetId: hidden.id, category: 'spam' }, 404, 'Bildirilen hesap bulunamadı.');
      const strangers = [await t.createUser(), await t.createUser()];
      const theirs = await sendMessage(strangers[0], strangers[1], 'başkalarının mesajı');
      await refused({ targetType: 'message', targetId: theirs, category: 'spam' }, 404, 'Bildirilen mesaj bulunamadı.');
    });

    it('refuses an unknown category or target type, a bad id, a too-long comment', async () => {
      await refused({ targetType: 'post', targetId: postId, category: 'boring' }, 400, 'Bildirim nedeni listedeki nedenlerden biri olmalıdır.');
      await refused({ targetType: 'post', targetId: postId }, 400, 'Bildirim nedeni listedeki nedenlerden biri olmalıdır.');
      await refused({ targetType: 'hashtag', targetId: postId, category: 'spam' }, 400, 'Bildirilen içeriğin türü gönderi, hesap ya da mesaj olmalıdır.');
      await refused({ targetType: 'post', targetId: 'abc', category: 'spam' }, 400, 'Bildirilen içeriğin kimliği geçerli bir kimlik olmalıdır.');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', comment: 'ç'.repeat(1001) }, 400, 'Açıklama en fazla 1000 karakter olabilir.');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', extra: 1 }, 400, 'Bilinmeyen alan: extra');
      // 1000 characters exactly is fine.
      await report(await t.createUser(), { targetType: 'post', targetId: postId, category: 'spam', comment: '😀'.repeat(1000) }, 201);
    });

    it('refuses more than 5 attached posts, a repeated one, and posts of another account', async () => {
      const six = [];
      for (let i = 0; i < 6; i++) six.push((await t.createPost(author, `ek gönderi ${i}`)).id);
      await refused({ targetType: 'post', targetId: postId, category: 'spam', postIds: six }, 400, 'Bildirime en fazla 5 gönderi eklenebilir.');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', postIds: [six[0], six[0]] }, 400, 'Aynı gönderi bildirime birden fazla kez eklenemez.');
      const foreign = await t.createPost(await t.createUser(), 'başka birinin gönderisi');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', postIds: [six[0], foreign.id] }, 400, 'Bildirime yalnızca bildirilen hesabın gönderileri eklenebilir.');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', postIds: [MISSING_ID] }, 400, 'Bildirime yalnızca bildirilen hesabın gönderileri eklenebilir.');
      await refused({ targetType: 'post', targetId: postId, category: 'spam', postIds: ['x'] }, 400, 'Eklenen gönderiler geçerli kimliklerden oluşan bir liste olmalıdır.');
      await report(await t.createUser(), { targetType: 'post', targetId: postId, category: 'spam', postIds: six.slice(0, 5) }, 201);
    });

    it('refuses a guest (401)', async () => {
      await t.http.post('/api/reports').send({ targetType: 'post', targetId: postId, category: 'spam' }).expect(401);
    });
  });

  it(`caps a member’s reports at ${REPORTS_PER_HOUR} an hour (429), without writing the one refused`, async () => {
    const reporter = await t.createUser();
    const targets = await t.createUsers(REPORTS_PER_HOUR + 1);
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) await report(reporter, { targetType: 'account', targetId: target.id, category: 'spam' }, 201);
    const res = await report(reporter, { targetType: 'account', targetId: targets[REPORTS_PER_HOUR].id, category: 'spam' }, 429);
    expect(res.body.message).toBe(`Bir saatte en fazla ${REPORTS_PER_HOUR} bildirim gönderebilirsiniz. Lütfen biraz sonra tekrar deneyin.`);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1', [reporter.id]);
    expect(n).toBe(REPORTS_PER_HOUR);
    // Another member is not held back by this one's reports.
    await report(await t.createUser(), { targetType: 'account', targetId: targets[REPORTS_PER_HOUR].id, category: 'spam' }, 201);
  });

  it('never shows the reported member who reported them', async () => {
    const reporter = await t.createUser();
    const reported = await t.createUser();
    await report(reporter, { targetType: 'account', targetId: reported.id, category: 'harassment', comment: 'beni rahatsız ediyor' }, 201);
    await t.settled();
    const auth = await t.bearer(reported);
    const notifications = await t.http.get('/api/notifications').set('authorization', auth).expect(200);
    expect(JSON.stringify(notifications.body)).not.toContain(reporter.id);
    expect(JSON.stringify(notifications.body)).not.toContain(reporter.username);
    await t.http.get('/api/reports').set('authorization', auth).expect(404);
  });
});
