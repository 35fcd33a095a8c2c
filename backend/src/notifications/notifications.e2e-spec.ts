import { NOTIFICATION_COUNT_CAP, type NotificationGroup, type NotificationPage } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { NOTIFICATIONS_PER_SENDER_PER_HOUR } from './notifications.repository';
import { NotificationsWriter } from './notifications.writer';

/** Notifications through the real HTTP API and PostgreSQL: every kind, grouping, paging, filters, read state, undo, privacy. */
describe('notifications API', () => {
  let t: TestApp;
  let writer: NotificationsWriter;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    writer = t.app.get(NotificationsWriter);
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = async (user: Pick<User, 'id'>) => {
    let token = tokens.get(user.id);
    if (!token) tokens.set(user.id, (token = await t.tokenFor(user)));
    return `Bearer ${token}`;
  };
  const as = async (user: Pick<User, 'id'>) => {
    const header = await auth(user);
    return {
      get: (path: string) => t.http.get(path).set('authorization', header),
      post: (path: string, body?: object) => t.http.post(path).set('authorization', header).send(body),
      put: (path: string) => t.http.put(path).set('authorization', header),
      delete: (path: string) => t.http.delete(path).set('authorization', header),
    };
  };
  /** The member's notifications once every queued activity is written. */
  const notificationsOf = async (user: Pick<User, 'id'>, query = ''): Promise<NotificationPage> => {
    await writer.drain();
    const res = await (await as(user)).get(`/api/notifications${query}`);
    expect(res.status).toBe(200);
    return res.body as NotificationPage;
  };
  const like = async (user: Pick<User, 'id'>, postId: string) => (await as(user)).post(`/api/posts/${postId}/like`).expect(200);
  const summary = (g: NotificationGroup) => ({ type: g.type, post: g.post?.id ?? null, actors: g.actors.map((a) => a.username), actorCount: g.actorCount, read: g.read });

  it('needs a session: 401 with the Turkish message on every route', async () => {
    for (const [method, path] of [
      ['get', '/api/notifications'],
      ['get', '/api/notifications/unread-count'],
      ['post', '/api/notifications/read-all'],
      ['get', '/api/notifications/preferences'],
      ['put', '/api/notifications/preferences'],
      ['post', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['get', '/api/users/suggest?q=ay'],
    ] as const) {
      const res = await t.http[method](path);
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/giriş/i);
    }
  });

  it('a like, a repost, a reply, a follow and a mention each notify the member, newest first', async () => {
    const ayse = await t.createUser();
    const bora = await t.createUser();
    const post = await t.createPost(ayse, 'ilk gönderim');
    await like(bora, post.id);
    await writer.drain();
    await (await as(bora)).post(`/api/posts/${post.id}/retweet`).expect(200);
    await writer.drain();
    const reply = (await (await as(bora)).post('/api/posts', { content: 'katılıyorum', replyToId: post.id }).expect(201)).body.post;
    await writer.drain();
    await (await as(bora)).post(`/api/users/${ayse.id}/follow`).expect(200);
    await writer.drain();
    const mention = (await (await as(bora)).post('/api/posts', { content: `selam @${ayse.username.toUpperCase()} nasılsın` }).expect(201)).body.post;

    const page = await notificationsOf(ayse);
    expect(page.notifications.map(summary)).toEqual([
      { type: 'mention', post: mention.id, actors: [bora.username], actorCount: 1, read: false },
      { type: 'follow', post: null, actors: [bora.username], actorCount: 1, read: false },
      { type: 'reply', post: reply.id, actors: [bora.username], actorCount: 1, read: false },
      { type: 'repost', post: post.id, actors: [bora.username], actorCount: 1, read: false },
      { type: 'like', post: post.id, actors: [bora.username], actorCount: 1, read: false },
    ]);
    expect(page.unreadCount).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect(page.notifications[0].post).toEqual({ _id: mention.id, id: mention.id, content: `selam @${ayse.username.toUpperCase()} nasılsın`, replyToId: null, media: [], sensitive: false });
    expect(page.notifications[0].actors[0]).toEqual({ _id: bora.id, id: bora.id, username: bora.username, displayName: bora.displayName, isVerified: false, profileImage: null });
    expect(new Date(page.notifications[0].latestAt).getTime()).toBeGreaterThanOrEqual(new Date(page.notifications[1].latestAt).getTime());
    // The mentioning post links the account, as the account spells its name.
    expect(mention.mentions).toEqual([{ username: ayse.username }]);
    // Bora did everything and receives nothing.
    expect((await notificationsOf(bora)).notifications).toEqual([]);
  });

  it('groups likes of one post: newest three actors, exact count; another post is another group', async () => {
    const author = await t.createUser();
    const likers = await t.createUsers(5);
    const first = await t.createPost(author, 'beğenilecek');
    const second = await t.createPost(author, 'öteki');
    for (const liker of likers) {
      await like(liker, first.id);
      await writer.drain();
    }
    await like(likers[0], second.id);
    const page = await notificationsOf(author);
    expect(page.notifications.map(summary)).toEqual([
      { type: 'like', post: second.id, actors: [likers[0].username], actorCount: 1, read: false },
      { type: 'like', post: first.id, actors: [likers[4].username, likers[3].username, likers[2].username], actorCount: 5, read: false },
    ]);
    expect(page.unreadCount).toBe(2);
  });

  it('groups follows into one line', async () => {
    const star = await t.createUser();
    const fans = await t.createUsers(3);
    for (const fan of fans) await (await as(fan)).put(`/api/users/${star.id}/follow`).expect(200);
    const page = await notificationsOf(star);
    expect(page.notifications.map(summary)).toEqual([{ type: 'follow', post: null, actors: expect.any(Array), actorCount: 3, read: false }]);
    expect(new Set(page.notifications[0].actors.map((a) => a.username))).toEqual(new Set(fans.map((f) => f.username)));
  });

  it('nobody is notified of their own like, repost, reply or mention', async () => {
    const solo = await t.createUser();
    const post = await t.createPost(solo, 'kendi kendime');
    await like(solo, post.id);
    await (await as(solo)).post(`/api/posts/${post.id}/retweet`).expect(200);
    await (await as(solo)).post('/api/posts', { content: `ben @${solo.username} yazdım`, replyToId: post.id }).expect(201);
    const page = await notificationsOf(solo);
    expect(page.notifications).toEqual([]);
    expect(page.unreadCount).toBe(0);
  });

  it('undoing a like, a repost or a follow withdraws the pending notification; the group keeps the others', async () => {
    const author = await t.createUser();
    const [a, b] = await t.createUsers(2);
    const post = await t.createPost(author, 'geri alınacak');
    await like(a, post.id);
    await writer.drain();
    await like(b, post.id);
    await (await as(a)).post(`/api/posts/${post.id}/retweet`).expect(200);
    await (await as(a)).post(`/api/users/${author.id}/follow`).expect(200);
    expect((await notificationsOf(author)).notifications.map((g) => g.type).sort()).toEqual(['follow', 'like', 'repost']);

    await (await as(b)).delete(`/api/posts/${post.id}/like`).expect(200);
    await (await as(a)).post(`/api/posts/${post.id}/retweet`).expect(200);
    await (await as(a)).delete(`/api/users/${author.id}/follow`).expect(200);
    const page = await notificationsOf(author);
    expect(page.notifications.map(summary)).toEqual([{ type: 'like', post: post.id, actors: [a.username], actorCount: 1, read: false }]);
    expect(page.unreadCount).toBe(1);
    // The last like undone: the group is gone, not an empty line.
    await like(a, post.id);
    const empty = await notificationsOf(author);
    expect(empty.notifications).toEqual([]);
    expect(empty.unreadCount).toBe(0);
    expect((await t.db.query('SELECT count(*)::int AS n FROM notification_groups WHERE recipient_id = $1', [author.id]))[0].n).toBe(0);
  });

  it('a like and its unlike written in one batch leave nothing behind, in either order', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const post = await t.createPost(author, 'çift tık');
    await like(fan, post.id);
    await like(fan, post.id);
    expect((await notificationsOf(author)).notifications).toEqual([]);
  });

  it("a deleted post's notifications disappear", async () => {
    const author = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const fan = await t.createUser();
    const post = await t.createPost(author, 'silinecek');
    await like(fan, post.id);
    await (await as(fan)).post('/api/posts', { content: 'yanıt', replyToId: post.id }).expect(201);
    expect((await notificationsOf(author)).notifications).toHaveLength(2);
    await (await as(admin)).delete(`/api/admin/posts/${post.id}`).expect(200);
    const page = await notificationsOf(author);
    // The like's group went with the post; the reply (a post of its own) still notifies; staff's
    // delete gave the author the removal notice (moderation).
    expect(page.notifications.map((g) => g.type)).toEqual(['moderation', 'reply']);
  });

  it('deactivated actors are hidden (and counted out); a deactivated recipient gets nothing', async () => {
    const author = await t.createUser();
    const [good, gone] = await t.createUsers(2);
    const post = await t.createPost(author, 'gizlenen');
    await like(good, post.id);
    await writer.drain();
    await like(gone, post.id);
    await (await as(gone)).post(`/api/users/${author.id}/follow`).expect(200);
    await writer.drain();
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
    const page = await notificationsOf(author);
    expect(page.notifications.map(summary)).toEqual([{ type: 'like', post: post.id, actors: [good.username], actorCount: 1, read: false }]);
    expect(page.unreadCount).toBe(1);

    const sleeper = await t.createUser();
    const sleeperPost = await t.createPost(sleeper, 'uyuyan');
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [sleeper.id]);
    await (await as(good)).post(`/api/users/${sleeper.id}/follow`).expect(404);
    // A post of a deactivated author cannot be liked or answered either; a mention of them notifies no one.
    await (await as(good)).post('/api/posts', { content: `@${sleeper.username} orada mısın` }).expect(201);
    await writer.drain();
    expect((await t.db.query('SELECT count(*)::int AS n FROM notification_groups WHERE recipient_id = $1', [sleeper.id]))[0].n).toBe(0);
    expect(sleeperPost.id).toBeDefined();
  });

  it('keyset pages: every group exactly once, newest first, and a bad cursor or limit is a Turkish 400', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const post = await t.createPost(author, `sayfa ${i}`);
      ids.unshift(post.id);
      await like(fan, post.id);
      await writer.drain();
    }
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await notificationsOf(author, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.notifications.map((g) => g.post!.id));
      expect(page.unreadCount).toBe(7);
      cursor = page.nextCursor ?? '';
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);

    const bad = await (await as(author)).get('/api/notifications?cursor=bozuk!');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz sayfa imleci.');
    const tooMany = await (await as(author)).get('/api/notifications?limit=500');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Sayfa boyutu 1 ile 100 arasında olmalıdır.');
    const filter = await (await as(author)).get('/api/notifications?filter=hepsi');
    expect(filter.status).toBe(400);
    expect(filter.body.message).toMatch(/^Geçersiz bildirim filtresi/);
  });

  it('filters: Bahsedenler lists mentions and replies; Onaylı lists groups with verified actors, and only them', async () => {
    const author = await t.createUser();
    const plain = await t.createUser();
    const blue = await t.createUser({ isVerified: true });
    const post = await t.createPost(author, 'süzgeç');
    await like(plain, post.id);
    await writer.drain();
    await like(blue, post.id);
    await (await as(plain)).post(`/api/users/${author.id}/follow`).expect(200);
    await (await as(plain)).post('/api/posts', { content: 'yanıt', replyToId: post.id }).expect(201);
    await (await as(blue)).post('/api/posts', { content: `@${author.username} bak` }).expect(201);

    const mentions = await notificationsOf(author, '?filter=mentions');
    expect(mentions.notifications.map((g) => g.type).sort()).toEqual(['mention', 'reply']);
    const verified = await notificationsOf(author, '?filter=verified');
    expect(verified.notifications.map(summary)).toEqual([
      { type: 'mention', post: expect.any(String), actors: [blue.username], actorCount: 1, read: false },
      { type: 'like', post: post.id, actors: [blue.username], actorCount: 1, read: false },
    ]);
    // The unread count is the member's, whatever the tab.
    expect(verified.unreadCount).toBe(4);
    expect((await notificationsOf(author)).notifications).toHaveLength(4);
  });

  it('mark one read, mark all read; a new actor makes a read group unread again', async () => {
    const author = await t.createUser();
    const [a, b, c] = await t.createUsers(3);
    const post = await t.createPost(author, 'okunacak');
    await like(a, post.id);
    await (await as(b)).post(`/api/users/${author.id}/follow`).expect(200);
    let page = await notificationsOf(author);
    expect(page.unreadCount).toBe(2);
    const likeGroup = page.notifications.find((g) => g.type === 'like')!;

    const read = await (await as(author)).post(`/api/notifications/${likeGroup.id}/read`).expect(200);
    expect(read.body).toEqual({ unreadCount: 1 });
    expect((await (await as(author)).get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 1 });
    page = await notificationsOf(author);
    expect(page.notifications.find((g) => g.type === 'like')!.read).toBe(true);

    await like(c, post.id);
    page = await notificationsOf(author);
    expect(page.notifications[0]).toMatchObject({ type: 'like', read: false, actorCount: 2 });
    expect(page.unreadCount).toBe(2);

    expect((await (await as(author)).post('/api/notifications/read-all').expect(200)).body).toEqual({ unreadCount: 0 });
    page = await notificationsOf(author);
    expect(page.notifications.every((g) => g.read)).toBe(true);
    expect(page.unreadCount).toBe(0);
  });

  it("nobody reads or marks another member's notifications", async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const snoop = await t.createUser();
    const post = await t.createPost(author, 'özel');
    await like(fan, post.id);
    const [group] = (await notificationsOf(author)).notifications;
    expect((await notificationsOf(snoop)).notifications).toEqual([]);
    const res = await (await as(snoop)).post(`/api/notifications/${group.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Bildirim bulunamadı.');
    expect((await notificationsOf(author)).notifications[0].read).toBe(false);
    const badId = await (await as(snoop)).post('/api/notifications/abc/read');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Geçersiz kimlik.');
  });

  it('mentions: existing accounts only, at most ten distinct, a reply does not also notify its parent author as a mention', async () => {
    const writer_ = await t.createUser();
    const parentAuthor = await t.createUser();
    const many = await t.createUsers(12);
    const content = `${many.map((u) => `@${u.username}`).join(' ')} @yokboylebiri`;
    const res = await (await as(writer_)).post('/api/posts', { content }).expect(201);
    expect(res.body.post.mentions).toEqual(many.slice(0, 10).map((u) => ({ username: u.username })));
    for (const [i, u] of many.entries()) {
      const page = await notificationsOf(u);
      expect(page.notifications.map((g) => g.type)).toEqual(i < 10 ? ['mention'] : []);
    }
    const parent = await t.createPost(parentAuthor, 'ana gönderi');
    await (await as(writer_)).post('/api/posts', { content: `@${parentAuthor.username} haklısın`, replyToId: parent.id }).expect(201);
    expect((await notificationsOf(parentAuthor)).notifications.map((g) => g.type)).toEqual(['reply']);
    // The post object keeps its mentions in every list: the timeline (its shared first page too) and the post page.
    const timeline = await (await as(writer_)).get('/api/posts/timeline').expect(200);
    expect(timeline.body.posts.find((p: { id: string }) => p.id === res.body.post.id).mentions).toHaveLength(10);
    const guest = await t.http.get('/api/posts/timeline').expect(200);
    expect(guest.body.posts.find((p: { id: string }) => p.id === res.body.post.id).mentions).toHaveLength(10);
    const single = await t.http.get(`/api/posts/${res.body.post.id}`).expect(200);
    expect(single.body.post.mentions).toEqual(many.slice(0, 10).map((u) => ({ username: u.username })));
  });

  it('username suggestions: prefix, Turkish case rules, active accounts only, at most eight, Turkish 400s', async () => {
    const me = await t.createUser();
    const tag = `sg${Date.now().toString(36).slice(-5)}`;
    for (const name of [`${tag}_ayse`, `${tag}_Ismail`, `${tag}_sahin`]) await t.createUser({ username: name });
    await t.createUser({ username: `${tag}_ayten`, isActive: false });
    const suggest = async (q: string) => (await (await as(me)).get(`/api/users/suggest?q=${encodeURIComponent(q)}`).expect(200)).body.users.map((u: { username: string }) => u.username);
    expect(await suggest(`${tag}_ay`)).toEqual([`${tag}_ayse`]);
    expect(await suggest(`@${tag.toUpperCase()}_AY`)).toEqual([`${tag}_ayse`]);
    // Turkish: `İ` lowercases to `i`, and `ş` folds to the `s` a username has.
    expect(await suggest(`${tag}_İs`)).toEqual([`${tag}_Ismail`]);
    expect(await suggest(`${tag}_şah`)).toEqual([`${tag}_sahin`]);
    expect(await suggest(`${tag}_`)).toEqual([`${tag}_Ismail`, `${tag}_ayse`, `${tag}_sahin`].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(await suggest('%_')).toEqual([]);
    await t.createUsers(10);
    expect((await (await as(me)).get('/api/users/suggest?q=h').expect(200)).body.users).toHaveLength(8);
    const empty = await (await as(me)).get('/api/users/suggest?q=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Kullanıcı adı araması gerekli.');
    const long = await (await as(me)).get(`/api/users/suggest?q=${'a'.repeat(31)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Kullanıcı adı araması en fazla 30 karakter olabilir.');
  });

  it('actorCount and the unread count stop at NOTIFICATION_COUNT_CAP', async () => {
    const author = await t.createUser();
    const crowd = await t.createUsers(NOTIFICATION_COUNT_CAP + 5);
    const post = await t.createPost(author, 'viral');
    // The rows a thousand likes and a thousand mentions would leave, written directly (the scene, not the path under test).
    await t.db.query(
      `WITH g AS (INSERT INTO notification_groups (recipient_id, type, post_id, latest_at) VALUES ($1, 'like', $2, now()) RETURNING id)
       INSERT INTO notifications (group_id, actor_id, created_at) SELECT g.id, a, now() - n * interval '1 second' FROM g, unnest($3::uuid[]) WITH ORDINALITY AS x(a, n)`,
      [author.id, post.id, crowd.map((u) => u.id)],
    );
    let page = await notificationsOf(author, '?limit=1');
    expect(page.notifications[0].actorCount).toBe(NOTIFICATION_COUNT_CAP);
    expect(page.notifications[0].actors.map((a) => a.id)).toEqual(crowd.slice(0, 3).map((u) => u.id));
    await t.db.query(
      `WITH p AS (INSERT INTO posts (author_id, content, search_text) SELECT $2, 'bahis ' || n, 'bahis' FROM generate_series(1, $3::int) AS n RETURNING id),
            g AS (INSERT INTO notification_groups (recipient_id, type, post_id, latest_at) SELECT $1, 'mention', p.id, now() FROM p RETURNING id)
       INSERT INTO notifications (group_id, actor_id, created_at) SELECT g.id, $2, now() FROM g`,
      [author.id, crowd[0].id, NOTIFICATION_COUNT_CAP + 5],
    );
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM notification_groups WHERE recipient_id = $1 AND unread`, [author.id]);
    expect(n).toBeGreaterThan(NOTIFICATION_COUNT_CAP);
    page = await notificationsOf(author, '?limit=1');
    expect(page.unreadCount).toBe(NOTIFICATION_COUNT_CAP);
    expect((await (await as(author)).get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: NOTIFICATION_COUNT_CAP });
  });

  it(`one sender puts at most ${NOTIFICATIONS_PER_SENDER_PER_HOUR} notifications an hour in one member's list; others still reach them`, async () => {
    const victim = await t.createUser();
    const spammer = await t.createUser();
    const bystander = await t.createUser();
    const friend = await t.createUser();
    const extra = 15;
    // Mentions of two members at once, as one spam run does: each recipient has its own cap.
    const spam = await Promise.all(
      Array.from({ length: NOTIFICATIONS_PER_SENDER_PER_HOUR + extra }, (_, i) =>
        (async () => (await as(spammer)).post('/api/posts', { content: `@${victim.username} @${bystander.username} spam ${i}` }).expect(201))(),
      ),
    );
    expect(spam).toHaveLength(NOTIFICATIONS_PER_SENDER_PER_HOUR + extra);
    // Every post is kept: only the notifications are capped.
    const [{ n: posts }] = await t.db.query('SELECT count(*)::int AS n FROM posts WHERE author_id = $1', [spammer.id]);
    expect(posts).toBe(NOTIFICATIONS_PER_SENDER_PER_HOUR + extra);
    expect((await notificationsOf(victim, '?limit=100')).unreadCount).toBe(NOTIFICATIONS_PER_SENDER_PER_HOUR);
    expect((await notificationsOf(bystander, '?limit=100')).unreadCount).toBe(NOTIFICATIONS_PER_SENDER_PER_HOUR);
    // The cap is per sender and counts likes too: the spammer's likes add nothing; a friend's mention and like still arrive.
    const victimPost = await t.createPost(victim, 'kendi gönderim');
    await like(spammer, victimPost.id);
    await (await as(friend)).post('/api/posts', { content: `@${victim.username} merhaba` }).expect(201);
    await like(friend, victimPost.id);
    const page = await notificationsOf(victim, '?limit=100');
    expect(page.unreadCount).toBe(NOTIFICATIONS_PER_SENDER_PER_HOUR + 2);
    expect(page.notifications.filter((g) => g.actors.some((a) => a.id === friend.id)).map((g) => g.type).sort()).toEqual(['like', 'mention']);
    expect(page.notifications.find((g) => g.type === 'like')!.actors.map((a) => a.id)).toEqual([friend.id]);
    // An hour later (the rows aged in place), the spammer reaches the member again.
    await t.db.query(
      `UPDATE notifications n SET created_at = n.created_at - interval '61 minutes' FROM notification_groups g WHERE g.id = n.group_id AND g.recipient_id = $1 AND n.actor_id = $2`,
      [victim.id, spammer.id],
    );
    await (await as(spammer)).post('/api/posts', { content: `@${victim.username} bir saat sonra` }).expect(201);
    expect((await notificationsOf(victim, '?limit=100')).unreadCount).toBe(NOTIFICATIONS_PER_SENDER_PER_HOUR + 3);
  });

  it('a member who takes mentions only from accounts they follow gets none from others; bad values are a Turkish 400', async () => {
    const member = await t.createUser();
    const followed = await t.createUser();
    const stranger = await t.createUser();
    const client = await as(member);
    expect((await client.get('/api/notifications/preferences').expect(200)).body).toEqual({ mentionsFrom: 'everyone' });
    expect((await client.put('/api/notifications/preferences').send({ mentionsFrom: 'following' }).expect(200)).body).toEqual({ mentionsFrom: 'following' });
    expect((await client.get('/api/notifications/preferences').expect(200)).body).toEqual({ mentionsFrom: 'following' });
    await client.post(`/api/users/${followed.id}/follow`).expect(200);
    // The follow notifies `followed`, not the member: the member's list starts empty.
    await (await as(stranger)).post('/api/posts', { content: `@${member.username} tanışalım mı` }).expect(201);
    const fromFollowed = (await (await as(followed)).post('/api/posts', { content: `@${member.username} selam` }).expect(201)).body.post;
    let page = await notificationsOf(member);
    expect(page.notifications.map(summary)).toEqual([{ type: 'mention', post: fromFollowed.id, actors: [followed.username], actorCount: 1, read: false }]);
    // A reply to the member's own post is a reply notification, not a mention: it still arrives.
    const own = await t.createPost(member, 'soru');
    await (await as(stranger)).post('/api/posts', { content: 'cevap', replyToId: own.id }).expect(201);
    page = await notificationsOf(member);
    expect(page.notifications.map((g) => g.type)).toEqual(['reply', 'mention']);
    // Back to everyone: the stranger's next mention arrives (the earlier one stays dropped).
    await client.put('/api/notifications/preferences').send({ mentionsFrom: 'everyone' }).expect(200);
    await (await as(stranger)).post('/api/posts', { content: `@${member.username} tekrar` }).expect(201);
    expect((await notificationsOf(member)).notifications.map((g) => g.type)).toEqual(['mention', 'reply', 'mention']);

    for (const body of [{ mentionsFrom: 'nobody' }, {}, { mentionsFrom: 1 }]) {
      const bad = await client.put('/api/notifications/preferences').send(body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Bahsetme tercihi herkes (everyone) ya da takip ettiklerim (following) olmalıdır.');
    }
    expect((await client.get('/api/notifications/preferences').expect(200)).body).toEqual({ mentionsFrom: 'everyone' });
    expect((await t.http.get('/api/notifications/preferences')).status).toBe(401);
  });

  it('concurrent likes of one post give one group with the exact actor count and unread count', async () => {
    const author = await t.createUser();
    const likers = await t.createUsers(60);
    const posts = await Promise.all([0, 1, 2].map((i) => t.createPost(author, `yarış ${i}`)));
    await Promise.all(likers.flatMap((u) => posts.map((p) => like(u, p.id))));
    const page = await notificationsOf(author);
    expect(page.notifications.map((g) => [g.post!.id, g.actorCount]).sort()).toEqual(posts.map((p) => [p.id, 60]).sort());
    expect(page.unreadCount).toBe(3);
    // 60 unlike, 60 like again, at once: still exact.
    await Promise.all(likers.map((u) => like(u, posts[0].id)));
    await Promise.all(likers.slice(0, 30).map((u) => like(u, posts[0].id)));
    const after = await notificationsOf(author);
    expect(after.notifications.find((g) => g.post!.id === posts[0].id)!.actorCount).toBe(30);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM notifications n JOIN notification_groups g ON g.id = n.group_id
        WHERE g.recipient_id = $1 AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = n.actor_id AND l.post_id = g.post_id)`,
      [author.id],
    );
    expect(n).toBe(0);
  });
});

/** NOTIFICATIONS_ENABLED=false: the operator's switch (and the benchmark's baseline). */
describe('notifications switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ notificationsEnabled: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a like and a follow still work and count, but write no notification', async () => {
    const [ayse, bora] = await t.createUsers(2);
    const post = await t.createPost(ayse, 'sessiz gönderi');
    const header = `Bearer ${await t.tokenFor(bora)}`;
    const res = await t.http.post(`/api/posts/${post.id}/like`).set('authorization', header).expect(200);
    expect(res.body.likesCount).toBe(1);
    await t.http.post(`/api/users/${ayse.id}/follow`).set('authorization', header).expect(200);
    await t.app.get(NotificationsWriter).drain();
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM notification_groups WHERE recipient_id = $1`, [ayse.id]);
    expect(n).toBe(0);
    const list = await t.http.get('/api/notifications').set('authorization', `Bearer ${await t.tokenFor(ayse)}`).expect(200);
    expect(list.body.notifications).toEqual([]);
    expect(list.body.unreadCount).toBe(0);
  });
});
