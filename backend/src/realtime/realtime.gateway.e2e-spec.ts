import type { Post } from '@gundem/contract';
import { jest } from '@jest/globals';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { io } from 'socket.io-client';
import { closeAllSockets, collect, connectSocket, type ClientSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  FEED_NOT_AN_OBJECT,
  FEED_UNKNOWN,
  MAX_WATCHED_POSTS,
  WATCH_INVALID_ID,
  WATCH_LIMIT_REACHED,
  WATCH_NOT_A_LIST,
  WATCH_TOO_MANY_PER_CALL,
} from './realtime.texts';
import { RealtimeEvents } from './realtime-events.service';
import { RealtimeGateway } from './realtime.gateway';
import { outgoingBacklog, SLOW_SOCKET_LIMITS } from './slow-socket-guard';
import { UsersService } from '../users/users.service';

/** An HS256 JWT signed with any secret and any claims (the app's JwtService refuses some of these). */
function jwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

describe('realtime gateway (Socket.IO on the API server, real PostgreSQL)', () => {
  let t: TestApp;
  let url: string;
  let events: RealtimeEvents;
  let gateway: RealtimeGateway;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    events = t.app.get(RealtimeEvents);
    gateway = t.app.get(RealtimeGateway);
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const roomsOf = async (socket: ClientSocket) => {
    const [remote] = await gateway.server.in(socket.id!).fetchSockets();
    return remote ? [...remote.rooms] : [];
  };

  describe('handshake', () => {
    it('accepts a valid token and joins the room user:<id>', async () => {
      const user = await t.createUser();
      const socket = await connectSocket(url, await t.tokenFor(user));
      expect(socket.connected).toBe(true);
      expect(await roomsOf(socket)).toContain(`user:${user.id}`);
    });

    it('accepts a "Bearer " prefixed token too', async () => {
      const user = await t.createUser();
      const socket = await connectSocket(url, `Bearer ${await t.tokenFor(user)}`);
      expect(await roomsOf(socket)).toContain(`user:${user.id}`);
    });

    it('lets a guest connect without a token, in no user room', async () => {
      const socket = await connectSocket(url);
      expect(socket.connected).toBe(true);
      expect((await roomsOf(socket)).filter((room) => room.startsWith('user:'))).toEqual([]);
    });

    it('refuses bad tokens with connect_error "unauthorized"', async () => {
      const active = await t.createUser();
      const inactive = await t.createUser({ isActive: false });
      const revoked = await t.createUser();
      const revokedToken = await t.tokenFor(revoked);
      // A password reset, as the app does it (it also drops the cached session, SessionCache).
      await t.app.get(UsersService).setPassword(revoked.id, 'yeni-parola-123');
      const secret = t.config.jwtSecret;
      const now = Math.floor(Date.now() / 1000);
      const cases: Array<[string, unknown]> = [
        ['garbage', 'not-a-jwt'],
        ['wrong signature', jwt({ sub: active.id, ver: 0, iat: now, exp: now + 60 }, 'another-secret-'.padEnd(48, 'y'))],
        ['expired', jwt({ sub: active.id, ver: 0, iat: now - 120, exp: now - 60 }, secret)],
        ['unknown user', jwt({ sub: randomUUID(), ver: 0, iat: now, exp: now + 60 }, secret)],
        ['sub not a uuid', jwt({ sub: 'admin', ver: 0, iat: now, exp: now + 60 }, secret)],
        ['deactivated account', await t.tokenFor(inactive)],
        ['session revoked (password reset)', revokedToken],
        ['token not a string', 12345],
      ];
      for (const [name, token] of cases) {
        const refused = await connectSocket(url, token as string).then(
          () => new Error(`${name}: connected`),
          (error: Error) => error,
        );
        expect([name, refused.message]).toEqual([name, 'unauthorized']);
      }
    });
  });

  describe('posts:watch / posts:unwatch', () => {
    it('joins and leaves post:<id> rooms and answers by ack', async () => {
      const socket = await connectSocket(url);
      const [a, b] = ids(2);
      expect(await request(socket, 'posts:watch', [a, b.toUpperCase(), a])).toEqual({ ok: true, watching: 2 });
      expect(await roomsOf(socket)).toEqual(expect.arrayContaining([`post:${a}`, `post:${b}`]));
      expect(await request(socket, 'posts:unwatch', [a])).toEqual({ ok: true, watching: 1 });
      const rooms = await roomsOf(socket);
      expect(rooms).not.toContain(`post:${a}`);
      expect(rooms).toContain(`post:${b}`);
    });

    it('refuses 201 ids and malformed payloads without dropping the connection', async () => {
      const socket = await connectSocket(url);
      const disconnects = collect(socket, 'disconnect');
      const cases: Array<[unknown, string]> = [
        [ids(201), WATCH_TOO_MANY_PER_CALL],
        ['not-a-list', WATCH_NOT_A_LIST],
        [{ ids: ids(1) }, WATCH_NOT_A_LIST],
        [null, WATCH_NOT_A_LIST],
        [42, WATCH_NOT_A_LIST],
        [['not-a-uuid'], WATCH_INVALID_ID],
        [[...ids(3), 7], WATCH_INVALID_ID],
        [[{}], WATCH_INVALID_ID],
      ];
      for (const [payload, message] of cases) {
        expect(await request(socket, 'posts:watch', payload)).toEqual({ ok: false, message });
        expect(await request(socket, 'posts:unwatch', payload)).toEqual({ ok: false, message });
      }
      // A refused call joins nothing, not even its valid ids.
      expect((await roomsOf(socket)).filter((room) => room.startsWith('post:'))).toEqual([]);
      // Without an ack callback the refusal comes as `posts:error`.
      const error = nextEvent(socket, 'posts:error');
      socket.emit('posts:watch', ids(201));
      expect(await error).toEqual({ ok: false, message: WATCH_TOO_MANY_PER_CALL });
      // An event with no payload at all, and one the server does not know, are harmless too.
      socket.emit('posts:watch');
      socket.emit('bilinmeyen:olay', { x: 1 });
      expect(await request(socket, 'posts:watch', ids(200))).toEqual({ ok: true, watching: 200 });
      expect(socket.connected).toBe(true);
      expect(disconnects).toEqual([]);
    });

    it(`caps one connection at ${MAX_WATCHED_POSTS} watched posts`, async () => {
      const socket = await connectSocket(url);
      for (let i = 1; i <= MAX_WATCHED_POSTS / 200; i++) {
        expect(await request(socket, 'posts:watch', ids(200))).toEqual({ ok: true, watching: i * 200 });
      }
      expect(await request(socket, 'posts:watch', ids(1))).toEqual({ ok: false, message: WATCH_LIMIT_REACHED });
      expect(socket.connected).toBe(true);
    });
  });

  describe('feed:watch / feed:unwatch', () => {
    it('joins and leaves feed:home, answering { ok: true }; joining twice is harmless', async () => {
      const socket = await connectSocket(url);
      expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
      expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
      expect((await roomsOf(socket)).filter((room) => room.startsWith('feed:'))).toEqual(['feed:home']);
      expect(await request(socket, 'feed:unwatch', { feed: 'home' })).toEqual({ ok: true });
      expect((await roomsOf(socket)).filter((room) => room.startsWith('feed:'))).toEqual([]);
    });

    it('refuses unknown feeds and malformed payloads in Turkish, keeping the connection', async () => {
      const socket = await connectSocket(url);
      const cases: Array<[unknown, string]> = [
        [{ feed: 'global' }, FEED_UNKNOWN],
        [{ feed: 'post:1' }, FEED_UNKNOWN],
        ['home', FEED_NOT_AN_OBJECT],
        [['home'], FEED_NOT_AN_OBJECT],
        [{ feed: 7 }, FEED_NOT_AN_OBJECT],
        [null, FEED_NOT_AN_OBJECT],
      ];
      for (const [payload, message] of cases) {
        expect(await request(socket, 'feed:watch', payload)).toEqual({ ok: false, message });
        expect(await request(socket, 'feed:unwatch', payload)).toEqual({ ok: false, message });
      }
      expect((await roomsOf(socket)).filter((room) => room.startsWith('feed:'))).toEqual([]);
      // Without an ack callback the refusal comes as `feed:error`.
      const error = nextEvent(socket, 'feed:error');
      socket.emit('feed:watch', { feed: 'yok' });
      expect(await error).toEqual({ ok: false, message: FEED_UNKNOWN });
      expect(socket.connected).toBe(true);
    });
  });

  describe('memory per connection', () => {
    it('keeps no HTTP upgrade request on a connection, and the handshake still knows the user', async () => {
      const user = await t.createUser();
      const socket = await connectSocket(url, await t.tokenFor(user));
      const serverSide = gateway.server.sockets.sockets.get(socket.id!)!;
      expect(serverSide.conn.request).toBeNull();
      expect(serverSide.data.userId).toBe(user.id);
      expect(await request(socket, 'posts:watch', [randomUUID()])).toEqual({ ok: true, watching: 1 });
    });

    it('still serves a client on the HTTP long-polling fallback (a proxy that refuses WebSocket)', async () => {
      const user = await t.createUser();
      const polling = io(url, { transports: ['polling'], auth: { token: await t.tokenFor(user) }, reconnection: false, forceNew: true });
      try {
        await new Promise<void>((resolve, reject) => {
          polling.once('connect', () => resolve());
          polling.once('connect_error', reject);
        });
        expect(gateway.server.sockets.sockets.get(polling.id!)?.data.userId).toBe(user.id);
        expect(await polling.timeout(3_000).emitWithAck('feed:watch', { feed: 'home' })).toEqual({ ok: true });
        const got = nextEvent(polling, 'post:new', 3_000);
        events.postNew({ _id: 'p-polling', content: 'Uzun yoklama' } as unknown as Post);
        expect(await got).toEqual({ post: { _id: 'p-polling', content: 'Uzun yoklama' }, posts: [{ _id: 'p-polling', content: 'Uzun yoklama' }] });
      } finally {
        polling.close();
      }
    });
  });

  describe('events', () => {
    it('post:engagement: five quick changes give exactly two events, the last with the final counts', async () => {
      const postId = randomUUID();
      const watcher = await connectSocket(url);
      const bystander = await connectSocket(url);
      await request(watcher, 'posts:watch', [postId]);
      await request(bystander, 'posts:watch', [randomUUID()]);
      const seen = collect(watcher, 'post:engagement');
      const elsewhere = collect(bystander, 'post:engagement');
      const first = nextEvent(watcher, 'post:engagement');
      for (let i = 1; i <= 5; i++) events.postEngagement(postId, { likeCount: i, repostCount: 10 + i, replyCount: 20 + i, quoteCount: 0, version: i });
      expect(await first).toEqual({ postId, likeCount: 1, retweetCount: 11, replyCount: 21, quoteCount: 0, version: 1 });
      expect(await nextEvent(watcher, 'post:engagement')).toEqual({ postId, likeCount: 5, retweetCount: 15, replyCount: 25, quoteCount: 0, version: 5 });
      // Absence cannot be awaited: let the trailing window close, then one round trip.
      await new Promise((resolve) => setTimeout(resolve, 250));
      await roundTrip(watcher);
      await roundTrip(bystander);
      expect(seen).toHaveLength(2);
      expect(elsewhere).toEqual([]);
    });

    it('post:engagement carries only the three counts and their version, never extra fields', async () => {
      const postId = randomUUID();
      const watcher = await connectSocket(url);
      await request(watcher, 'posts:watch', [postId]);
      const event = nextEvent(watcher, 'post:engagement');
      events.postEngagement(postId, { likeCount: 3, repostCount: 2, replyCount: 1, quoteCount: 0, version: 4, secret: 'x' } as never);
      expect(await event).toEqual({ postId, likeCount: 3, retweetCount: 2, replyCount: 1, quoteCount: 0, version: 4 });
    });

    it('post:new: the posts created within a second reach the home feed’s connections as ONE frame, and no other connection', async () => {
      const author = await t.createUser();
      const token = await t.tokenFor(author);
      const guestOnHome = await connectSocket(url);
      const memberOnHome = await connectSocket(url, await t.tokenFor(await t.createUser()));
      const elsewhere = await connectSocket(url);
      const leftHome = await connectSocket(url);
      for (const socket of [guestOnHome, memberOnHome, leftHome]) expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
      expect(await request(leftHome, 'feed:unwatch', { feed: 'home' })).toEqual({ ok: true });
      const frames = [guestOnHome, memberOnHome, elsewhere, leftHome].map((socket) => collect(socket, 'post:new'));

      // The five requests must land in one flush window (NEW_POSTS_FLUSH_MS). On a loaded host
      // five sequential requests can take longer than that (CI: the first went out alone), so
      // the window opens only once all five are queued: the batch and its rooms are what is tested.
      const schedule = jest.spyOn(events as unknown as { scheduleNewPosts(): void }, 'scheduleNewPosts').mockImplementation(() => undefined);
      const created: string[] = [];
      try {
        for (let i = 1; i <= 5; i++) {
          const res = await t.http.post('/api/posts').set('authorization', `Bearer ${token}`).send({ content: `Toplu gönderi ${i}` }).expect(201);
          created.push(res.body.post._id);
        }
      } finally {
        schedule.mockRestore();
      }
      const arrived = Promise.all([nextEvent(guestOnHome, 'post:new'), nextEvent(memberOnHome, 'post:new')]);
      (events as unknown as { scheduleNewPosts(): void }).scheduleNewPosts();
      const [forGuest, forMember] = await arrived;
      expect(forGuest.posts.map((post) => (post as { _id: string })._id)).toEqual(created);
      expect(forGuest.post).toEqual(forGuest.posts[4]);
      expect(forGuest.posts[0]).toMatchObject({ content: 'Toplu gönderi 1', author: { username: author.username } });
      expect(forMember).toEqual(forGuest);
      await Promise.all([guestOnHome, memberOnHome, elsewhere, leftHome].map(roundTrip));
      expect(frames.map((seen) => seen.length)).toEqual([1, 1, 0, 0]);
    });

    it('post:reply: a reply created over HTTP reaches the original’s watchers with the reply itself, and nobody else', async () => {
      const author = await t.createUser();
      const replier = await t.createUser();
      const original = await t.http.post('/api/posts').set('authorization', `Bearer ${await t.tokenFor(author)}`).send({ content: 'Asıl gönderi' }).expect(201);
      const postId: string = original.body.post._id;
      const watcher = await connectSocket(url);
      const bystander = await connectSocket(url);
      await request(watcher, 'posts:watch', [postId.toUpperCase()]);
      await request(bystander, 'posts:watch', [randomUUID()]);
      const elsewhere = collect(bystander, 'post:reply');
      const arrived = nextEvent(watcher, 'post:reply');
      const counts = nextEvent(watcher, 'post:engagement');

      const reply = await t.http
        .post('/api/posts')
        .set('authorization', `Bearer ${await t.tokenFor(replier)}`)
        .send({ content: 'Canlı yanıt', replyToId: postId })
        .expect(201);
      const event = (await arrived) as { postId: string; reply: Post };
      expect(event.postId).toBe(postId);
      expect(event.reply).toMatchObject({ _id: reply.body.post._id, content: 'Canlı yanıt', replyToId: postId, author: { username: replier.username } });
      expect(event.reply).toEqual(reply.body.post);
      expect(await counts).toMatchObject({ postId, replyCount: 1 });
      await roundTrip(bystander);
      expect(elsewhere).toEqual([]);
    });

    it('post:deleted of a reply reaches the watchers of its original as well, once per connection', async () => {
      const parentId = randomUUID();
      const replyId = randomUUID();
      const onParent = await connectSocket(url);
      const onBoth = await connectSocket(url);
      await request(onParent, 'posts:watch', [parentId]);
      await request(onBoth, 'posts:watch', [parentId, replyId]);
      const both = collect(onBoth, 'post:deleted');
      const arrived = nextEvent(onParent, 'post:deleted');
      events.postDeleted(replyId.toUpperCase(), parentId.toUpperCase());
      expect(await arrived).toEqual({ postId: replyId });
      await roundTrip(onBoth);
      expect(both).toEqual([{ postId: replyId }]);
    });

    it('message:new goes to the receiver (isOwn false) and the sender’s other tabs (isOwn true), never to a third user', async () => {
      const [ali, ayse, can] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
      const aliToken = await t.tokenFor(ali);
      const aliSending = await connectSocket(url, aliToken);
      const aliOtherTab = await connectSocket(url, aliToken);
      const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
      const canTab = await connectSocket(url, await t.tokenFor(can));
      const guest = await connectSocket(url);
      const leaks = [collect(canTab, 'message:new'), collect(guest, 'message:new'), collect(aliSending, 'message:new')];

      const toAyse = nextEvent(ayseTab, 'message:new');
      const toAliOther = nextEvent(aliOtherTab, 'message:new');
      const res = await t.http
        .post('/api/messages/send')
        .set('authorization', `Bearer ${aliToken}`)
        .set('x-socket-id', aliSending.id!)
        .send({ receiverId: ayse.id, content: '  Selam Ayşe!  ' })
        .expect(201);
      const { id, timestamp } = res.body.message;

      expect(await toAyse).toEqual({
        message: { id, text: 'Selam Ayşe!', timestamp, isOwn: false },
        conversation: {
          id: ali.id,
          user: { _id: ali.id, id: ali.id, displayName: ali.displayName, username: ali.username, isVerified: false, profileImage: null },
          lastMessage: { text: 'Selam Ayşe!', timestamp, isRead: false },
          unreadCount: 1,
        },
        // Ayşe's unread messages in every conversation: the Mesajlar badge.
        totalUnread: 1,
      });
      expect(await toAliOther).toEqual({
        message: { id, text: 'Selam Ayşe!', timestamp, isOwn: true },
        conversation: {
          id: ayse.id,
          user: { _id: ayse.id, id: ayse.id, displayName: ayse.displayName, username: ayse.username, isVerified: false, profileImage: null },
          lastMessage: { text: 'Selam Ayşe!', timestamp, isRead: true },
          unreadCount: 0,
        },
      });
      await Promise.all([roundTrip(canTab), roundTrip(guest), roundTrip(aliSending)]);
      // The third user and guests never; the tab that sent it (X-Socket-Id) has it from the answer.
      expect(leaks).toEqual([[], [], []]);
    });

    it('without X-Socket-Id every tab of the sender gets the echo', async () => {
      const [ali, ayse] = await Promise.all([t.createUser(), t.createUser()]);
      const aliToken = await t.tokenFor(ali);
      const tab = await connectSocket(url, aliToken);
      const echo = nextEvent(tab, 'message:new');
      await t.http.post('/api/messages/send').set('authorization', `Bearer ${aliToken}`).send({ receiverId: ayse.id, content: 'Yankı' }).expect(201);
      expect((await echo).message).toMatchObject({ text: 'Yankı', isOwn: true });
    });

    it('disconnectUser closes every connection of that user and no other', async () => {
      const [ali, ayse] = await Promise.all([t.createUser(), t.createUser()]);
      const aliToken = await t.tokenFor(ali);
      const aliTabs = [await connectSocket(url, aliToken), await connectSocket(url, aliToken)];
      const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
      const closed = Promise.all(aliTabs.map((tab) => nextEvent<string>(tab, 'disconnect')));
      events.disconnectUser(ali.id);
      expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
      await roundTrip(ayseTab);
      expect(ayseTab.connected).toBe(true);
    });
  });

  describe('slow consumer guard', () => {
    /**
     * A WebSocket client that joins `post:<postId>` and then never reads: a frozen tab. Raw TCP,
     * because a real client library keeps draining its socket.
     */
    async function frozenClient(postId: string): Promise<Socket> {
      const { port } = new URL(url);
      const tcp = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => tcp.once('connect', resolve));
      const frame = (text: string) => {
        const payload = Buffer.from(text);
        const mask = randomBytes(4);
        const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
        return Buffer.concat([header, mask, payload.map((byte, i) => byte ^ mask[i % 4])]);
      };
      tcp.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      // Wait for engine.io's open packet ("0{…}"), then stop reading for good.
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        const timer = setTimeout(() => reject(new Error('no engine.io open packet')), 3_000);
        const onData = (data: Buffer) => {
          seen += data.toString('latin1');
          if (!seen.includes('0{')) return;
          clearTimeout(timer);
          tcp.off('data', onData);
          tcp.pause();
          resolve();
        };
        tcp.on('data', onData);
      });
      // Engine.io message "4" carrying Socket.IO CONNECT "0", then EVENT "2".
      tcp.write(frame('40'));
      tcp.write(frame(`42${JSON.stringify(['posts:watch', [postId]])}`));
      // Paused: Node stops reading once its small buffer is full, the kernel's buffers fill next.
      return tcp;
    }

    it('cuts off a connection whose outgoing buffer keeps growing, and only that one', async () => {
      const postId = randomUUID();
      const healthy = await connectSocket(url);
      await request(healthy, 'posts:watch', [postId]);
      // The raw client's join of the post's room, as the adapter announces it (polling for it
      // gave up after 2 s on a loaded host).
      const adapter = gateway.server.of('/').adapter;
      const joined = new Promise<string>((resolve) => {
        const onJoin = (room: string, id: string) => {
          if (room !== `post:${postId}` || id === healthy.id) return;
          adapter.off('join-room', onJoin);
          resolve(id);
        };
        adapter.on('join-room', onJoin);
      });
      const tcp = await frozenClient(postId);
      const frozen = gateway.server.sockets.sockets.get(await joined)!;
      const gone = new Promise<string>((resolve) => frozen.once('disconnect', resolve));
      const received = collect(healthy, 'post:new');

      // `post` and `posts` both carry it: 64 KB a frame.
      const chunk = 'x'.repeat(32 * 1024);
      const sent = 400;
      for (let i = 0; i < sent; i++) {
        const post = { id: postId, content: chunk } as unknown as Post;
        gateway.server.to(`post:${postId}`).emit('post:new', { post, posts: [post] });
        // Let the healthy client read along, as a real one would.
        if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // On a busy machine the gateway's own periodic sweep may already have cut it off while the
      // loop yielded; otherwise the backlog is over the limit now and a sweep cuts it.
      if (frozen.connected) {
        expect(outgoingBacklog(frozen).bytes).toBeGreaterThan(SLOW_SOCKET_LIMITS.bytes);
        gateway.sweep(gateway.server);
      }
      expect(await gone).toBe('forced close');
      expect(gateway.server.sockets.sockets.has(frozen.id)).toBe(false);
      tcp.destroy();

      // The healthy client got everything and stays connected.
      await roundTrip(healthy);
      expect(received).toHaveLength(sent);
      expect(healthy.connected).toBe(true);
    });
  });
});
