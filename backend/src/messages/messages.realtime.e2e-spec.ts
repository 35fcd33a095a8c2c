import type { MessageReadEvent, MessageTypingEvent, TypingResult } from '@gundem/contract';
import { randomUUID } from 'node:crypto';
import { type ClientSocket, closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { startTestRedis, type TestRedis } from '../../test/redis-server';
import { createTestApp, createTestNodes, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

/** The chat's live details: `message:typing`, `message:read` (Görüldü), unread totals. */
describe('chat over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
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
  const tab = async (user: Pick<User, 'id'>) => connectSocket(url, await t.tokenFor(user));
  const send = async (from: User, to: User, content: string) =>
    (await t.http.post('/api/messages/send').set('authorization', await bearer(from)).send({ receiverId: to.id, content }).expect(201)).body as {
      message: { id: string };
    };
  const open = async (viewer: User, other: User) =>
    (await t.http.get(`/api/messages/conversation/${other.id}`).set('authorization', await bearer(viewer)).expect(200)).body as {
      messages: { id: string }[];
      seen?: { messageId: string; readAt: string } | null;
    };
  const typing = (socket: ClientSocket, body: unknown) => request<TypingResult>(socket, 'message:typing', body);

  describe('message:typing', () => {
    it('reaches every tab of the receiver as { from }, and nobody else (not the sender’s other tab, not a stranger, not a guest)', async () => {
      const [ayse, ali, can] = [await t.createUser(), await t.createUser(), await t.createUser()];
      const ayseTabs = [await tab(ayse), await tab(ayse)];
      const aliOther = await tab(ali);
      const onlookers = [aliOther, await tab(can), await connectSocket(url)];
      const leaks = onlookers.map((s) => collect(s, 'message:typing'));
      const aliTab = await tab(ali);

      const heard = ayseTabs.map((s) => nextEvent(s, 'message:typing', 10_000));
      expect(await typing(aliTab, { to: ayse.id.toUpperCase() })).toEqual({ ok: true });
      for (const event of await Promise.all(heard)) expect(event).toEqual<MessageTypingEvent>({ from: ali.id });

      await Promise.all([...onlookers, aliTab].map((s) => roundTrip(s)));
      expect(leaks).toEqual([[], [], []]);
    });

    it('is refused for a guest, to oneself, to an unknown, a deactivated or a malformed receiver, and forwards nothing', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      const gone = await t.createUser({ isActive: false });
      const ayseTab = await tab(ayse);
      const got = collect(ayseTab, 'message:typing');

      const guest = await connectSocket(url);
      expect(await typing(guest, { to: ayse.id })).toEqual({ ok: false, message: 'Yazıyor bilgisi göndermek için giriş yapmalısınız.' });

      // A fresh connection for each refusal that takes the connection's one slot a second.
      expect(await typing(await tab(ali), { to: ali.id })).toEqual({ ok: false, message: 'Kendinize yazıyor bilgisi gönderemezsiniz.' });
      expect(await typing(await tab(ali), { to: randomUUID() })).toEqual({ ok: false, message: 'Alıcı bulunamadı.' });
      expect(await typing(await tab(ali), { to: gone.id })).toEqual({ ok: false, message: 'Alıcı bulunamadı.' });
      for (const bad of [null, 'x', [ayse.id], { to: 'kim' }, { to: 42 }]) {
        expect(await typing(await tab(ali), bad)).toEqual({ ok: false, message: 'Alıcı { to: "<kullanıcı kimliği>" } biçiminde gönderilmelidir.' });
      }

      await roundTrip(ayseTab);
      expect(got).toEqual([]);
    });

    it('forwards at most one per second per connection: a burst gets one through and refusals for the rest', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      const ayseTab = await tab(ayse);
      const got = collect(ayseTab, 'message:typing');
      const aliTab = await tab(ali);
      const answers = await Promise.all(Array.from({ length: 5 }, () => typing(aliTab, { to: ayse.id })));
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, message: 'Yazıyor bilgisi çok sık gönderiliyor.' })));
      await roundTrip(ayseTab);
      expect(got).toEqual([{ from: ali.id }]);
    });
  });

  describe('message:read and read receipts', () => {
    it('opening the conversation pushes Görüldü to the sender’s tabs and the read to the reader’s other tabs, with the reader’s total', async () => {
      const [ayse, ali, can] = [await t.createUser(), await t.createUser(), await t.createUser()];
      await send(can, ayse, 'Can’dan, okunmayacak');
      await send(ali, ayse, 'bir');
      const last = await send(ali, ayse, 'iki');

      const aliTabs = [await tab(ali), await tab(ali)];
      const ayseOther = await tab(ayse);
      const canTab = await tab(can);
      const canSaw = collect(canTab, 'message:read');

      // Before Ayşe reads: Ali's page has no receipt.
      expect((await open(ali, ayse)).seen).toBeNull();

      const receipts = aliTabs.map((s) => nextEvent(s, 'message:read', 10_000));
      const ownRead = nextEvent(ayseOther, 'message:read', 10_000);
      await open(ayse, ali);
      for (const event of await Promise.all(receipts)) {
        expect(event).toEqual<MessageReadEvent>({ conversationId: ayse.id, messageId: last.message.id, readAt: expect.any(String), byViewer: false });
      }
      // Can's message to Ayşe is still unread: her total is 1.
      expect(await ownRead).toEqual<MessageReadEvent>({ conversationId: ali.id, messageId: last.message.id, readAt: expect.any(String), byViewer: true, totalUnread: 1 });

      // After a reload: the page says the same.
      const seen = (await open(ali, ayse)).seen;
      expect(seen).toEqual({ messageId: last.message.id, readAt: expect.any(String) });
      expect(new Date(seen!.readAt).getTime()).not.toBeNaN();

      // Reading again with nothing new pushes nothing more.
      const more = aliTabs.map((s) => collect(s, 'message:read'));
      await open(ayse, ali);
      await Promise.all([...aliTabs, canTab].map((s) => roundTrip(s)));
      expect(more).toEqual([[], []]);
      expect(canSaw).toEqual([]);

      // A newer message from Ali is unread again: no receipt until Ayşe opens it.
      await send(ali, ayse, 'üç');
      expect((await open(ali, ayse)).seen).toBeNull();
    });

    it('message:new tells the receiver their unread total; the sender’s copy has none', async () => {
      const [ayse, ali, can] = [await t.createUser(), await t.createUser(), await t.createUser()];
      await send(can, ayse, 'önce');
      const ayseTab = await tab(ayse);
      const aliOther = await tab(ali);
      const toAyse = nextEvent(ayseTab, 'message:new', 10_000);
      const toAli = nextEvent(aliOther, 'message:new', 10_000);
      await send(ali, ayse, 'sonra');
      expect((await toAyse).totalUnread).toBe(2);
      expect(await toAli).not.toHaveProperty('totalUnread');
    });
  });

  describe('GET /api/messages/unread-count', () => {
    it('counts the member’s unread messages in every conversation and follows reading', async () => {
      const [ayse, ali, can] = [await t.createUser(), await t.createUser(), await t.createUser()];
      const count = async (u: User) => (await t.http.get('/api/messages/unread-count').set('authorization', await bearer(u)).expect(200)).body;
      expect(await count(ayse)).toEqual({ count: 0 });
      await send(ali, ayse, '1');
      await send(ali, ayse, '2');
      await send(can, ayse, '3');
      await send(ayse, ali, 'kendi mesajı sayılmaz');
      expect(await count(ayse)).toEqual({ count: 3 });
      expect(await count(ali)).toEqual({ count: 1 });
      await open(ayse, ali);
      expect(await count(ayse)).toEqual({ count: 1 });
      expect(await count(can)).toEqual({ count: 0 });
    });

    it('stops at 1000, and needs a signed-in member', async () => {
      const [ayse, ali] = [await t.createUser(), await t.createUser()];
      await t.db.query(`INSERT INTO messages (sender_id, receiver_id, text) SELECT $1, $2, 'çok ' || i FROM generate_series(1, 1005) AS i`, [ali.id, ayse.id]);
      expect((await t.http.get('/api/messages/unread-count').set('authorization', await bearer(ayse)).expect(200)).body).toEqual({ count: 1000 });
      expect((await t.http.get('/api/messages/unread-count').expect(401)).body).toMatchObject({ statusCode: 401 });
    });

    it('is served by the partial index of unread messages', async () => {
      const ayse = await t.createUser();
      const plan = (
        await t.db.query(
          `EXPLAIN SELECT count(*)::int AS n FROM (SELECT 1 FROM messages m WHERE m.receiver_id = $1::uuid AND m.read_at IS NULL LIMIT 1000) unread`,
          [ayse.id],
        )
      )
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('idx_messages_unread');
    });
  });
});

