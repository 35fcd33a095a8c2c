import { randomUUID } from 'node:crypto';
import { closeAllSockets, collect, connectSocket, nextEvent, refusal, request } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import realtimeEn from './realtime.texts.en';
import { EVENTS_TOO_FAST, FEED_UNKNOWN, IP_CONNECTIONS_FULL, TYPING_TO_YOURSELF, WATCH_NOT_A_LIST, WATCH_TOO_MANY_PER_CALL } from './realtime.texts';
import { TOO_MANY_CONNECTIONS } from './socket-limits';

const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

/**
 * Issue 26: what the gateway says back (acks, `posts:error`/`feed:error`, rate limits, a refused
 * handshake's reason) is in the connection's language: the `lang` the client sends in `auth` or
 * the query, else the handshake's Accept-Language, else Turkish. Real socket.io-client against
 * the app on real PostgreSQL; loopback is a trusted proxy so each test has addresses of its own.
 */
describe('the language of the socket answers (real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['loopback'], socketMaxPerIp: 2, socketEventsPerSecond: 5 });
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  let next = 0;
  /** Headers of a client address of its own (X-Forwarded-For), plus any given. */
  const client = (headers: Record<string, string> = {}) => ({ 'x-forwarded-for': `198.18.0.${++next}`, ...headers });

  it('answers in Turkish when nothing asks for English', async () => {
    const socket = await connectSocket(url, undefined, 5_000, client());
    expect(await request(socket, 'posts:watch', 'liste-değil')).toEqual({ ok: false, message: WATCH_NOT_A_LIST });
    const other = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' }));
    expect(await request(other, 'feed:watch', { feed: 'yok' })).toEqual({ ok: false, message: FEED_UNKNOWN });
  });

  it("answers in English for a handshake whose Accept-Language prefers it: acks and error events alike", async () => {
    const socket = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'en-US,en;q=0.9' }));
    expect(await request(socket, 'posts:watch', 'not-a-list')).toEqual({ ok: false, message: 'The post ids must be sent as a list.' });
    expect(await request(socket, 'feed:watch', { feed: 'nope' })).toEqual({ ok: false, message: 'Unknown feed.' });
    const postsError = nextEvent(socket, 'posts:error');
    socket.emit('posts:watch', ids(201));
    expect(await postsError).toEqual({ ok: false, message: realtimeEn.WATCH_TOO_MANY_PER_CALL });
    const feedError = nextEvent(socket, 'feed:error');
    socket.emit('feed:watch', { feed: 'nope' });
    expect(await feedError).toEqual({ ok: false, message: realtimeEn.FEED_UNKNOWN });
    // A success carries no text and is the same in both languages.
    expect(await request(socket, 'posts:watch', ids(2))).toEqual({ ok: true, watching: 2 });
  });

  it("lets the client's lang (the page's language) win over the browser's Accept-Language, both ways", async () => {
    const chosenEnglish = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'tr' }), { auth: { lang: 'en' } });
    expect(await request(chosenEnglish, 'posts:watch', 42)).toEqual({ ok: false, message: realtimeEn.WATCH_NOT_A_LIST });
    const chosenTurkish = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'en' }), { auth: { lang: 'tr' } });
    expect(await request(chosenTurkish, 'posts:watch', 42)).toEqual({ ok: false, message: WATCH_NOT_A_LIST });
    // In the query too (a client that cannot send `auth`).
    const byQuery = await connectSocket(url, undefined, 5_000, client(), { query: { lang: 'en' } });
    expect(await request(byQuery, 'posts:watch', ids(201))).toEqual({ ok: false, message: realtimeEn.WATCH_TOO_MANY_PER_CALL });
    // A lang that names neither language falls back to the header.
    const unknown = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'en' }), { auth: { lang: 12 } });
    expect(await request(unknown, 'posts:watch', 42)).toEqual({ ok: false, message: realtimeEn.WATCH_NOT_A_LIST });
    expect(WATCH_TOO_MANY_PER_CALL).not.toBe(realtimeEn.WATCH_TOO_MANY_PER_CALL);
  });

  it("answers a signed-in member's typing refusal in English", async () => {
    const user = await t.createUser();
    const socket = await connectSocket(url, await t.tokenFor(user), 5_000, client(), { auth: { lang: 'en' } });
    expect(await request(socket, 'message:typing', { to: user.id })).toEqual({ ok: false, message: realtimeEn.TYPING_TO_YOURSELF });
    const turkish = await connectSocket(url, await t.tokenFor(user), 5_000, client());
    expect(await request(turkish, 'message:typing', { to: user.id })).toEqual({ ok: false, message: TYPING_TO_YOURSELF });
  });

  it('refuses a handshake over the address cap with the reason in the asked language', async () => {
    const headers = client();
    await connectSocket(url, undefined, 5_000, headers);
    await connectSocket(url, undefined, 5_000, headers);
    const english = await refusal(connectSocket(url, undefined, 5_000, headers, { auth: { lang: 'en' } }));
    expect(english.message).toBe(TOO_MANY_CONNECTIONS);
    expect(english.data).toEqual({ message: realtimeEn.IP_CONNECTIONS_FULL });
    const turkish = await refusal(connectSocket(url, undefined, 5_000, headers));
    expect(turkish.data).toEqual({ message: IP_CONNECTIONS_FULL });
  });

  it('says "too fast" in English, by ack and by posts:error', async () => {
    const eager = await connectSocket(url, undefined, 5_000, client({ 'accept-language': 'en' }));
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(eager, 'posts:unwatch', [])));
    expect(answers.slice(10)).toEqual(Array(2).fill({ ok: false, message: realtimeEn.EVENTS_TOO_FAST }));
    const flood = await connectSocket(url, undefined, 5_000, client(), { auth: { lang: 'en' } });
    const errors = collect(flood, 'posts:error');
    const end = nextEvent<string>(flood, 'disconnect');
    for (let i = 0; i < 60; i++) flood.emit('whatever:event', i);
    expect(await end).toBe('io server disconnect');
    expect(errors).toEqual([{ ok: false, message: realtimeEn.EVENTS_TOO_FAST }]);
    expect(EVENTS_TOO_FAST).not.toBe(realtimeEn.EVENTS_TOO_FAST);
  });
});
