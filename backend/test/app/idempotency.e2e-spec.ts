import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../test-app';
import { RealtimeEvents } from '../../src/realtime/realtime-events.service';
import type { User } from '../../src/users/user.entity';
import { IDEMPOTENCY_KEY_REUSED, INVALID_IDEMPOTENCY_KEY } from '../../src/common/idempotency/idempotency.texts';

/** Idempotency-Key on POST /api/posts and POST /api/messages/send, through HTTP on a real PostgreSQL. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let ayse: User;
  let mehmet: User;
  let ayseToken: string;
  let mehmetToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    [ayse, mehmet] = await t.createUsers(2);
    ayseToken = await t.tokenFor(ayse);
    mehmetToken = await t.tokenFor(mehmet);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (token: string, key: string | undefined, body: object) => {
    const req = t.http.post('/api/posts').set('authorization', `Bearer ${token}`);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const postsWith = async (content: string) =>
    (await t.db.query('SELECT count(*)::int AS n FROM posts WHERE content = $1', [content]))[0].n as number;
  const postsCount = async (user: User) => (await t.db.query('SELECT posts_count FROM users WHERE id = $1', [user.id]))[0].posts_count as number;

  it('the same key twice creates one post and answers the first status and body again', async () => {
    const key = randomUUID();
    const before = await postsCount(ayse);
    const first = await post(ayseToken, key, { content: 'bir kez yazılır' });
    const second = await post(ayseToken, key, { content: 'bir kez yazılır' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await postsWith('bir kez yazılır')).toBe(1);
    expect(await postsCount(ayse)).toBe(before + 1);
  });

  it('a replayed reply answers its parent counts again and counts the reply once', async () => {
    const parent = await t.createPost(mehmet, 'ana gönderi');
    const key = randomUUID();
    const first = await post(ayseToken, key, { content: 'yanıt', replyToId: parent.id });
    const second = await post(ayseToken, key, { content: 'yanıt', replyToId: parent.id });
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.body.parent).toMatchObject({ postId: parent.id, replyCount: 1 });
    expect((await t.db.query('SELECT reply_count FROM posts WHERE id = $1', [parent.id]))[0].reply_count).toBe(1);
  });

  it('a replay announces nothing: post:new goes out once', async () => {
    const events = t.app.get(RealtimeEvents);
    const spy = jest.spyOn(events, 'postNew');
    try {
      const key = randomUUID();
      await post(ayseToken, key, { content: 'bir kez duyurulur' }).expect(201);
      await post(ayseToken, key, { content: 'bir kez duyurulur' }).expect(201);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('two users with the same key get two posts', async () => {
    const key = randomUUID();
    const a = await post(ayseToken, key, { content: 'aynı anahtar, iki kişi' }).expect(201);
    const b = await post(mehmetToken, key, { content: 'aynı anahtar, iki kişi' }).expect(201);
    expect(a.body.post._id).not.toBe(b.body.post._id);
    expect(await postsWith('aynı anahtar, iki kişi')).toBe(2);
  });

  it('without a key every request creates a post (the old behaviour)', async () => {
    await post(ayseToken, undefined, { content: 'anahtarsız' }).expect(201);
    await post(ayseToken, undefined, { content: 'anahtarsız' }).expect(201);
    expect(await postsWith('anahtarsız')).toBe(2);
  });

  it('many concurrent requests with one key create one post; every answer is that post', async () => {
    const key = randomUUID();
    const before = await postsCount(ayse);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(ayseToken, key, { content: 'yarışan istekler' })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(201));
    const ids = new Set(answers.map((r) => r.body.post._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await postsWith('yarışan istekler')).toBe(1);
    expect(await postsCount(ayse)).toBe(before + 1);
  });

  it('the same key with another body is refused with 422 and writes nothing', async () => {
    const key = randomUUID();
    await post(ayseToken, key, { content: 'ilk gövde' }).expect(201);
    const other = await post(ayseToken, key, { content: 'başka gövde' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ statusCode: 422, message: IDEMPOTENCY_KEY_REUSED });
    expect(await postsWith('başka gövde')).toBe(0);
  });

  it('a failed write stores no key: the retry runs again', async () => {
    const key = randomUUID();
    const missing = randomUUID();
    const failed = await post(ayseToken, key, { content: 'yetim yanıt', replyToId: missing });
    expect(failed.status).toBe(404);
    expect((await t.db.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]))[0].n).toBe(0);
    expect((await post(ayseToken, key, { content: 'yetim yanıt', replyToId: missing })).status).toBe(404);
  });

  it('a key older than 24 hours is expired: it creates a new post', async () => {
    const key = randomUUID();
    await post(ayseToken, key, { content: 'dünkü anahtar' }).expect(201);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    const again = await post(ayseToken, key, { content: 'dünkü anahtar' }).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await postsWith('dünkü anahtar')).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(256)],
    ['a space', 'iki kelime'],
    ['non-ASCII', 'anahtar-é'],
  ])('a malformed key (%s) is a Turkish 400 and writes nothing', async (_name, key) => {
    const res = await post(ayseToken, key, { content: `bozuk anahtar ${_name}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: INVALID_IDEMPOTENCY_KEY });
    expect(await postsWith(`bozuk anahtar ${_name}`)).toBe(0);
  });

  it('255 visible ASCII characters are a valid key', async () => {
    const key = `${'~'.repeat(200)}${randomUUID()}`.slice(0, 255);
    await post(ayseToken, key, { content: 'uzun anahtar' }).expect(201);
    await post(ayseToken, key, { content: 'uzun anahtar' }).expect(201);
    expect(await postsWith('uzun anahtar')).toBe(1);
  });

  describe('POST /api/messages/send', () => {
    const send = (key: string, content: string) =>
      t.http.post('/api/messages/send').set('authorization', `Bearer ${ayseToken}`).set('Idempotency-Key', key).send({ receiverId: mehmet.id, content });
    const messagesWith = async (text: string) => (await t.db.query('SELECT count(*)::int AS n FROM messages WHERE text = $1', [text]))[0].n as number;

    it('the same key twice sends one message and answers the first body again; message:new goes out once', async () => {
      const spy = jest.spyOn(t.app.get(RealtimeEvents), 'messageNew');
      try {
        const key = randomUUID();
        const first = await send(key, 'merhaba, bir kez');
        const second = await send(key, 'merhaba, bir kez');
        expect(first.status).toBe(201);
        expect(second.status).toBe(201);
        expect(second.body).toEqual(first.body);
        expect(second.headers['idempotent-replayed']).toBe('true');
        expect(await messagesWith('merhaba, bir kez')).toBe(1);
        // message:new goes out after the commit and one more read (the unread total), not before
        // the answer: wait for it, then a moment more, in which a replay's event would show too.
        for (let i = 0; i < 250 && spy.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });

    it('concurrent sends with one key store one message', async () => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(key, 'aynı anda')));
      expect(answers.every((r) => r.status === 201)).toBe(true);
      expect(new Set(answers.map((r) => r.body.message.id)).size).toBe(1);
      expect(await messagesWith('aynı anda')).toBe(1);
    });

    it('a key used for a post is not replayed for a message (422)', async () => {
      const key = randomUUID();
      await post(ayseToken, key, { content: 'önce gönderi' }).expect(201);
      const res = await send(key, 'sonra mesaj');
      expect(res.status).toBe(422);
      expect(await messagesWith('sonra mesaj')).toBe(0);
    });
  });

  it('the OpenAPI document lists the header on both routes', async () => {
    const { body } = await t.http.get('/api/docs/openapi.json').expect(200);
    for (const [path, method] of [
      ['/api/posts', 'post'],
      ['/api/messages/send', 'post'],
    ]) {
      const names = (body.paths[path][method].parameters ?? []).map((p: { name: string }) => p.name);
      expect(names).toContain('Idempotency-Key');
    }
  });
});