let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('chat across two nodes (shared PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    if (!redis) throw new Error('Redis yok: iki düğüm testi çalışamaz');
    [a, b] = await createTestNodes(redis.url, 'chat');
    [urlA, urlB] = [await a.listen(), await b.listen()];
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('typing on node B reaches the receiver on node A; reading on node A shows Görüldü on node B', async () => {
    const ayse = await a.createUser();
    const ali = await a.createUser();
    const ayseOnA = await connectSocket(urlA, await a.tokenFor(ayse));
    const aliOnB = await connectSocket(urlB, await b.tokenFor(ali));

    const heard = nextEvent(ayseOnA, 'message:typing', 10_000);
    expect(await request<TypingResult>(aliOnB, 'message:typing', { to: ayse.id })).toEqual({ ok: true });
    expect(await heard).toEqual({ from: ali.id });

    const sent = await b.http.post('/api/messages/send').set('authorization', `Bearer ${await b.tokenFor(ali)}`).send({ receiverId: ayse.id, content: 'merhaba' }).expect(201);
    const receipt = nextEvent(aliOnB, 'message:read', 10_000);
    await a.http.get(`/api/messages/conversation/${ali.id}`).set('authorization', `Bearer ${await a.tokenFor(ayse)}`).expect(200);
    expect(await receipt).toMatchObject({ conversationId: ayse.id, messageId: sent.body.message.id, byViewer: false });
  });
});
