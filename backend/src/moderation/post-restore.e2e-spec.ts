import { mediaFiles, png } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { consistencyReport, failedChecks } from '../database/consistency';
import { MediaService } from '../media/media.service';
import type { User } from '../users/user.entity';

type Member = User & { password: string };
type WirePost = {
  id: string;
  content: string;
  createdAt: string;
  replyToId: string | null;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  liked: boolean;
  hashtags: string[];
  sensitive?: boolean;
  media?: { id: string; large: { url: string } }[];
};

const RESTORED = 'İtiraz kabul edildi; gönderi geri yüklendi.';
const NOT_RESTORED = 'İtiraz kabul edildi; kaldırma kararı geri alındı. Gönderinin saklanan bir kopyası olmadığı için gönderi geri yüklenemedi.';

/**
 * Staff's removal of a post is archived, and an accepted appeal of its `post_removed` notice
 * brings the post back as it was (issue 25). Real PostgreSQL and real media files.
 */
describe('an accepted appeal restores a removed post (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Member;
  let moderator: Member;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(`SELECT count(*) AS n FROM ${sql}`, params))[0].n);
  const files = () => mediaFiles(t.config.dataDir).length;
  let shade = 0;
  const upload = async (user: Member) => {
    const res = await t.http
      .post('/api/media')
      .set('authorization', await t.bearer(user))
      .attach('file', await png(210 + (shade++ % 300), 120), 'resim.png');
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const getPost = async (id: string, viewer?: Member) => {
    const req = t.http.get(`/api/posts/${id}`);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return req;
  };
  const follow = async (follower: Member, followee: Member) => t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
  const like = async (user: Member, postId: string) => t.http.put(`/api/posts/${postId}/like`).set('authorization', await t.bearer(user)).expect(200);
  const repost = async (user: Member, postId: string) => t.http.put(`/api/posts/${postId}/retweet`).set('authorization', await t.bearer(user)).expect(200);
  const following = async (viewer: Member) =>
    ((await t.http.get('/api/posts/timeline/following?limit=50').set('authorization', await t.bearer(viewer)).expect(200)).body.posts as { id: string }[]).map((p) => p.id);
  const remove = async (postId: string, reason = 'Kurallara aykırı.') =>
    t.http.delete(`/api/admin/posts/${postId}`).set('authorization', await t.bearer(moderator)).send({ reason }).expect(200);
  const noticeOf = async (author: Member, postId: string) => {
    const res = await t.http.get('/api/moderation/notices').set('authorization', await t.bearer(author)).expect(200);
    return (res.body.notices as { id: string; postRestored: boolean; removedPost: { id: string } | null; lifted: boolean }[]).find((n) => n.removedPost?.id === postId)!;
  };
  const appeal = async (author: Member, actionId: string) =>
    (await t.http.post(`/api/moderation/notices/${actionId}/appeal`).set('authorization', await t.bearer(author)).send({ text: 'Kurallara aykırı değildi.' }).expect(201)).body.appeal
      .id as string;
  const decide = async (appealId: string, verdict: 'accept' | 'reject') =>
    t.http.post(`/api/admin/appeals/${appealId}/${verdict}`).set('authorization', await t.bearer(admin)).send({});
  /** Every counter equals its recount and no row points at a missing one, in the whole database. */
  const consistent = async () => expect(failedChecks(await consistencyReport((sql) => t.db.query(sql)))).toEqual({});
  const postsCount = async (user: Member) => Number((await t.db.query(`SELECT posts_count FROM users WHERE id = $1`, [user.id]))[0].posts_count);

  it('the post comes back by id with its text, time, parent, picture, mark, likes, reposts and replies; counts exact; in the profile and a kept following feed', async () => {
    const [author, follower, liker, gone, reposter, replier, parentAuthor] = await t.createUsers(7);
    const parent = await t.createPost(parentAuthor, 'ana gönderi');
    const picture = await upload(author);
    const created = await t.http
      .post('/api/posts')
      .set('authorization', await t.bearer(author))
      .send({ content: `#gündem yanıtım @${replier.username}`, replyToId: parent.id, mediaIds: [picture.id], sensitive: true })
      .expect(201);
    const post = created.body.post as WirePost;
    await follow(follower, author);
    await like(liker, post.id);
    await like(gone, post.id);
    await repost(reposter, post.id);
    const reply = await t.createPost(replier, 'buna katılmıyorum', post.id);
    // The follower's kept feed is built (and ready) before the removal.
    expect(await following(follower)).toContain(post.id);
    await t.settled();
    expect((await t.db.query(`SELECT ready FROM home_feed_owners WHERE owner_id = $1`, [follower.id]))[0]).toEqual({ ready: true });
    const before = (await getPost(post.id, liker)).body.post as WirePost;
    expect(before).toMatchObject({ likeCount: 2, retweetCount: 1, replyCount: 1, replyToId: parent.id, liked: true });
    const authorPosts = await postsCount(author);
    const storedFiles = files();

    await remove(post.id);
    expect((await getPost(post.id)).status).toBe(404);
    expect((await getPost(reply.id)).body.post.replyToId).toBeNull();
    expect((await getPost(parent.id)).body.post.replyCount).toBe(0);
    expect(await postsCount(author)).toBe(authorPosts - 1);
    expect(await count(`home_feed WHERE post_id = $1`, [post.id])).toBe(0);
    // The pictures' files stay with the archive, even when a release of their keys runs.
    expect(await count(`removed_posts WHERE post_id = $1`, [post.id])).toBe(1);
    expect(await count(`media_attachments WHERE id = $1`, [picture.id])).toBe(0);
    const [{ media_keys: keys }] = await t.db.query(`SELECT media_keys FROM removed_posts WHERE post_id = $1`, [post.id]);
    await t.app.get(MediaService).releaseKeys(keys);
    expect(files()).toBe(storedFiles);
    // An account gone meanwhile: its like does not come back.
    await t.db.query(`DELETE FROM users WHERE id = $1`, [gone.id]);

    const notice = await noticeOf(author, post.id);
    expect(notice.postRestored).toBe(false);
    const appealId = await appeal(author, notice.id);
    const accepted = await decide(appealId, 'accept');
    expect([accepted.status, accepted.body.message]).toEqual([200, RESTORED]);
    expect(accepted.body.appeal.action).toMatchObject({ postRestored: true, lifted: true });

    const back = (await getPost(post.id, liker)).body.post as WirePost;
    expect(back).toMatchObject({
      id: post.id,
      content: post.content,
      createdAt: post.createdAt,
      replyToId: parent.id,
      hashtags: post.hashtags,
      sensitive: true,
      likeCount: 1,
      retweetCount: 1,
      replyCount: 1,
      liked: true,
    });
    expect(back.media).toEqual(post.media);
    expect(await count(`media_attachments WHERE id = $1 AND post_id = $2`, [picture.id, post.id])).toBe(1);
    expect(await count(`removed_posts WHERE post_id = $1`, [post.id])).toBe(0);
    expect((await getPost(reply.id)).body.post.replyToId).toBe(post.id);
    expect((await getPost(parent.id)).body.post.replyCount).toBe(1);
    expect(await postsCount(author)).toBe(authorPosts);
    const profile = await t.http.get(`/api/posts/user/${author.username}/replies`).expect(200);
    expect(profile.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);
    // The follower's kept feed (still ready, not rebuilt) has it again.
    await t.settled();
    expect((await t.db.query(`SELECT ready FROM home_feed_owners WHERE owner_id = $1`, [follower.id]))[0]).toEqual({ ready: true });
    expect(await count(`home_feed WHERE owner_id = $1 AND post_id = $2`, [follower.id, post.id])).toBe(1);
    expect(await following(follower)).toContain(post.id);
    // The files stay (rows name them again).
    await t.app.get(MediaService).releaseKeys(keys);
    expect(files()).toBe(storedFiles);
    await consistent();

    expect(await noticeOf(author, post.id)).toMatchObject({ lifted: true, postRestored: true });
    const [audit] = await t.db.query(`SELECT after FROM audit_log WHERE action = 'user.appeal_accept' AND target_id = $1`, [author.id]);
    expect(audit.after).toMatchObject({ appealId, actionId: notice.id, status: 'accepted', restoredPostId: post.id });
    const [removal] = await t.db.query(`SELECT after FROM audit_log WHERE action = 'post.delete' AND target_id = $1`, [post.id]);
    expect(removal.after).toEqual({ archivedFor: notice.id });
  });

  it('a reply whose parent went meanwhile comes back as a standalone post; a reply re-attached elsewhere stays where it is', async () => {
    const [author, parentAuthor, replier] = await t.createUsers(3);
    const parent = await t.createPost(parentAuthor, 'silinecek ana gönderi');
    const post = await t.createPost(author, 'kaldırılacak yanıt', parent.id);
    const reply = await t.createPost(replier, 'yanıta yanıt', post.id);
    await remove(post.id);
    await t.http.delete(`/api/posts/${parent.id}`).set('authorization', await t.bearer(parentAuthor)).expect(200);
    // The detached reply is no longer detached: it is not taken back.
    const elsewhere = await t.createPost(replier, 'başka gönderi');
    await t.db.query(`UPDATE posts SET reply_to_id = $1 WHERE id = $2`, [elsewhere.id, reply.id]);
    await t.db.query(`UPDATE posts SET reply_count = reply_count + 1 WHERE id = $1`, [elsewhere.id]);

    const notice = await noticeOf(author, post.id);
    expect((await decide(await appeal(author, notice.id), 'accept')).body.message).toBe(RESTORED);
    expect((await getPost(post.id)).body.post).toMatchObject({ id: post.id, replyToId: null, replyCount: 0 });
    expect((await getPost(reply.id)).body.post.replyToId).toBe(elsewhere.id);
    await consistent();
  });

  it('a rejected appeal keeps the post gone and drops its archive and its files', async () => {
    const author = await t.createUser();
    const picture = await upload(author);
    const post = (await t.http.post('/api/posts').set('authorization', await t.bearer(author)).send({ content: 'reddedilecek', mediaIds: [picture.id] }).expect(201)).body
      .post as WirePost;
    const storedFiles = files();
    await remove(post.id);
    expect(files()).toBe(storedFiles);
    const notice = await noticeOf(author, post.id);
    const rejected = await decide(await appeal(author, notice.id), 'reject');
    expect([rejected.status, rejected.body.message]).toEqual([200, 'İtiraz reddedildi.']);
    expect(await count(`removed_posts WHERE post_id = $1`, [post.id])).toBe(0);
    expect((await getPost(post.id)).status).toBe(404);
    expect(files()).toBeLessThan(storedFiles);
    expect(await noticeOf(author, post.id)).toMatchObject({ lifted: false, postRestored: false });
  });

  it('the author’s own delete and staff removing their own post archive nothing', async () => {
    const author = await t.createUser();
    const own = await t.createPost(author, 'kendim siliyorum');
    await t.http.delete(`/api/posts/${own.id}`).set('authorization', await t.bearer(author)).expect(200);
    const staffOwn = await t.createPost(moderator, 'moderatörün gönderisi');
    await remove(staffOwn.id);
    expect(await count(`removed_posts WHERE post_id = ANY($1::uuid[])`, [[own.id, staffOwn.id]])).toBe(0);
  });

  it('an accepted appeal with no archive (a removal from before archives) says the post could not be restored', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'eski kaldırma');
    await remove(post.id);
    await t.db.query(`DELETE FROM removed_posts WHERE post_id = $1`, [post.id]);
    const notice = await noticeOf(author, post.id);
    const accepted = await decide(await appeal(author, notice.id), 'accept');
    expect([accepted.status, accepted.body.message]).toEqual([200, NOT_RESTORED]);
    expect((await getPost(post.id)).status).toBe(404);
    expect(await noticeOf(author, post.id)).toMatchObject({ lifted: true, postRestored: false });
  });

  it('two acceptances, or an acceptance and staff’s undo, at the same moment restore the post once', async () => {
    const [author, liker] = await t.createUsers(2);
    const post = await t.createPost(author, 'aynı anda geri alınacak');
    await like(liker, post.id);
    const authorPosts = await postsCount(author);
    await remove(post.id);
    const appealId = await appeal(author, (await noticeOf(author, post.id)).id);
    const results = await Promise.all([decide(appealId, 'accept'), decide(appealId, 'accept')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('Bu itiraz zaten karara bağlanmış.');
    expect(await postsCount(author)).toBe(authorPosts);
    expect((await getPost(post.id)).body.post).toMatchObject({ likeCount: 1 });

    const second = await t.createPost(author, 'itiraz ve geri alma');
    await like(liker, second.id);
    await remove(second.id);
    const action = await noticeOf(author, second.id);
    const secondAppeal = await appeal(author, action.id);
    const [byAppeal, byUndo] = await Promise.all([
      decide(secondAppeal, 'accept'),
      t.http.post(`/api/admin/actions/${action.id}/undo`).set('authorization', await t.bearer(admin)),
    ]);
    // Whichever ran first restored the post; the other found it restored (the appeal) or undone (409).
    expect(byAppeal.status).toBe(200);
    expect(byAppeal.body.message).toBe(RESTORED);
    expect([200, 409]).toContain(byUndo.status);
    expect(await postsCount(author)).toBe(authorPosts + 1);
    expect((await getPost(second.id)).body.post).toMatchObject({ id: second.id, likeCount: 1 });
    expect(await count(`likes WHERE post_id = $1`, [second.id])).toBe(1);
    await consistent();
  });

  it('a column added to posts or media_attachments after the removal takes its default on restore', async () => {
    const author = await t.createUser();
    const picture = await upload(author);
    const post = (await t.http.post('/api/posts').set('authorization', await t.bearer(author)).send({ content: 'şema değişecek', mediaIds: [picture.id] }).expect(201)).body
      .post as WirePost;
    await remove(post.id);
    await t.db.query(`ALTER TABLE posts ADD COLUMN probe_added integer NOT NULL DEFAULT 7`);
    await t.db.query(`ALTER TABLE media_attachments ADD COLUMN probe_added integer NOT NULL DEFAULT 8`);
    try {
      const accepted = await decide(await appeal(author, (await noticeOf(author, post.id)).id), 'accept');
      expect([accepted.status, accepted.body.message]).toEqual([200, RESTORED]);
      expect(await t.db.query(`SELECT probe_added FROM posts WHERE id = $1`, [post.id])).toEqual([{ probe_added: 7 }]);
      expect(await t.db.query(`SELECT probe_added FROM media_attachments WHERE id = $1`, [picture.id])).toEqual([{ probe_added: 8 }]);
    } finally {
      await t.db.query(`ALTER TABLE posts DROP COLUMN probe_added`);
      await t.db.query(`ALTER TABLE media_attachments DROP COLUMN probe_added`);
    }
  });

  it('the restored post’s sensitive mark follows the account’s sensitive-media action as it stands now', async () => {
    const author = await t.createUser();
    const picture = await upload(author);
    const post = (await t.http.post('/api/posts').set('authorization', await t.bearer(author)).send({ content: 'hassas olacak', mediaIds: [picture.id] }).expect(201)).body
      .post as WirePost;
    expect(post.sensitive).toBe(false);
    await remove(post.id);
    await t.http
      .post(`/api/admin/users/${author.id}/actions`)
      .set('authorization', await t.bearer(moderator))
      .send({ kind: 'sensitive_media', reason: 'Uyarısız şiddet görselleri.' })
      .expect(201);
    const accepted = await decide(await appeal(author, (await noticeOf(author, post.id)).id), 'accept');
    expect(accepted.body.message).toBe(RESTORED);
    expect((await getPost(post.id)).body.post.sensitive).toBe(true);
    expect(await t.db.query(`SELECT forced_sensitive FROM posts WHERE id = $1`, [post.id])).toEqual([{ forced_sensitive: true }]);
  });

  it('staff’s undo of a removal restores the post too', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'geri alınan kaldırma');
    await remove(post.id);
    const action = await noticeOf(author, post.id);
    const undone = await t.http.post(`/api/admin/actions/${action.id}/undo`).set('authorization', await t.bearer(admin)).expect(200);
    expect(undone.body).toMatchObject({ message: 'Kaldırma geri alındı; gönderi geri yüklendi.', action: { postRestored: true, lifted: true } });
    expect((await getPost(post.id)).body.post).toMatchObject({ id: post.id, content: 'geri alınan kaldırma' });
  });
});
