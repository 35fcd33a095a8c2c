import type { MessageNewEvent, NotificationNewEvent } from '@gundem/contract';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { NotificationsWriter } from './notifications.writer';

/**
 * The settings object's notification switches decide, on the server, what is stored and pushed
 * for the member (issue 26): real PostgreSQL, the real writer, real socket.io-client.
 */
describe('notification choices (settings) on the server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const choose = async (user: Pick<User, 'id'>, notifications: Record<string, boolean>) =>
    t.http.put('/api/users/me/preferences').set('authorization', await bearer(user)).send({ notifications }).expect(200);
  const drain = () => t.app.get(NotificationsWriter).drain();
  const stored = async (user: Pick<User, 'id'>) =>
    ((await t.db.query('SELECT type FROM notification_groups WHERE recipient_id = $1 ORDER BY type', [user.id])) as { type: string }[]).map((r) => r.type);

  type Kind = 'likes' | 'reposts' | 'follows' | 'replies' | 'mentions';
  /** Does the one action of `kind` from `actor` towards `member` (on `post`). */
  const act = async (kind: Kind, actor: User, member: User, postId: string) => {
    const auth = await bearer(actor);
    if (kind === 'likes') await t.http.post(`/api/posts/${postId}/like`).set('authorization', auth).expect(200);
    if (kind === 'reposts') await t.http.post(`/api/posts/${postId}/retweet`).set('authorization', auth).expect(200);
    if (kind === 'follows') await t.http.post(`/api/users/${member.id}/follow`).set('authorization', auth).expect(200);
    if (kind === 'replies') await t.http.post('/api/posts').set('authorization', auth).send({ content: 'yanıt', replyToId: postId }).expect(201);
    if (kind === 'mentions') await t.http.post('/api/posts').set('authorization', auth).send({ content: `merhaba @${member.username}` }).expect(201);
  };
  const TYPE: Record<Kind, string> = { likes: 'like', reposts: 'repost', follows: 'follow', replies: 'reply', mentions: 'mention' };

  it.each<Kind>(['likes', 'reposts', 'follows', 'replies', 'mentions'])('%s off: that kind is neither stored nor pushed; on again, it is', async (kind) => {
    const member = await t.createUser();
    const actor = await t.createUser();
    const post = await t.createPost(member, 'bir gönderi');
    await choose(member, { [kind]: false });
    const tab = await connectSocket(url, await t.tokenFor(member));
    const pushed = collect(tab, 'notification:new');

    await act(kind, actor, member, post.id);
    await drain();
    // Another kind still reaches the member (the switch is per kind): a like, or a follow for `likes`.
    const other: Kind = kind === 'likes' ? 'follows' : 'likes';
    const otherPushed = nextEvent(tab, 'notification:new', 10_000);
    await act(other, await t.createUser(), member, post.id);
    await drain();
    expect((await otherPushed).notification.type).toBe(TYPE[other]);
    await roundTrip(tab);
    expect(pushed.map((e) => e.notification.type)).toEqual([TYPE[other]]);
    expect(await stored(member)).toEqual([TYPE[other]]);

    // Switched on again: the next one is stored and pushed.
    await choose(member, { [kind]: true });
    const again = nextEvent(tab, 'notification:new', 10_000);
    await act(kind, await t.createUser(), member, post.id);
    expect((await again).notification.type).toBe(TYPE[kind]);
    expect(await stored(member)).toEqual([TYPE[kind], TYPE[other]].sort());
  });

  it('push off: notifications are stored and counted, not pushed', async () => {
    const member = await t.createUser();
    const post = await t.createPost(member, 'sessiz');
    await choose(member, { push: false });
    const tab = await connectSocket(url, await t.tokenFor(member));
    const pushed: NotificationNewEvent[] = collect(tab, 'notification:new');
    await act('likes', await t.createUser(), member, post.id);
    await drain();
    await roundTrip(tab);
    expect(pushed).toEqual([]);
    const count = await t.http.get('/api/notifications/unread-count').set('authorization', await bearer(member)).expect(200);
    expect(count.body.count).toBe(1);
  });

  it('messages off: the message still arrives live, without the unread badge; on: with it', async () => {
    const member = await t.createUser();
    const sender = await t.createUser();
    await choose(member, { messages: false });
    const tab = await connectSocket(url, await t.tokenFor(member));
    const send = async (content: string) =>
      t.http.post('/api/messages/send').set('authorization', await bearer(sender)).send({ receiverId: member.id, content }).expect(201);

    const quiet = nextEvent(tab, 'message:new', 10_000);
    await send('sessizce');
    const first: MessageNewEvent = await quiet;
    expect(first.message.text).toBe('sessizce');
    expect(first).not.toHaveProperty('totalUnread');

    await choose(member, { messages: true });
    const loud = nextEvent(tab, 'message:new', 10_000);
    await send('yüksek sesle');
    expect((await loud).totalUnread).toBe(2);
  });
});
