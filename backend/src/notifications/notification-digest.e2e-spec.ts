import { mailsTo as readMails } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { NotificationDigest } from './notification-digest';
import { NotificationsWriter } from './notifications.writer';

/**
 * The daily digest of unread notifications (issue 26) through the real mailer transport (the
 * outbox the tests read), on real PostgreSQL: sent once, with the right content, only to members
 * with unread notifications since their last digest and the e-mail switch on.
 */
describe('daily notification digest (real PostgreSQL, real mail transport)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const digest = () => t.app.get(NotificationDigest);
  const mailsTo = (email: string) => readMails(t, email);
  const like = async (fan: Pick<User, 'id'>, postId: string) => t.http.post(`/api/posts/${postId}/like`).set('authorization', await bearer(fan)).expect(200);

  it('sends one digest with the count and the newest lines, then none until a day has passed and something new is unread', async () => {
    const member = await t.createUser({ displayName: 'Deniz Özet' });
    const fan = await t.createUser({ displayName: 'Ayşe Beğenen' });
    const fan2 = await t.createUser({ displayName: 'Bora İkinci' });
    const follower = await t.createUser({ displayName: 'Cem Takipçi' });
    const post = await t.createPost(member, 'Özetlenecek gönderi');
    await like(fan, post.id);
    await like(fan2, post.id);
    await t.http.post(`/api/users/${member.id}/follow`).set('authorization', await bearer(follower)).expect(200);
    await t.app.get(NotificationsWriter).drain();

    // A member without notifications, and one who switched the e-mail off, get none.
    const quiet = await t.createUser();
    const optedOut = await t.createUser();
    await t.http.put('/api/users/me/preferences').set('authorization', await bearer(optedOut)).send({ notifications: { email: false } }).expect(200);
    await like(fan, (await t.createPost(optedOut, 'e-posta istemiyorum')).id);
    await t.app.get(NotificationsWriter).drain();

    expect(await digest().sendDue()).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain('Merhaba Deniz Özet, gündem\'de 2 okunmamış bildiriminiz var.');
    expect(mail).toContain('• Cem Takipçi sizi takip etmeye başladı');
    expect(mail).toContain('• Bora İkinci ve 1 kişi daha gönderinizi beğendi: “Özetlenecek gönderi”');
    expect(mail).toContain(`${t.config.appUrl}/notifications`);
    expect(mail.indexOf('Cem Takipçi')).toBeLessThan(mail.indexOf('Bora İkinci'));
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect(await mailsTo(optedOut.email)).toEqual([]);
    const [record] = await t.db.query('SELECT sent_at FROM notification_digests WHERE user_id = $1', [member.id]);
    expect(record.sent_at).toBeInstanceOf(Date);

    // Run again (another node, a restart): nothing more for this member, even with a new notification.
    const replier = await t.createUser();
    await t.http.post('/api/posts').set('authorization', await bearer(replier)).send({ content: 'bir yanıt', replyToId: post.id }).expect(201);
    await t.app.get(NotificationsWriter).drain();
    await digest().sendDue();
    expect(await mailsTo(member.email)).toHaveLength(1);

    // A day later, with a notification newer than the last digest: one more.
    await t.db.query(`UPDATE notification_digests SET sent_at = now() - interval '25 hours' WHERE user_id = $1`, [member.id]);
    await digest().sendDue();
    const after = await mailsTo(member.email);
    expect(after).toHaveLength(2);
    expect(after.some((m) => m.includes('3 okunmamış bildiriminiz var'))).toBe(true);

    // A day later again, but everything read: none.
    await t.http.post('/api/notifications/read-all').set('authorization', await bearer(member)).expect(200);
    await t.db.query(`UPDATE notification_digests SET sent_at = now() - interval '25 hours' WHERE user_id = $1`, [member.id]);
    await digest().sendDue();
    expect(await mailsTo(member.email)).toHaveLength(2);
  });

  it("is in English, with English plurals, for a member who chose English; Turkish for one who never chose", async () => {
    const member = await t.createUser({ displayName: 'Emma Digest' });
    await t.http.put('/api/users/me/preferences').set('authorization', await bearer(member)).send({ display: { language: 'en' } }).expect(200);
    const post = await t.createPost(member, 'A post to sum up');
    for (const name of ['Fan One', 'Fan Two', 'Fan Three']) await like(await t.createUser({ displayName: name }), post.id);
    await t.http.post(`/api/users/${member.id}/follow`).set('authorization', await bearer(await t.createUser({ displayName: 'Finn Follower' }))).expect(200);
    const single = await t.createUser({ displayName: 'Sena Tek' });
    await t.http.post(`/api/users/${single.id}/follow`).set('authorization', await bearer(await t.createUser({ displayName: 'Tek Takipçi' }))).expect(200);
    await t.app.get(NotificationsWriter).drain();

    await digest().sendDue();
    const [mail, ...rest] = await mailsTo(member.email);
    expect(rest).toEqual([]);
    expect(mail).toContain('<html lang="en">');
    expect(mail).toContain('Hello Emma Digest, you have 2 unread notifications on gündem.');
    expect(mail).toContain('• Finn Follower started following you');
    expect(mail).toContain('• Fan Three and 2 others liked your post: “A post to sum up”');
    expect(mail).toContain(`Your notifications: ${t.config.appUrl}/notifications`);
    expect(mail).toContain('We send this e-mail at most once a day.');
    expect(mail).not.toContain('Merhaba');

    const [turkish] = await mailsTo(single.email);
    expect(turkish).toContain('<html lang="tr">');
    expect(turkish).toContain("Merhaba Sena Tek, gündem'de 1 okunmamış bildiriminiz var.");
    expect(turkish).toContain('• Tek Takipçi sizi takip etmeye başladı');
  });

  it('with the lock held by another node, this node sends nothing and records nothing', async () => {
    const member = await t.createUser();
    await like(await t.createUser(), (await t.createPost(member, 'kilitli')).id);
    await t.app.get(NotificationsWriter).drain();
    const other = await t.db.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query('SELECT pg_advisory_xact_lock(7264026)');
      expect(await digest().sendDue()).toBe(0);
      expect(await t.db.query('SELECT 1 FROM notification_digests WHERE user_id = $1', [member.id])).toEqual([]);
      await other.rollbackTransaction();
    } finally {
      await other.release();
    }
    expect(await digest().sendDue()).toBe(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });
});
