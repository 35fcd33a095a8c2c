import type { Media, Post } from '@gundem/contract';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Metrics } from '../common/metrics/metrics';
import { DELETED_POST_QUIET_MS, ENGAGEMENT_COALESCE_MS, NEW_POSTS_FLUSH_MS, NEW_POSTS_MAX_BATCH, NOTIFICATION_COALESCE_MS, RealtimeEvents } from './realtime-events.service';
import type { RealtimeServer } from './realtime.types';

const metrics = new Metrics();

/** A stand-in Socket.IO server that records `to(room).emit(event, payload)` calls. */
function fakeServer(options: { throwOnEmit?: boolean } = {}) {
  const sent: Array<{ room: string | null; except?: string; event: string; payload: unknown }> = [];
  const operator = (room: string | null, except?: string) => ({
    emit(event: string, payload: unknown) {
      if (options.throwOnEmit) throw new Error('Redis yok');
      sent.push({ room, ...(except ? { except } : {}), event, payload });
      return true;
    },
    except: (id: string) => operator(room, id),
    disconnectSockets: () => sent.push({ room, event: 'disconnect', payload: null }),
  });
  const server = {
    to: (room: string) => operator(room),
    in: (room: string) => operator(room),
    local: { in: (room: string) => operator(`local:${room}`) },
    emit: (event: string, payload: unknown) => operator(null).emit(event, payload),
  };
  return { server: server as unknown as RealtimeServer, sent };
}

const counts = (n: number) => ({ likeCount: n, repostCount: n * 10, replyCount: n * 100, quoteCount: n * 1000, version: n });
/** The same counts as the `post:engagement` payload has them (the wire's `retweetCount`). */
const wire = (n: number) => ({ likeCount: n, retweetCount: n * 10, replyCount: n * 100, quoteCount: n * 1000, version: n });

