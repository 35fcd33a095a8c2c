import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

describe('messages API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  type Member = User & { token: string };
  async function member(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Member> {
    const user = await t.createUser(overrides);
    return Object.assign(user, { token: await t.tokenFor(user) });
  }
  const send = (from: Member, receiverId: string, content: unknown) =>
    t.http.post('/api/messages/send').set('authorization', `Bearer ${from.token}`).send({ receiverId, content });
  const get = (as: Member, path: string) => t.http.get(`/api/messages${path}`).set('authorization', `Bearer ${as.token}`);

  /** Rows straight into the table: `n` messages a → b, all at the SAME instant (ties broken by id). */
  async function insertMany(a: User, b: User, n: number, at = '2025-01-01T12:00:00.123456Z'): Promise<string[]> {
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO messages (sender_id, receiver_id, text, created_at)
       SELECT $1, $2, 'toplu ' || i, $4::timestamptz FROM generate_series(1, $3::int) AS i RETURNING id`,
      [a.id, b.id, n, at],
    );
    return rows.map((r) => r.id);
  }

  describe('POST /api/messages/send', () => {
    it('stores the trimmed text and answers the message and the conversation as the sender sees it', async () => {
      const [ali, ayse] = [await member(), await member({ isVerified: true })];
      const res = await send(ali, ayse.id, '  Merhaba Ayşe, nasılsın?  ').expect(201);
      expect(res.body).toEqual({
        message: { id: expect.any(String), text: 'Merhaba Ayşe, nasılsın?', timestamp: expect.any(String), isOwn: true },
        conversation: {
          id: ayse.id,
          user: { _id: ayse.id, id: ayse.id, displayName: ayse.displayName, username: ayse.username, isVerified: true, profileImage: null },
          lastMessage: { text: 'Merhaba Ayşe, nasılsın?', timestamp: res.body.message.timestamp, isRead: true },
          unreadCount: 0,
        },
      });
      expect(new Date(res.body.message.timestamp).toISOString()).toBe(res.body.message.timestamp);
      const [row] = await t.db.query('SELECT sender_id, receiver_id, text, read_at FROM messages WHERE id = $1', [res.body.message.id]);
      expect(row).toEqual({ sender_id: ali.id, receiver_id: ayse.id, text: 'Merhaba Ayşe, nasılsın?', read_at: null });
    });

    it('counts characters, not UTF-16 units: 1000 emoji pass, 1001 characters do not', async () => {
      const [ali, ayse] = [await member(), await member()];
      await send(ali, ayse.id, '😀'.repeat(1000)).expect(201);
      await send(ali, ayse.id, 'ş'.repeat(1000)).expect(201);
      const res = await send(ali, ayse.id, 'a'.repeat(1001)).expect(400);
      expect(res.body).toEqual({ message: 'Mesaj en fazla 1000 karakter olabilir.', statusCode: 400 });
      // Variation selectors are characters to PostgreSQL: 600 × "❤️" is 1200, refused with a 400 (not a 500).
      expect((await send(ali, ayse.id, '❤️'.repeat(600)).expect(400)).body.message).toBe('Mesaj en fazla 1000 karakter olabilir.');
    });

    it.each([
      ['empty content', { content: '' }, 'Mesaj boş olamaz.'],
      ['whitespace only', { content: ' \n\t ' }, 'Mesaj boş olamaz.'],
      ['missing content', { content: undefined }, 'Mesaj boş olamaz.'],
      ['content not a string', { content: 42 }, 'Mesaj boş olamaz.'],
      ['content with a NUL character', { content: 'a\u0000b' }, 'İstek geçersiz bir karakter içeriyor.'],
      ['missing receiver', { receiverId: undefined }, 'Alıcı zorunludur.'],
      ['receiver not a uuid', { receiverId: '123' }, 'Geçersiz kimlik.'],
      ['unknown field', { extra: true }, 'Bilinmeyen alan: extra'],
    ])('refuses %s with 400 and a Turkish message', async (_name, overrides, message) => {
      const [ali, ayse] = [await member(), await member()];
      const res = await t.http
        .post('/api/messages/send')
        .set('authorization', `Bearer ${ali.token}`)
        .send({ receiverId: ayse.id, content: 'Merhaba', ...overrides })
        .expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
    });

    it('refuses messages to yourself, to unknown and to deactivated accounts', async () => {
      const ali = await member();
      const inactive = await t.createUser({ isActive: false });
      expect((await send(ali, ali.id, 'Ben').expect(400)).body).toEqual({ message: 'Kendinize mesaj gönderemezsiniz.', statusCode: 400 });
      expect((await send(ali, ali.id.toUpperCase(), 'Ben').expect(400)).body.message).toBe('Kendinize mesaj gönderemezsiniz.');
      expect((await send(ali, randomUUID(), 'Kimse').expect(404)).body).toEqual({ message: 'Alıcı bulunamadı.', statusCode: 404 });
      expect((await send(ali, inactive.id, 'Kapalı').expect(404)).body).toEqual({ message: 'Alıcı bulunamadı.', statusCode: 404 });
    });

    it('needs a signed-in member', async () => {
      const ayse = await t.createUser();
      await t.http.post('/api/messages/send').send({ receiverId: ayse.id, content: 'Merhaba' }).expect(401);
      await t.http.get('/api/messages/conversations').expect(401);
      await t.http.get(`/api/messages/conversation/${ayse.id}`).expect(401);
    });
  });

  describe('GET /api/messages/conversations', () => {
    it('lists the viewer’s conversations newest first with last message and unread counts', async () => {
      const [me, ayse, can, deniz] = [await member(), await member(), await member(), await member()];
      await send(ayse, me.id, 'Ayşe 1').expect(201);
      await send(ayse, me.id, 'Ayşe 2').expect(201);
      await send(me, can.id, 'Can’a giden').expect(201);
      await send(deniz, me.id, 'Deniz 1').expect(201);
      await send(me, deniz.id, 'Deniz’e yanıt').expect(201);
      // Someone else's conversation must not show up.
      await send(ayse, can.id, 'Ayşe → Can, özel').expect(201);

      const res = await get(me, '/conversations').expect(200);
      expect(res.body.nextCursor).toBeNull();
      expect(res.body.conversations.map((c: { id: string }) => c.id)).toEqual([deniz.id, can.id, ayse.id]);
      const [withDeniz, withCan, withAyse] = res.body.conversations;
      expect(withAyse).toEqual({
        id: ayse.id,
        user: { _id: ayse.id, id: ayse.id, displayName: ayse.displayName, username: ayse.username, isVerified: false, profileImage: null },
        lastMessage: { text: 'Ayşe 2', timestamp: expect.any(String), isRead: false },
        unreadCount: 2,
      });
      expect(withCan).toMatchObject({ lastMessage: { text: 'Can’a giden', isRead: true }, unreadCount: 0 });
      // Deniz's message is still unread, but the viewer's own reply is the last message.
      expect(withDeniz).toMatchObject({ lastMessage: { text: 'Deniz’e yanıt', isRead: true }, unreadCount: 1 });
      expect(JSON.stringify(res.body)).not.toContain('özel');

      // Reading the conversation clears its unread count (and only its own).
      await get(me, `/conversation/${ayse.id}`).expect(200);
      const after = await get(me, '/conversations').expect(200);
      const counts = Object.fromEntries(after.body.conversations.map((c: { id: string; unreadCount: number }) => [c.id, c.unreadCount]));
      expect(counts).toEqual({ [ayse.id]: 0, [can.id]: 0, [deniz.id]: 1 });
      expect(after.body.conversations[2].lastMessage.isRead).toBe(true);
    });

    it('is empty for a member without messages', async () => {
      const loner = await member();
      expect((await get(loner, '/conversations').expect(200)).body).toEqual({ conversations: [], nextCursor: null });
    });

    it('pages by keyset without gaps or repeats', async () => {
      const me = await member();
      const others = await t.createUsers(7);
      for (const other of others) await send(me, other.id, `merhaba ${other.username}`).expect(201);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: { conversations: { id: string }[]; nextCursor: string | null } } = await get(
          me,
          `/conversations?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        ).expect(200);
        expect(res.body.conversations.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.conversations.map((c) => c.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(others.map((o) => o.id).reverse());
    });

    it('answers in a constant number of SQL statements, however many conversations', async () => {
      const me = await member();
      const others = await t.createUsers(12);
      for (const other of others) await send(me, other.id, 'selam').expect(201);
      const { result, queries } = await t.countQueries(() => get(me, '/conversations?limit=100').expect(200));
      expect(result.body.conversations).toHaveLength(12);
      // The JWT guard's session lookup plus one statement for the list.
      expect(queries).toBeLessThanOrEqual(3);
    });

    it('refuses a malformed cursor', async () => {
      const me = await member();
      expect((await get(me, '/conversations?cursor=bozuk!').expect(400)).body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
    });
  });

  describe('GET /api/messages/conversation/:userId', () => {
    it('answers the messages newest first with isOwn from the viewer’s side', async () => {
      const [ali, ayse] = [await member(), await member()];
      await send(ali, ayse.id, 'bir').expect(201);
      await send(ayse, ali.id, 'iki').expect(201);
      await send(ali, ayse.id, 'üç').expect(201);
      const asAli = await get(ali, `/conversation/${ayse.id}`).expect(200);
      expect(asAli.body).toEqual({
        messages: [
          { id: expect.any(String), text: 'üç', timestamp: expect.any(String), isOwn: true },
          { id: expect.any(String), text: 'iki', timestamp: expect.any(String), isOwn: false },
          { id: expect.any(String), text: 'bir', timestamp: expect.any(String), isOwn: true },
        ],
        nextCursor: null,
        // Ayşe has not opened the conversation: Ali's newest message to her is unread.
        seen: null,
        // Ayşe takes messages from everyone (issue 26's default).
        canMessage: true,
      });
      const asAyse = await get(ayse, `/conversation/${ali.id.toUpperCase()}`).expect(200);
      expect(asAyse.body.messages.map((m: { isOwn: boolean }) => m.isOwn)).toEqual([false, true, false]);
    });

    it('marks only the messages to the viewer in that conversation as read', async () => {
      const [ali, ayse, can] = [await member(), await member(), await member()];
      await send(ayse, ali.id, 'Ayşe → Ali').expect(201);
      await send(ali, ayse.id, 'Ali → Ayşe').expect(201);
      await send(can, ali.id, 'Can → Ali').expect(201);
      // The sender reading does not mark the receiver's copy.
      await get(ayse, `/conversation/${ali.id}`).expect(200);
      const unread = async () =>
        Object.fromEntries(
          (await t.db.query('SELECT text, read_at IS NOT NULL AS read FROM messages WHERE $1 IN (sender_id, receiver_id)', [ali.id])).map(
            (r: { text: string; read: boolean }) => [r.text, r.read],
          ),
        );
      expect(await unread()).toEqual({ 'Ayşe → Ali': false, 'Ali → Ayşe': true, 'Can → Ali': false });
      await get(ali, `/conversation/${ayse.id}`).expect(200);
      expect(await unread()).toEqual({ 'Ayşe → Ali': true, 'Ali → Ayşe': true, 'Can → Ali': false });
    });

    it('pages by keyset with no gaps or repeats, also among messages sent at the same instant', async () => {
      const [ali, ayse] = [await member(), await member()];
      const sameInstant = await insertMany(ali, ayse, 25);
      const later = await insertMany(ayse, ali, 5, '2025-01-01T12:00:01Z');
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { body: { messages: { id: string }[]; nextCursor: string | null } } = await get(
          ali,
          `/conversation/${ayse.id}?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        ).expect(200);
        seen.push(...res.body.messages.map((m) => m.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(new Set(seen).size).toBe(30);
      expect(seen.slice(0, 5).sort()).toEqual([...later].sort());
      expect(seen.slice(5).sort()).toEqual([...sameInstant].sort());
      // Within one instant the order is by id, descending.
      expect(seen.slice(5)).toEqual([...seen.slice(5)].sort().reverse());
    });

    it('with ?after= answers only newer messages, paging back to it', async () => {
      const [ali, ayse] = [await member(), await member()];
      const first = (await send(ali, ayse.id, 'eski').expect(201)).body.message.id;
      for (let i = 1; i <= 5; i++) await send(i % 2 ? ayse : ali, i % 2 ? ali.id : ayse.id, `yeni ${i}`).expect(201);
      const all = await get(ali, `/conversation/${ayse.id}?after=${first}`).expect(200);
      expect(all.body.messages.map((m: { text: string }) => m.text)).toEqual(['yeni 5', 'yeni 4', 'yeni 3', 'yeni 2', 'yeni 1']);
      expect(all.body.nextCursor).toBeNull();

      const page1 = await get(ali, `/conversation/${ayse.id}?after=${first}&limit=3`).expect(200);
      const page2 = await get(ali, `/conversation/${ayse.id}?after=${first}&limit=3&cursor=${page1.body.nextCursor}`).expect(200);
      expect([...page1.body.messages, ...page2.body.messages].map((m: { text: string }) => m.text)).toEqual([
        'yeni 5',
        'yeni 4',
        'yeni 3',
        'yeni 2',
        'yeni 1',
      ]);
      expect(page2.body.nextCursor).toBeNull();

      const newest = all.body.messages[0].id;
      expect((await get(ali, `/conversation/${ayse.id}?after=${newest}`).expect(200)).body).toEqual({ messages: [], nextCursor: null, seen: null, canMessage: true });
    });

    it('refuses ?after= naming a message outside this conversation, without revealing it', async () => {
      const [ali, ayse, can] = [await member(), await member(), await member()];
      const elsewhere = (await send(ayse, can.id, 'Ayşe → Can').expect(201)).body.message.id;
      for (const after of [elsewhere, randomUUID()]) {
        expect((await get(ali, `/conversation/${ayse.id}?after=${after}`).expect(404)).body).toEqual({ message: 'Mesaj bulunamadı.', statusCode: 404 });
      }
      expect((await get(ali, `/conversation/${ayse.id}?after=123`).expect(400)).body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
    });

    it('never shows a third person’s messages', async () => {
      const [ali, ayse, can] = [await member(), await member(), await member()];
      await send(ali, ayse.id, 'Ali ile Ayşe arasında').expect(201);
      expect((await get(can, `/conversation/${ali.id}`).expect(200)).body).toEqual({ messages: [], nextCursor: null, seen: null, canMessage: true });
      expect((await get(can, `/conversation/${ayse.id}`).expect(200)).body).toEqual({ messages: [], nextCursor: null, seen: null, canMessage: true });
      const [row] = await t.db.query('SELECT read_at FROM messages WHERE sender_id = $1', [ali.id]);
      expect(row.read_at).toBeNull();
    });

    it('answers 400 for a malformed id or cursor and 404 for an unknown user', async () => {
      const [ali, ayse] = [await member(), await member()];
      expect((await get(ali, '/conversation/123').expect(400)).body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
      expect((await get(ali, `/conversation/${randomUUID()}`).expect(404)).body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
      for (const cursor of ['bozuk!', Buffer.from('2025-13-45T00:00:00.000Z|x').toString('base64url'), 'YWJj']) {
        expect((await get(ali, `/conversation/${ayse.id}?cursor=${cursor}`).expect(400)).body).toEqual({ message: 'Geçersiz sayfa imleci.', statusCode: 400 });
      }
      for (const limit of ['0', '101', 'çok']) {
        expect((await get(ali, `/conversation/${ayse.id}?limit=${limit}`).expect(400)).body.message).toBe('Sayfa boyutu 1 ile 100 arasında olmalıdır.');
      }
    });
  });
});
