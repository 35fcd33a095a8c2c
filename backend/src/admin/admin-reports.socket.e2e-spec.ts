import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

/**
 * The moderation desk live (real PostgreSQL, real socket.io-client): a new report or a
 * resolution pushes `reports:open` to staff connections only; an action (not a dismissal) tells
 * each reporter `notification:new` of type `report_resolved`, naming neither staff nor the action.
 */
describe('reports over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  let moderator: User;
  let admin: User;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    moderator = await t.createUser({ role: 'moderator' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const reportPost = async (reporter: Pick<User, 'id'>, postId: string) =>
    t.http.post('/api/reports').set('authorization', await t.bearer(reporter)).send({ targetType: 'post', targetId: postId, category: 'spam' }).expect(201);
  const caseOf = async (postId: string): Promise<string> => (await t.db.query(`SELECT id FROM report_cases WHERE target_id = $1`, [postId]))[0].id;
  const openNow = async (): Promise<number> => (await t.db.query(`SELECT count(*)::int AS n FROM report_cases WHERE status = 'open'`))[0].n;

  it('pushes the open count to every staff connection on a new report and a resolution, and to nobody else', async () => {
    const member = await t.createUser();
    const staff = [await connectSocket(url, await t.tokenFor(moderator)), await connectSocket(url, await t.tokenFor(admin))];
    const others = [await connectSocket(url, await t.tokenFor(member)), await connectSocket(url)];
    const leaks = others.map((s) => collect(s, 'reports:open'));

    const post = await t.createPost(await t.createUser(), 'bildirilecek gönderi');
    const before = await openNow();
    const opened = staff.map((s) => nextEvent(s, 'reports:open', 10_000));
    await reportPost(await t.createUser(), post.id);
    for (const event of await Promise.all(opened)) expect(event).toEqual({ open: before + 1 });

    const resolved = staff.map((s) => nextEvent(s, 'reports:open', 10_000));
    await t.http.post(`/api/admin/reports/${await caseOf(post.id)}/resolve`).set('authorization', await t.bearer(moderator)).send({ action: 'dismiss' }).expect(200);
    for (const event of await Promise.all(resolved)) expect(event).toEqual({ open: before });

    for (const socket of others) await roundTrip(socket);
    expect(leaks).toEqual([[], []]);
  });

  it('tells each reporter that staff acted, without naming who or what; a dismissal and the reported member get nothing', async () => {
    const author = await t.createUser();
    const reporters = [await t.createUser(), await t.createUser()];
    const post = await t.createPost(author, 'kurallara aykırı gönderi');
    for (const reporter of reporters) await reportPost(reporter, post.id);
    const tabs = await Promise.all(reporters.map(async (r) => connectSocket(url, await t.tokenFor(r))));
    const authorTab = await connectSocket(url, await t.tokenFor(author));
    const authorSeen = collect(authorTab, 'notification:new');

    const told = tabs.map((tab) => nextEvent(tab, 'notification:new', 10_000));
    await t.http.post(`/api/admin/reports/${await caseOf(post.id)}/resolve`).set('authorization', await t.bearer(moderator)).send({ action: 'mark_sensitive' }).expect(200);
    for (const event of await Promise.all(told)) {
      expect(event).toEqual({ unreadCount: 1, notification: { id: expect.any(String), type: 'report_resolved', post: null, actors: [], actorCount: 0, latestAt: expect.any(String), read: false } });
    }
    const list = await t.http.get('/api/notifications').set('authorization', await t.bearer(reporters[0])).expect(200);
    expect(list.body).toMatchObject({ unreadCount: 1, notifications: [{ type: 'report_resolved', post: null, actors: [] }] });
    expect(JSON.stringify(list.body)).not.toContain(moderator.username);

    // A dismissal tells nobody.
    const other = await t.createPost(await t.createUser(), 'zararsız gönderi');
    await reportPost(reporters[0], other.id);
    const dismissedSeen = collect(tabs[0], 'notification:new');
    await t.http.post(`/api/admin/reports/${await caseOf(other.id)}/resolve`).set('authorization', await t.bearer(moderator)).send({ action: 'dismiss' }).expect(200);
    await t.settled();
    await roundTrip(tabs[0]);
    await roundTrip(authorTab);
    expect(dismissedSeen).toEqual([]);
    expect(authorSeen).toEqual([]);
    const author_ = await t.http.get('/api/notifications').set('authorization', await t.bearer(author)).expect(200);
    expect(author_.body.notifications).toEqual([]);
  });
});