describe('RealtimeEvents', () => {
  let events: RealtimeEvents;
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(true));
  beforeEach(() => {
    jest.useFakeTimers();
    events = new RealtimeEvents(metrics);
  });
  afterEach(() => {
    events.onModuleDestroy();
    jest.useRealTimers();
  });

  describe('notification:new coalescing', () => {
    const group = (actorCount: number) => ({ id: 'g1', type: 'like' as const, post: null, actors: [], actorCount, latestAt: '2026-01-01T00:00:00.000Z', read: false });

    it('sends the first at once to the member\'s room and merges the rest of the window into one trailing event with the newest state', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      for (let n = 1; n <= 5; n++) events.notificationNew('U1', { unreadCount: n, notification: group(n) });
      expect(sent).toEqual([{ room: 'user:u1', event: 'notification:new', payload: { unreadCount: 1, notification: group(1) } }]);
      jest.advanceTimersByTime(NOTIFICATION_COALESCE_MS);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual({ room: 'user:u1', event: 'notification:new', payload: { unreadCount: 5, notification: group(5) } });
      jest.advanceTimersByTime(10 * NOTIFICATION_COALESCE_MS);
      expect(sent).toHaveLength(2);
    });

    it('members are coalesced separately', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.notificationNew('u1', { unreadCount: 1, notification: group(1) });
      events.notificationNew('u2', { unreadCount: 7, notification: group(1) });
      expect(sent.map((e) => e.room)).toEqual(['user:u1', 'user:u2']);
    });

    it('notification:read sends a pending notification:new first, so events keep their order and the badge ends on the read count', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.notificationNew('u1', { unreadCount: 1, notification: group(1) });
      events.notificationNew('u1', { unreadCount: 2, notification: group(2) });
      events.notificationRead('u1', { unreadCount: 0, all: true });
      expect(sent.map((e) => [e.event, (e.payload as { unreadCount: number }).unreadCount])).toEqual([
        ['notification:new', 1],
        ['notification:new', 2],
        ['notification:read', 0],
      ]);
      jest.advanceTimersByTime(10 * NOTIFICATION_COALESCE_MS);
      expect(sent).toHaveLength(3);
    });
  });

  describe('postEngagement coalescing', () => {
    it('sends the first change at once and merges the rest of the window into one trailing event', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      for (let n = 1; n <= 5; n++) events.postEngagement('p1', counts(n));
      expect(sent).toEqual([{ room: 'post:p1', event: 'post:engagement', payload: { postId: 'p1', ...wire(1) } }]);
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS - 1);
      expect(sent).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual({ room: 'post:p1', event: 'post:engagement', payload: { postId: 'p1', ...wire(5) } });
      jest.advanceTimersByTime(10 * ENGAGEMENT_COALESCE_MS);
      expect(sent).toHaveLength(2);
    });

    it('a lone change gives one event and no trailing one; the next change after the window goes out at once', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p1', counts(1));
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      expect(sent).toHaveLength(1);
      events.postEngagement('p1', counts(2));
      expect(sent).toHaveLength(2);
      expect(sent[1].payload).toEqual({ postId: 'p1', ...wire(2) });
    });

    it('keeps a steady stream at one event per window', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      // 100 changes over one second, one every 10 ms.
      for (let n = 1; n <= 100; n++) {
        events.postEngagement('p1', counts(n));
        jest.advanceTimersByTime(10);
      }
      jest.advanceTimersByTime(10 * ENGAGEMENT_COALESCE_MS);
      expect(sent.length).toBeGreaterThanOrEqual(10);
      expect(sent.length).toBeLessThanOrEqual(11);
      expect(sent.at(-1)!.payload).toEqual({ postId: 'p1', ...wire(100) });
    });

    it('keeps the newest version in a window, whatever order the changes are passed in', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p1', counts(3));
      // Requests finish in any order: an older commit reports after a newer one.
      events.postEngagement('p1', counts(2)); // older than the one emitted: dropped
      events.postEngagement('p1', counts(6));
      events.postEngagement('p1', counts(4)); // older than the pending one: dropped
      events.postEngagement('p1', counts(5));
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      expect(sent.map((s) => s.payload)).toEqual([
        { postId: 'p1', ...wire(3) },
        { postId: 'p1', ...wire(6) },
      ]);
      // The trailing event's window remembers version 6: a late 5 is dropped, a 7 goes out.
      events.postEngagement('p1', counts(5));
      events.postEngagement('p1', counts(7));
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      expect(sent.map((s) => (s.payload as { version: number }).version)).toEqual([3, 6, 7]);
    });

    it('sends no trailing event when every later change of the window was older', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p1', counts(9));
      events.postEngagement('p1', counts(8));
      events.postEngagement('p1', counts(9));
      jest.advanceTimersByTime(10 * ENGAGEMENT_COALESCE_MS);
      expect(sent.map((s) => s.payload)).toEqual([{ postId: 'p1', ...wire(9) }]);
    });

    it('coalesces per post', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p1', counts(1));
      events.postEngagement('p2', counts(7));
      events.postEngagement('p1', counts(2));
      expect(sent.map((s) => s.room)).toEqual(['post:p1', 'post:p2']);
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      expect(sent.map((s) => s.room)).toEqual(['post:p1', 'post:p2', 'post:p1']);
    });
  });

  describe('postDeleted', () => {
    it('tells the post’s watchers and cancels the trailing engagement event pending for it', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p1', counts(1));
      events.postEngagement('p1', counts(2)); // pending: would go out when the window closes
      events.postDeleted('p1');
      jest.advanceTimersByTime(10 * ENGAGEMENT_COALESCE_MS);
      expect(sent).toEqual([
        { room: 'post:p1', event: 'post:engagement', payload: { postId: 'p1', ...wire(1) } },
        { room: 'post:p1', event: 'post:deleted', payload: { postId: 'p1' } },
      ]);
    });

    it('ignores later engagement of the deleted post for DELETED_POST_QUIET_MS, and only of that post', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postDeleted('p1');
      events.postEngagement('p1', counts(3)); // a like that committed just before the delete
      events.postEngagement('p2', counts(4));
      jest.advanceTimersByTime(DELETED_POST_QUIET_MS - 1);
      events.postEngagement('p1', counts(5));
      expect(sent.map((s) => [s.event, s.room])).toEqual([
        ['post:deleted', 'post:p1'],
        ['post:engagement', 'post:p2'],
      ]);
      // Forgotten after the quiet period (the id could only come back in a test).
      jest.advanceTimersByTime(1);
      events.postEngagement('p1', counts(6));
      expect(sent.at(-1)).toEqual({ room: 'post:p1', event: 'post:engagement', payload: { postId: 'p1', ...wire(6) } });
    });

    it('does not disturb the coalescing window of other posts', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postEngagement('p2', counts(1));
      events.postEngagement('p2', counts(2));
      events.postDeleted('p1');
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      expect(sent.map((s) => [s.event, s.payload])).toEqual([
        ['post:engagement', { postId: 'p2', ...wire(1) }],
        ['post:deleted', { postId: 'p1' }],
        ['post:engagement', { postId: 'p2', ...wire(2) }],
      ]);
    });

    it('matches ids whatever their case, as the lowercased watch rooms do', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      const id = 'AB12CD34-0000-4000-8000-00000000000F';
      events.postEngagement(id, counts(1));
      events.postEngagement(id.toLowerCase(), counts(2));
      events.postDeleted(id);
      events.postEngagement(id.toLowerCase(), counts(3));
      jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
      const room = `post:${id.toLowerCase()}`;
      expect(sent).toEqual([
        { room, event: 'post:engagement', payload: { postId: id.toLowerCase(), ...wire(1) } },
        { room, event: 'post:deleted', payload: { postId: id.toLowerCase() } },
      ]);
    });
  });

  describe('postUpdated', () => {
    const media = [{ id: 'm1', alt: 'Deniz' }] as unknown as Media[];

    it('sends the post’s whole media and sensitive mark to its watchers at once, each change one event, the id lowercased', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postUpdated('AB12CD34-0000-4000-8000-00000000000F', { media, sensitive: true });
      events.postUpdated('p1', { media: [], sensitive: false });
      events.postUpdated('p1', { media: [], sensitive: true });
      expect(sent).toEqual([
        { room: 'post:ab12cd34-0000-4000-8000-00000000000f', event: 'post:updated', payload: { postId: 'ab12cd34-0000-4000-8000-00000000000f', media, sensitive: true } },
        { room: 'post:p1', event: 'post:updated', payload: { postId: 'p1', media: [], sensitive: false } },
        { room: 'post:p1', event: 'post:updated', payload: { postId: 'p1', media: [], sensitive: true } },
      ]);
    });

    it('sends nothing for a post deleted moments ago (a change that committed just before the delete)', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postDeleted('P1');
      events.postUpdated('p1', { media, sensitive: true });
      events.postUpdated('p2', { media, sensitive: true });
      expect(sent.map((s) => [s.event, s.room])).toEqual([
        ['post:deleted', 'post:p1'],
        ['post:updated', 'post:p2'],
      ]);
    });
  });

  describe('postNew batching', () => {
    // Stand-ins: the service passes posts through without reading them.
    const post = (n: number) => ({ id: `p${n}`, content: `gönderi ${n}` }) as unknown as Post;

    it('sends the posts of one second as one event to feed:home, oldest first, with the newest as `post`', () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      for (let n = 1; n <= 5; n++) {
        events.postNew(post(n));
        jest.advanceTimersByTime(100);
      }
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS - 500 - 1);
      expect(sent).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(sent).toEqual([{ room: 'feed:home', event: 'post:new', payload: { post: post(5), posts: [1, 2, 3, 4, 5].map(post) } }]);
      // Nothing more until the next post, which opens a window of its own.
      jest.advanceTimersByTime(10 * NEW_POSTS_FLUSH_MS);
      expect(sent).toHaveLength(1);
      events.postNew(post(6));
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      expect(sent[1]).toEqual({ room: 'feed:home', event: 'post:new', payload: { post: post(6), posts: [post(6)] } });
    });

    it(`sends a full batch of ${NEW_POSTS_MAX_BATCH} at once, before its second is up`, () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      for (let n = 1; n <= NEW_POSTS_MAX_BATCH + 1; n++) events.postNew(post(n));
      expect(sent).toHaveLength(1);
      expect((sent[0].payload as { posts: unknown[] }).posts).toHaveLength(NEW_POSTS_MAX_BATCH);
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      expect(sent).toHaveLength(2);
      expect(sent[1].payload).toEqual({ post: post(NEW_POSTS_MAX_BATCH + 1), posts: [post(NEW_POSTS_MAX_BATCH + 1)] });
    });

    it("sends a new repost only to the reposter's author room, in the same flush and event as their own posts", () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      const own = { id: 'p1', content: 'kendi', userId: 'U1' } as unknown as Post;
      const repost = (by: string) => ({ id: 'p9', content: 'başkasının', userId: 'u3', repostedBy: { id: by }, repostedAt: 't' }) as unknown as Post;
      events.postNew(own);
      events.repostNew(repost('U1'));
      events.repostNew(repost('u2'));
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      expect(sent).toEqual([
        { room: 'feed:home', event: 'post:new', payload: { post: own, posts: [own] } },
        { room: 'author:u1', event: 'post:new', payload: { post: repost('U1'), posts: [own, repost('U1')], feed: 'following' } },
        { room: 'author:u2', event: 'post:new', payload: { post: repost('u2'), posts: [repost('u2')], feed: 'following' } },
      ]);
      // Reposts alone: nothing to feed:home.
      events.repostNew(repost('u2'));
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      expect(sent.slice(3)).toEqual([{ room: 'author:u2', event: 'post:new', payload: { post: repost('u2'), posts: [repost('u2')], feed: 'following' } }]);
    });

    it("leaves a limited author's posts out of the shared batch; its followers and itself get them in one emit to their home rooms", async () => {
      const { server, sent } = fakeServer();
      events.attach(server);
      const lookups: string[][] = [];
      events.useLimits(async (ids) => {
        lookups.push(ids);
        return new Map([['U1', ['F1', 'f2']]]);
      });
      const hidden = { id: 'p1', content: 'sınırlı', userId: 'U1' } as unknown as Post;
      const open = { id: 'p2', content: 'açık', userId: 'u2' } as unknown as Post;
      events.postNew(hidden);
      events.postNew(open);
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(lookups).toEqual([['u1', 'u2']]);
      const home = sent.filter((s) => s.room !== 'author:u1' && s.room !== 'author:u2');
      const sorted = (rooms: unknown) => [...(rooms as string[])].sort();
      expect(home).toHaveLength(2);
      expect(home[0]).toMatchObject({ room: 'feed:home', event: 'post:new', payload: { post: open, posts: [open] } });
      expect(sorted(home[0].except)).toEqual(['user:f1', 'user:f2', 'user:u1']);
      expect(sorted(home[1].room)).toEqual(['home:f1', 'home:f2', 'home:u1']);
      expect(home[1]).toMatchObject({ event: 'post:new', payload: { post: open, posts: [hidden, open] } });
    });

    it('queues nothing before attach and drops the pending batch on shutdown', () => {
      events.postNew(post(1));
      const { server, sent } = fakeServer();
      events.attach(server);
      events.postNew(post(2));
      events.onModuleDestroy();
      jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS);
      expect(sent).toEqual([]);
    });
  });

  it('messageNew sends each side its own view, except the sending tab', () => {
    const { server, sent } = fakeServer();
    events.attach(server);
    const conversation = (id: string) => ({
      id,
      user: { _id: id, id, displayName: id, username: id, isVerified: false },
      lastMessage: { text: 'selam', timestamp: 't', isRead: id === 'b' },
      unreadCount: 0,
    });
    events.messageNew({ id: 'm1', text: 'selam', timestamp: 't', senderId: 'a', receiverId: 'b' }, { sender: conversation('b'), receiver: conversation('a') }, 'tab1');
    expect(sent).toEqual([
      { room: 'user:b', event: 'message:new', payload: { message: { id: 'm1', text: 'selam', timestamp: 't', isOwn: false }, conversation: conversation('a') } },
      { room: 'user:a', except: 'tab1', event: 'message:new', payload: { message: { id: 'm1', text: 'selam', timestamp: 't', isOwn: true }, conversation: conversation('b') } },
    ]);
  });

  it('disconnectUser acts locally first, then across nodes', () => {
    const { server, sent } = fakeServer();
    events.attach(server);
    events.disconnectUser('u1');
    expect(sent.map((s) => s.room)).toEqual(['local:user:u1', 'user:u1']);
  });

  it('never throws into the caller, before attach or when the emit fails', () => {
    expect(() => events.postNew({ id: 'p' } as unknown as Post)).not.toThrow();
    events.attach(fakeServer({ throwOnEmit: true }).server);
    expect(() => events.postNew({ id: 'p' } as unknown as Post)).not.toThrow();
    expect(() => events.postEngagement('p', counts(1))).not.toThrow();
    expect(() => events.postDeleted('p')).not.toThrow();
    expect(() => events.postUpdated('q', { media: [], sensitive: true })).not.toThrow();
    expect(() => jest.advanceTimersByTime(NEW_POSTS_FLUSH_MS)).not.toThrow();
  });

  it('drops pending trailing events when the app shuts down', () => {
    const { server, sent } = fakeServer();
    events.attach(server);
    events.postEngagement('p1', counts(1));
    events.postEngagement('p1', counts(2));
    events.onModuleDestroy();
    jest.advanceTimersByTime(ENGAGEMENT_COALESCE_MS);
    expect(sent).toHaveLength(1);
  });
});
