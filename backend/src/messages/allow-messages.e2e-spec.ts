import type { MessagesPage, MessageTypingEvent, ProfileResponse, TypingResult } from '@gundem/contract';
import { type ClientSocket, closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AllowMessages, User } from '../users/user.entity';

/**
 * Issue 26, `Bana kimler mesaj gönderebilir` (users.allow_messages): everyone, the accounts the
 * member follows, nobody. Enforced on sending (a first message and one more in an existing
 * conversation), on the typing indicator over the socket, and said before typing: the
 * conversation page's and the profile's `canMessage` / `messageRefusal`.
 */
describe('who may message me (real PostgreSQL, real socket.io-client)', () => {
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

  const NOBODY = 'Bu kişi mesaj almıyor.';
  const FOLLOWED_ONLY = 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.';

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  /** The setting as the preferences route (another part of issue 26) stores it: the column itself. */
  const allow = (user: Pick<User, 'id'>, value: AllowMessages) => t.db.query('UPDATE users SET allow_messages = $2 WHERE id = $1', [user.id, value]);
  const follow = (follower: Pick<User, 'id'>, followee: Pick<User, 'id'>) =>
    t.db.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [follower.id, followee.id]);
  const unfollow = (follower: Pick<User, 'id'>, followee: Pick<User, 'id'>) =>
    t.db.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2', [follower.id, followee.id]);
  const send = async (from: User, to: User, content = 'Merhaba') =>
    t.http.post('/api/messages/send').set('authorization', await bearer(from)).send({ receiverId: to.id, content });
  const open = async (viewer: User, other: User) =>
    (await t.http.get(`/api/messages/conversation/${other.id}`).set('authorization', await bearer(viewer)).expect(200)).body as MessagesPage;
  const profile = async (viewer: User | null, of: User) => {
    const req = t.http.get(`/api/users/profile/${of.username}`);
    if (viewer) req.set('authorization', await bearer(viewer));
    return ((await req.expect(200)).body as ProfileResponse).user;
  };
  const countMessages = async (a: User, b: User) =>
    Number(
      (
        await t.db.query(
          'SELECT count(*) AS n FROM messages WHERE (sender_id = $1 AND receiver_id = $2) OR (sender_id = $2 AND receiver_id = $1)',
          [a.id, b.id],
        )
      )[0].n,
    );

  describe('POST /api/messages/send', () => {
    it('everyone (the default): anyone may write', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      expect((await send(ali, ayse)).status).toBe(201);
    });

    it('nobody: a Turkish 403 that says so, and nothing is stored or pushed', async () => {
      const [ayse, ali, friend] = [await t.createUser(), await t.createUser(), await t.createUser()];
      await allow(ayse, 'nobody');
      // Not even an account she follows.
      await follow(ayse, friend);
      const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
      const pushed = collect(ayseTab, 'message:new');
      for (const sender of [ali, friend]) {
        const res = await send(sender, ayse);
        expect([res.status, res.body.message, res.body.messageRefusal]).toEqual([403, NOBODY, 'nobody']);
      }
      await roundTrip(ayseTab);
      expect(pushed).toEqual([]);
      expect(await countMessages(ayse, ali)).toBe(0);
      expect(await countMessages(ayse, friend)).toBe(0);
    });

    it('following: only the accounts the receiver follows (not those who follow the receiver)', async () => {
      const [ayse, followed, fan] = [await t.createUser(), await t.createUser(), await t.createUser()];
      await allow(ayse, 'following');
      await follow(ayse, followed);
      await follow(fan, ayse);
      expect((await send(followed, ayse)).status).toBe(201);
      const res = await send(fan, ayse);
      expect([res.status, res.body.message, res.body.messageRefusal]).toEqual([403, FOLLOWED_ONLY, 'following']);
      expect(await countMessages(ayse, fan)).toBe(0);
    });

    it('an existing conversation follows the same rule for new messages, and the receiver may still write', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      expect((await send(ali, ayse, 'ilk')).status).toBe(201);
      await allow(ayse, 'following');
      const refused = await send(ali, ayse, 'ikinci');
      expect([refused.status, refused.body.message]).toEqual([403, FOLLOWED_ONLY]);
      // The setting is hers: she may answer (Ali takes messages from everyone).
      expect((await send(ayse, ali, 'yanıt')).status).toBe(201);
      // Once she follows him, his messages go through; once she unfollows, they stop again.
      await follow(ayse, ali);
      expect((await send(ali, ayse, 'üçüncü')).status).toBe(201);
      await unfollow(ayse, ali);
      expect((await send(ali, ayse, 'dördüncü')).status).toBe(403);
      await allow(ayse, 'everyone');
      expect((await send(ali, ayse, 'beşinci')).status).toBe(201);
      expect(await countMessages(ayse, ali)).toBe(4);
    });

    it('a replayed Idempotency-Key answers the first message, a fresh one is refused once she closes her messages', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      const post = async (key: string) =>
        t.http.post('/api/messages/send').set('authorization', await bearer(ali)).set('idempotency-key', key).send({ receiverId: ayse.id, content: 'Selam' });
      const first = await post('k-allow-1');
      expect(first.status).toBe(201);
      await allow(ayse, 'nobody');
      const replay = await post('k-allow-1');
      expect([replay.status, replay.body.message.id]).toEqual([201, first.body.message.id]);
      expect((await post('k-allow-2')).status).toBe(403);
    });
  });

  describe('GET /api/messages/conversation/:userId says it before typing', () => {
    it('canMessage true, or false with the reason; the thread itself stays readable', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      expect((await send(ali, ayse, 'ilk')).status).toBe(201);
      expect(await open(ali, ayse)).toMatchObject({ canMessage: true });
      expect((await open(ali, ayse)).messageRefusal).toBeUndefined();

      await allow(ayse, 'following');
      const page = await open(ali, ayse);
      expect(page).toMatchObject({ canMessage: false, messageRefusal: 'following' });
      expect(page.messages).toHaveLength(1);

      await allow(ayse, 'nobody');
      expect(await open(ali, ayse)).toMatchObject({ canMessage: false, messageRefusal: 'nobody' });
      // Her side of the same conversation: Ali takes messages from everyone.
      expect(await open(ayse, ali)).toMatchObject({ canMessage: true });
    });

    it('a block (either way) reads `unavailable`, never naming the block', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      await t.http.put(`/api/users/${ali.id}/block`).set('authorization', await bearer(ayse)).expect(200);
      expect(await open(ali, ayse)).toMatchObject({ messages: [], canMessage: false, messageRefusal: 'unavailable' });
      expect(await open(ayse, ali)).toMatchObject({ messages: [], canMessage: false, messageRefusal: 'unavailable' });
    });
  });

  describe('GET /api/users/profile/:username', () => {
    it('tells a signed-in member whether they may message the account, and why not', async () => {
      const [ayse, ali, followed] = [await t.createUser(), await t.createUser(), await t.createUser()];
      expect(await profile(ali, ayse)).toMatchObject({ canMessage: true });
      await allow(ayse, 'following');
      await follow(ayse, followed);
      expect(await profile(ali, ayse)).toMatchObject({ canMessage: false, messageRefusal: 'following' });
      expect(await profile(followed, ayse)).toMatchObject({ canMessage: true });
      expect((await profile(followed, ayse)).messageRefusal).toBeUndefined();
      await allow(ayse, 'nobody');
      expect(await profile(followed, ayse)).toMatchObject({ canMessage: false, messageRefusal: 'nobody' });
    });

    it('says nothing of it to a guest or on the member’s own profile', async () => {
      const ayse = await t.createUser();
      await allow(ayse, 'nobody');
      for (const viewer of [null, ayse]) {
        const user = await profile(viewer, ayse);
        expect([user.canMessage, user.messageRefusal]).toEqual([undefined, undefined]);
      }
    });
  });

  describe('message:typing over the socket', () => {
    const typing = (socket: ClientSocket, body: unknown) => request<TypingResult>(socket, 'message:typing', body);

    it('is refused with the same Turkish reasons and forwards nothing; allowed again once she follows the sender', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
      const heard = collect<MessageTypingEvent>(ayseTab, 'message:typing');

      await allow(ayse, 'nobody');
      // A fresh connection per attempt: each has its one typing slot a second.
      expect(await typing(await connectSocket(url, await t.tokenFor(ali)), { to: ayse.id })).toEqual({ ok: false, message: NOBODY });
      await allow(ayse, 'following');
      expect(await typing(await connectSocket(url, await t.tokenFor(ali)), { to: ayse.id })).toEqual({ ok: false, message: FOLLOWED_ONLY });
      await roundTrip(ayseTab);
      expect(heard).toEqual([]);

      await follow(ayse, ali);
      const arrived = nextEvent(ayseTab, 'message:typing', 10_000);
      expect(await typing(await connectSocket(url, await t.tokenFor(ali)), { to: ayse.id })).toEqual({ ok: true });
      expect(await arrived).toEqual<MessageTypingEvent>({ from: ali.id });
    });
  });

  it('a refused message never reaches the receiver’s socket as message:new, an allowed one does', async () => {
    const [ayse, ali, followed] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await allow(ayse, 'following');
    await follow(ayse, followed);
    const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
    const pushed = collect<{ message: { text: string } }>(ayseTab, 'message:new');
    expect((await send(ali, ayse, 'reddedilir')).status).toBe(403);
    const arrived = nextEvent(ayseTab, 'message:new', 10_000);
    expect((await send(followed, ayse, 'geçer')).status).toBe(201);
    await arrived;
    expect(pushed.map((event) => event.message.text)).toEqual(['geçer']);
  });
});
