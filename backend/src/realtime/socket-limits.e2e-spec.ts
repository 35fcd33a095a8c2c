import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { closeAllSockets, collect, connectSocket, nextEvent, refusal, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ORIGIN_REFUSED } from './origin-check';
import { RealtimeEvents } from './realtime-events.service';
import { RealtimeGateway } from './realtime.gateway';
import { EVENTS_TOO_FAST, IP_CONNECTIONS_FULL, USER_CONNECTIONS_FULL, WATCH_IP_LIMIT_REACHED } from './realtime.texts';
import { TOO_MANY_CONNECTIONS } from './socket-limits';

const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

/** Waits (bounded) until `check` holds: the server counts a closed connection down when it hears of it. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Socket.IO caps against exhaustion (per node; real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  let gateway: RealtimeGateway;

  beforeAll(async () => {
    // Loopback is a trusted proxy here, so each test's X-Forwarded-For is a client address of its
    // own: the caps count the address TRUST_PROXY resolves, not the TCP peer.
    t = await createTestApp({ trustProxy: ['loopback'], socketMaxPerIp: 3, socketMaxPerUser: 2, socketMaxWatchedPerIp: 5, socketEventsPerSecond: 5 });
    url = await t.listen();
    gateway = t.app.get(RealtimeGateway);
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses the (N+1)th connection from one address, not another address, and frees the slot on close', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await connectSocket(url, undefined, 5_000, from('203.0.113.1')));
    const refused = await refusal(connectSocket(url, undefined, 5_000, from('203.0.113.1')));
    expect(refused.message).toBe(TOO_MANY_CONNECTIONS);
    expect(refused.data).toEqual({ message: IP_CONNECTIONS_FULL });
    expect((await connectSocket(url, undefined, 5_000, from('203.0.113.2'))).connected).toBe(true);

    first[0].close();
    await eventually(async () => {
      try {
        await connectSocket(url, undefined, 5_000, from('203.0.113.1'));
        return true;
      } catch {
        return false;
      }
    });
  });

  it('refuses a third connection of one account even from another address', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    await connectSocket(url, token, 5_000, from('198.51.100.1'));
    await connectSocket(url, token, 5_000, from('198.51.100.2'));
    const refused = await refusal(connectSocket(url, token, 5_000, from('198.51.100.3')));
    expect(refused.message).toBe(TOO_MANY_CONNECTIONS);
    expect(refused.data).toEqual({ message: USER_CONNECTIONS_FULL });
    // A guest from that address is not this account.
    expect((await connectSocket(url, undefined, 5_000, from('198.51.100.3'))).connected).toBe(true);
  });

  it('caps the posts all connections of one address watch together, answering posts:error', async () => {
    const a = await connectSocket(url, undefined, 5_000, from('192.0.2.10'));
    const b = await connectSocket(url, undefined, 5_000, from('192.0.2.10'));
    const elsewhere = await connectSocket(url, undefined, 5_000, from('192.0.2.11'));
    expect(await request(a, 'posts:watch', ids(3))).toEqual({ ok: true, watching: 3 });
    expect(await request(b, 'posts:watch', ids(3))).toEqual({ ok: false, message: WATCH_IP_LIMIT_REACHED });
    // Without an ack, the refusal comes as posts:error (the wire shape { ok: false, message }).
    const error = nextEvent(b, 'posts:error');
    b.emit('posts:watch', ids(3));
    expect(await error).toEqual({ ok: false, message: WATCH_IP_LIMIT_REACHED });
    expect(await request(b, 'posts:watch', ids(2))).toEqual({ ok: true, watching: 2 });
    expect(await request(elsewhere, 'posts:watch', ids(5))).toEqual({ ok: true, watching: 5 });
    // Unwatching, or a connection ending, gives the budget back.
    const [one] = ids(1);
    expect(await request(b, 'posts:watch', [one])).toMatchObject({ ok: false });
    a.close();
    await eventually(async () => (await request<{ ok: boolean }>(b, 'posts:watch', [one])).ok);
  });

  it('throttles a flood of events and cuts the client off, while another client on the node is unaffected', async () => {
    const user = await t.createUser();
    const post = await t.createPost(user, 'Sel altında');
    const calm = await connectSocket(url, undefined, 5_000, from('192.0.2.20'));
    expect(await request(calm, 'posts:watch', [post.id])).toEqual({ ok: true, watching: 1 });
    // Within the burst (twice the rate) events are served; over it, refused with a reason.
    const eager = await connectSocket(url, undefined, 5_000, from('192.0.2.21'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(eager, 'posts:unwatch', [])));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill({ ok: true, watching: 0 }));
    expect(answers.slice(10)).toEqual([
      { ok: false, message: EVENTS_TOO_FAST },
      { ok: false, message: EVENTS_TOO_FAST },
    ]);

    // Unknown events spend the budget too; one posts:error says why, and a client that keeps
    // sending into the refusals is disconnected.
    const flood = await connectSocket(url, undefined, 5_000, from('192.0.2.22'));
    const errors = collect(flood, 'posts:error');
    const end = nextEvent<string>(flood, 'disconnect');
    for (let i = 0; i < 60; i++) flood.emit('whatever:event', i);
    expect(await end).toBe('io server disconnect');
    expect(errors).toEqual([{ ok: false, message: EVENTS_TOO_FAST }]);

    const engagement = nextEvent(calm, 'post:engagement');
    t.app.get(RealtimeEvents).postEngagement(post.id, { likeCount: 1, repostCount: 0, replyCount: 0, quoteCount: 0, version: 1 });
    expect(await engagement).toEqual({ postId: post.id, likeCount: 1, retweetCount: 0, replyCount: 0, quoteCount: 0, version: 1 });
    expect(await request(calm, 'posts:unwatch', [post.id])).toEqual({ ok: true, watching: 0 });
  });

  it('forgets every address and account once their connections are gone', async () => {
    closeAllSockets();
    await eventually(() => gateway.connectionCount() === 0);
    expect(gateway.limits.size).toEqual({ addresses: 0, users: 0, watching: 0 });
  });
});

describe('Socket.IO handshake Origin check', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ appUrl: 'https://gundem.test', allowedOrigins: ['https://ortak.example'] });
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const withOrigin = (origin: string) => connectSocket(url, undefined, 5_000, { origin });

  it('refuses a foreign page with HTTP 403 before any session exists', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://kotu.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 4, message: ORIGIN_REFUSED });
    await expect(withOrigin('https://kotu.example')).rejects.toThrow();
    await expect(withOrigin('null')).rejects.toThrow();
  });

  it('gives socket.io-client (polling) a connect_error carrying the 403', async () => {
    const socket: Socket = io(url, { transports: ['polling'], extraHeaders: { origin: 'https://kotu.example' }, reconnection: false, forceNew: true });
    const error = await nextEvent<{ message: string; description?: unknown }>(socket, 'connect_error');
    socket.close();
    expect(error.description).toBe(403);
  });

  it('accepts APP_URL’s origin, ALLOWED_ORIGINS, the page’s own host, and no Origin at all', async () => {
    for (const socket of [
      await withOrigin('https://gundem.test'),
      await withOrigin('https://ortak.example'),
      await withOrigin(url),
      await connectSocket(url),
    ]) {
      await roundTrip(socket);
      expect(socket.connected).toBe(true);
    }
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://gundem.test' } });
    expect(res.status).toBe(200);
  });
});
