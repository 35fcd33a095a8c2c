import { CONNECT_ERRORS, type MessageRefusal } from '@gundem/contract';
import { Inject, Logger, type OnModuleDestroy, Optional } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { isHomeToken, type JwtPayload } from '../auth/jwt.strategy';
import { Public } from '../common/decorators/public.decorator';
import { ENGLISH_LOOKUP, type EnglishLookup, inLanguage, type Language, requestLanguage } from '../common/i18n/language';
import { Metrics, type RateLimiter } from '../common/metrics/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ActivityEvents } from '../common/activity/activity-events';
import { BlocksService } from '../social/blocks.service';
import { FollowRequestsService } from '../social/follow-requests.service';
import { MutesService } from '../social/mutes.service';
import { type UserRole, STAFF_ROLES } from '../users/roles';
import { SessionCache } from '../users/session-cache';
import { UsersService } from '../users/users.service';
import type { SessionUser } from '../users/session-user';
import { applyFeedWatch, parseFeed } from './feed-watch';
import { FollowingFeedRooms } from './following-feed-rooms';
import { applyWatch, parsePostIds } from './post-watch';
import { RealtimeEvents } from './realtime-events.service';
import { connectionAddress, connectionRequestLanguage } from './realtime-io.adapter';
import { type FeedResult, type RealtimeServer, type RealtimeSocket, postRoom, STAFF_ROOM, type TypingResult, userRoom, type WatchResult } from './realtime.types';
import { SLOW_SOCKET_SWEEP_MS, sweepSlowSockets } from './slow-socket-guard';
import { checkTyping, typingRefusalText } from './typing';
import { type SocketCaps, SocketLimits, takeToken, TOO_MANY_CONNECTIONS } from './socket-limits';
import { EVENTS_TOO_FAST, IP_CONNECTIONS_FULL, WATCH_IP_LIMIT_REACHED, WATCH_LIMIT_REACHED, WATCH_UNAVAILABLE } from './realtime.texts';

/** `connect_error` message of a refused handshake (docs/wire-contract.md#handshake): the client should sign in again. */
export const UNAUTHORIZED = CONNECT_ERRORS.unauthorized;
/** `connect_error` message when the session could not be checked (database away): retry later. */
export const UNAVAILABLE = CONNECT_ERRORS.unavailable;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HandshakeError extends Error {}

/**
 * How often each node checks the session rows of all its signed-in connections (one statement
 * per 1,000 accounts). Changes made through the app end connections at once (`recheck`); this
 * bounds what that cannot reach: a change made while Redis was away, or straight in the database.
 */
export const SESSION_REVALIDATE_MS = 60_000;
const REVALIDATE_BATCH = 1_000;

/** Watched post ids checked per statement when an account turns protection on (see `protectedPostRooms`). */
const PROTECTED_ROOMS_BATCH = 1_000;

/** The cross-node event of an account that turned protection on: every node turns its watchers away. */
const PROTECTED_EVENT = 'protection:on';

/** Session changes remembered for handshakes in flight (a handshake takes milliseconds; this is plenty). */
const RECENT_CHANGES = 10_000;

/** A handshake over a cap: `connect_error` message TOO_MANY_CONNECTIONS, the reason in `data.message` (in the connection's language). */
function capError(message: string): Error {
  return Object.assign(new Error(TOO_MANY_CONNECTIONS), { data: { message } });
}

/**
 * The language of the server's answers to a connection (issue 26; docs/wire-contract.md#handshake):
 * the `lang` the client sends in the handshake's `auth` (the page's language: a member who chose
 * English on a Turkish browser), else what its HTTP request asked for (`?lang=`, else
 * Accept-Language: connectionRequestLanguage); Turkish when nothing asks for English.
 */
export function connectionLanguage(auth: unknown, requested: Language): Language {
  const lang = auth && typeof auth === 'object' ? (auth as { lang?: unknown }).lang : undefined;
  return typeof lang === 'string' && lang.length > 0 && lang.length <= 100 ? requestLanguage(lang) : requested;
}

/** Which cap a refusal of SocketLimits.refusal is, for gundem_rate_limit_refusals_total. */
function capLimiter(message: string): RateLimiter {
  return message === IP_CONNECTIONS_FULL ? 'socket_per_ip' : 'socket_per_user';
}

/** Whether a `posts:watch` answer is a refusal by the watched-posts caps (not bad input). */
function watchCapped(result: WatchResult): boolean {
  return !result.ok && (result.message === WATCH_LIMIT_REACHED || result.message === WATCH_IP_LIMIT_REACHED);
}

/**
 * An `onAnyOutgoing` listener of every signed-in connection (Socket.IO calls it with the socket
 * as `this`, before a room broadcast is written to it): a connection whose token has expired is
 * ended instead of being sent the event, so a stolen token stops receiving private messages at
 * its expiry, not at the next sweep.
 */
function dropIfExpired(this: RealtimeSocket): void {
  const exp = this.data.exp;
  if (exp !== undefined && exp * 1_000 <= Date.now()) this.disconnect(true);
}

/**
 * Socket.IO at `/socket.io` (default namespace) on the API's HTTP server.
 *
 * Handshake: `auth: { token }` is checked with the HTTP rules (signature, an `exp`, active
 * account, session version); no token makes a guest, who gets public events only. Every
 * signed-in connection joins `user:<id>`; `posts:watch`/`posts:unwatch` join and leave
 * `post:<id>`, and `feed:watch`/`feed:unwatch` `{ feed: 'home' }` the room `feed:home` that gets `post:new`.
 * Every text said back (acks, error events, refusals) is in the connection's language
 * (`auth: { lang }`, see connectionLanguage), through `say`.
 *
 * A connection lives no longer than its session: it ends when its token expires (before any
 * event is written to it after that, and at the next sweep), and on every node when the
 * account's session changes (password reset, deactivation, role change, any bump of the session
 * version: `UsersService.sessionChanged` → SessionCache → here, see `recheck`).
 *
 * Caps (socket-limits.ts, per node): connections per address and per account, watched posts per
 * address, and client → server events per connection (a token bucket). The page's Origin is
 * checked before all this, by engine.io (origin-check.ts, installed by the adapter).
 *
 * The global JWT guard is for HTTP; sockets are authenticated once by the handshake middleware.
 */
@Public()
@WebSocketGateway({
  serveClient: false,
  // Socket.IO's defaults, stated: a dead peer is noticed within 45 s.
  pingInterval: 25_000,
  pingTimeout: 20_000,
  // Client → server messages are watch lists (200 ids ≈ 8 KB); anything far larger is refused
  // by engine.io, which closes that connection.
  maxHttpBufferSize: 64 * 1024,
})
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer()
  server: RealtimeServer;

  private readonly logger = new Logger('Realtime');
  private sweeper?: NodeJS.Timeout;
  private revalidator?: NodeJS.Timeout;
  private revalidating = false;
  readonly limits: SocketLimits;
  /** Counts session changes heard on this node; `changed` keeps the latest count per user. */
  private epoch = 0;
  private readonly changed = new Map<string, number>();
  private unsubscribe?: () => void;

  constructor(
    private readonly events: RealtimeEvents,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly sessions: SessionCache,
    private readonly metrics: Metrics,
    private readonly followingFeed: FollowingFeedRooms,
    private readonly blocks: BlocksService,
    private readonly mutes: MutesService,
    private readonly requests: FollowRequestsService,
    private readonly activity: ActivityEvents,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'redisUrl'> & SocketCaps,
    /** The English twins (i18n/i18n.module.ts); absent when the module is built alone: answers stay Turkish. */
    @Optional() @Inject(ENGLISH_LOOKUP) private readonly english?: EnglishLookup,
  ) {
    this.limits = new SocketLimits(config);
  }

  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      const address = connectionAddress(socket.conn);
      socket.data.address = address;
      socket.data.language = connectionLanguage(socket.handshake.auth, connectionRequestLanguage(socket.conn));
      // Over the address's cap: refused before any token check or database read.
      const early = this.limits.refusal(address);
      if (early) return this.refuse(socket, next, early);
      const epoch = this.epoch;
      this.authenticate(socket)
        .then(async () => {
          // The user's session changed while their row was being read (a read begun before the
          // commit can answer the old row): `recheck` could not see this connection yet, so the
          // row is read again, fresh (the change dropped it from the cache).
          const userId = socket.data.userId;
          if (userId && (this.changed.get(userId) ?? 0) > epoch) await this.authenticate(socket);
        })
        .then(
          () => {
            // Checked and counted in one go (no await between), so concurrent handshakes of one
            // address or account cannot all pass a check before any of them is counted.
            const refusal = this.limits.refusal(address, socket.data.userId);
            if (refusal) return this.refuse(socket, next, refusal);
            this.count(socket, address);
            next();
          },
          (error: unknown) => {
            if (!(error instanceof HandshakeError)) this.logger.warn(`Bağlantı oturumu doğrulanamadı: ${String(error)}`);
            next(new Error(error instanceof HandshakeError ? UNAUTHORIZED : UNAVAILABLE));
          },
        );
    });
    this.events.attach(server);
    // post:new and post:reply leave out the members a block (either way) separates from the
    // author, who mute the author or reposter, or whose muted words the post matches (issue 25).
    this.events.useBlocks((ids, posts) => this.mutes.pushExclusions(ids, posts));
    this.blocks.onChange(({ blockerId, blockedId, blocking }) => (blocking ? this.separatePostRooms(server, blockerId, blockedId) : undefined));
    // Protected accounts (issue 26): turning protection on turns the watchers of its posts who do
    // not follow it (guests too) out of those rooms, on every node; an unfollow (or a follow a
    // block removed) turns the former follower out of the protected account's post rooms.
    this.unsubscribe = this.activity.subscribe((activity) => {
      if (activity.kind === 'protection' && activity.active) {
        void this.protectedPostRooms(server, activity.userId);
        if (!this.config.redisUrl) return;
        try {
          server.serverSideEmit(PROTECTED_EVENT, activity.userId);
        } catch (error) {
          this.logger.warn(`Korunan hesabın izleyicileri diğer düğümlerde ayrılamadı: ${String(error)}`);
        }
      } else if (activity.kind === 'follow' && !activity.active) {
        void this.unfollowed(server, activity.actorId, activity.userId);
      }
    });
    server.on(PROTECTED_EVENT, (userId: unknown) => {
      if (typeof userId === 'string') void this.protectedPostRooms(server, userId);
    });
    // Session rows are cached per node (SessionCache): a change made on one node drops the row on
    // the others through the adapter, and every node ends the connections the change revoked.
    // Without Redis there are no other nodes.
    server.on('session:invalidate', (userId: unknown) => {
      if (typeof userId !== 'string') return;
      this.sessions.forget(userId);
      void this.recheck(server, userId);
    });
    this.sessions.onInvalidate((userId) => {
      void this.recheck(server, userId);
      if (!this.config.redisUrl) return;
      try {
        server.serverSideEmit('session:invalidate', userId);
      } catch (error) {
        // Redis away: the other nodes see the change when their cached row expires (seconds);
        // their connections are checked again when they reconnect.
        this.logger.warn(`Oturum değişikliği diğer düğümlere iletilemedi: ${String(error)}`);
      }
    });
    this.sweeper = setInterval(() => this.sweep(server), SLOW_SOCKET_SWEEP_MS);
    this.sweeper.unref();
    this.revalidator = setInterval(() => void this.revalidate(server), SESSION_REVALIDATE_MS);
    this.revalidator.unref();
  }

  handleConnection(socket: RealtimeSocket): void {
    const rate = this.config.socketEventsPerSecond;
    socket.data.tokens = rate * 2;
    socket.data.tokensAt = Date.now();
    socket.data.refused = 0;
    // Every client → server event, known or not, spends from the connection's bucket first.
    socket.use((packet, next) => {
      if (this.admit(socket, packet, rate)) next();
    });
    // One line per connection and one per disconnection, never per event; the handshake's URL
    // (whose `?token=` is a JWT) is not logged.
    this.logger.log({ msg: 'Socket.IO bağlantısı açıldı', socketId: socket.id, userId: socket.data.userId });
    socket.once('disconnect', (reason) =>
      this.logger.log({ msg: 'Socket.IO bağlantısı kapandı', socketId: socket.id, userId: socket.data.userId, reason }),
    );
    if (!socket.data.userId) return;
    void socket.join(userRoom(socket.data.userId));
    // The role is the session's at the handshake; a role change disconnects the socket (see below).
    if (STAFF_ROLES.includes(socket.data.role as UserRole)) void socket.join(STAFF_ROOM);
    socket.onAnyOutgoing(dropIfExpired);
  }

  /** Nest binds this to every connection's 'disconnect' anyway: the caps' counts go back here. */
  handleDisconnect(socket: RealtimeSocket): void {
    if (!socket.data.counted) return;
    socket.data.counted = false;
    const address = socket.data.address ?? 'unknown';
    this.limits.close(address, socket.data.userId);
    this.limits.watched(address, -(socket.data.watched ?? 0));
    socket.data.watched = 0;
  }

  /**
   * A connection never joins the room of a post whose author the member blocks or is blocked by
   * (issue 25), nor of a protected author's post unless the member is that account or follows it
   * (issue 26; a guest never): its `post:engagement`, `post:updated` and `post:deleted` stay with
   * those who may read the post. One read of at most 200 primary keys per call (a guest's: the
   * posts and their authors only, BlocksRepository.hiddenPostsAmong).
   */
  @SubscribeMessage('posts:watch')
  watch(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: WatchResult) => void): Promise<void> {
    return this.inWatchOrder(socket, async () => {
      let hidden: Set<string> | undefined;
      const parsed = parsePostIds(body);
      if (parsed.ok && parsed.ids.length) {
        try {
          hidden = new Set(await this.blocks.hiddenPostsAmong(socket.data.userId ?? null, parsed.ids));
        } catch (error) {
          this.logger.warn(`İzlenen gönderilerin engellemeleri okunamadı: ${error instanceof Error ? error.message : String(error)}`);
          return this.answer(socket, 'posts:error', { ok: false, message: WATCH_UNAVAILABLE }, ack);
        }
      }
      const result = applyWatch(socket, body, 'watch', this.limits.watchAllowance(socket.data.address ?? 'unknown'), hidden);
      if (watchCapped(result)) this.metrics.refused('socket_watched');
      this.countWatched(socket, result);
      this.answer(socket, 'posts:error', result, ack);
    });
  }

  @SubscribeMessage('posts:unwatch')
  unwatch(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: WatchResult) => void): Promise<void> {
    return this.inWatchOrder(socket, () => {
      const result = applyWatch(socket, body, 'unwatch');
      this.countWatched(socket, result);
      this.answer(socket, 'posts:error', result, ack);
    });
  }

  /** Runs a connection's watch calls in the order they came, though a watch awaits a read: a quick unwatch cannot overtake it. */
  private inWatchOrder(socket: RealtimeSocket, work: () => void | Promise<void>): Promise<void> {
    const next = (socket.data.watchQueue ?? Promise.resolve()).then(work, work);
    socket.data.watchQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * After a block committed: on every node, each side's connections leave the rooms of the other's
   * posts they watch (the watch itself refuses them from then on). Best effort: a failed read
   * leaves a room joined until the page is left, and such a room only carries counts and deletions.
   */
  private async separatePostRooms(server: RealtimeServer, a: string, b: string): Promise<void> {
    for (const viewer of [a, b]) await this.leaveHiddenPostRooms(server, viewer);
  }

  /**
   * The member's connections (every node) leave the rooms of the posts they watch and may no
   * longer watch: after a block (either side), an unfollow of a protected account. Best effort,
   * as `separatePostRooms`.
   */
  private async leaveHiddenPostRooms(server: RealtimeServer, viewer: string): Promise<void> {
    try {
      const sockets = await server.in(userRoom(viewer.toLowerCase())).fetchSockets();
      const watched = new Set<string>();
      for (const s of sockets) for (const room of s.rooms) if (room.startsWith('post:')) watched.add(room.slice('post:'.length));
      if (!watched.size) return;
      // Every watched post now hidden from the member (this change's, and any other the watch let in).
      const hidden = (await this.blocks.hiddenPostsAmong(viewer, [...watched])).map(postRoom);
      for (const s of sockets) for (const room of hidden) if (s.rooms.has(room)) s.leave(room);
    } catch (error) {
      this.logger.warn(`İzlenen gönderiler ayrılamadı: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** After an unfollow of a protected account: the former follower's connections leave its posts' rooms (only then: one key read first). */
  private async unfollowed(server: RealtimeServer, followerId: string, accountId: string): Promise<void> {
    try {
      if (!(await this.requests.isProtected(accountId))) return;
    } catch (error) {
      this.logger.warn(`Takibi bırakılan hesabın korunması okunamadı: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await this.leaveHiddenPostRooms(server, followerId);
  }

  /**
   * After `accountId` turned protection on (issue 26), on this node: the connections watching any
   * of its posts that are neither its own nor its followers' (guests included) leave those rooms.
   * Reads the post rooms open on this node in batches (primary-key probes) and the watchers'
   * follows once. Best effort, as `separatePostRooms`: a failed read leaves a room joined until
   * the page is left.
   */
  async protectedPostRooms(server: RealtimeServer, accountId: string): Promise<void> {
    try {
      const rooms = server.of('/').adapter.rooms;
      const watched: string[] = [];
      for (const room of rooms.keys()) if (room.startsWith('post:')) watched.push(room.slice('post:'.length));
      const own: string[] = [];
      for (let i = 0; i < watched.length; i += PROTECTED_ROOMS_BATCH) own.push(...(await this.requests.postsOf(accountId, watched.slice(i, i + PROTECTED_ROOMS_BATCH))));
      if (!own.length) return;
      const watchers = new Map<string, RealtimeSocket>();
      for (const id of own) {
        for (const socketId of rooms.get(postRoom(id)) ?? []) {
          const socket = server.of('/').sockets.get(socketId);
          if (socket) watchers.set(socketId, socket);
        }
      }
      const members = [...new Set([...watchers.values()].map((s) => s.data.userId).filter((id): id is string => Boolean(id)))];
      const strangers = new Set(await this.requests.notFollowersAmong(accountId, members));
      for (const socket of watchers.values()) {
        const userId = socket.data.userId;
        if (userId && !strangers.has(userId)) continue;
        for (const id of own) void socket.leave(postRoom(id));
      }
      // A guest's watched count goes down with the rooms it left (the per-address budget).
      for (const socket of watchers.values()) this.recount(socket);
    } catch (error) {
      this.logger.warn(`Korunan hesabın gönderilerinin izleyicileri ayrılamadı: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** `{ feed: 'home' }` joins one room; `{ feed: 'following' }` (members) the member's author rooms (FollowingFeedRooms). */
  @SubscribeMessage('feed:watch')
  async watchFeed(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: FeedResult) => void): Promise<void> {
    const parsed = parseFeed(body);
    const result = parsed.ok && parsed.feed === 'following' ? await this.followingFeed.watch(socket) : applyFeedWatch(socket, body, 'watch');
    this.answer(socket, 'feed:error', result, ack);
  }

  @SubscribeMessage('feed:unwatch')
  unwatchFeed(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: FeedResult) => void): void {
    const parsed = parseFeed(body);
    const result = parsed.ok && parsed.feed === 'following' ? this.followingFeed.unwatch(socket) : applyFeedWatch(socket, body, 'unwatch');
    this.answer(socket, 'feed:error', result, ack);
  }

  /**
   * `message:typing` `{ to }`: forwarded as `message:typing` `{ from }` to the receiver's
   * connections on every node when the two may talk (see typing.ts); never to the sender's other
   * tabs. Answered by ack when given; a refusal without one is dropped silently (it is a hint).
   */
  @SubscribeMessage('message:typing')
  async typing(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: TypingResult) => void): Promise<void> {
    let outcome: Awaited<ReturnType<typeof checkTyping>>;
    try {
      outcome = await checkTyping(socket.data, body, (id) => this.users.findForSession(id));
    } catch (error) {
      this.logger.warn(`Yazıyor bilgisi iletilemedi: ${String(error)}`);
      return;
    }
    if (outcome.tooFast) this.metrics.refused('socket_typing');
    // As sending a message: never across a block, either way (issue 25), nor to a member whose
    // `allowMessages` refuses the sender (issue 26).
    if (outcome.to && socket.data.userId) {
      let refusal: MessageRefusal | null | undefined;
      try {
        refusal = await this.users.messageRefusal(socket.data.userId, outcome.to);
      } catch (error) {
        this.logger.warn(`Yazıyor bilgisi iletilemedi: ${String(error)}`);
        return;
      }
      if (refusal !== null) outcome = { result: { ok: false, message: typingRefusalText(refusal) } };
      else this.events.messageTyping(socket.data.userId, outcome.to);
    }
    if (typeof ack === 'function') ack(this.inLanguage(socket, outcome.result));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    clearInterval(this.sweeper);
    clearInterval(this.revalidator);
  }

  /** Socket.IO connections open on this node (for the benchmark's figures and gundem_sockets_open). */
  connectionCount(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }

  /**
   * Whether the Redis adapter's publisher and subscriber are connected (ready), or undefined
   * without REDIS_URL (the in-memory adapter). Read from the adapter itself, so it is the state
   * of the connections that carry the cross-node events (see realtime-io.adapter.ts).
   */
  redisAdapterState(): { pub: boolean; sub: boolean } | undefined {
    if (!this.config.redisUrl || !this.server) return undefined;
    const adapter = this.server.of('/').adapter as Partial<{ pubClient: { status?: string }; subClient: { status?: string } }>;
    if (!adapter.pubClient || !adapter.subClient) return undefined;
    return { pub: adapter.pubClient.status === 'ready', sub: adapter.subClient.status === 'ready' };
  }

  /**
   * Runs the slow-consumer guard over this node's connections (see slow-socket-guard.ts), and
   * ends those whose token has expired (idle ones too, which `dropIfExpired` never sees).
   */
  sweep(server: RealtimeServer): void {
    try {
      const now = Date.now();
      for (const socket of server.of('/').sockets.values()) {
        const exp = socket.data.exp;
        if (exp !== undefined && exp * 1_000 <= now) socket.disconnect(true);
      }
      for (const cut of sweepSlowSockets([...server.of('/').sockets.values()])) {
        this.logger.warn(`Yavaş bağlantı kapatıldı (${cut.id}): ${cut.packets} paket, ${cut.bytes} bayt bekliyordu.`);
      }
    } catch (error) {
      this.logger.error(`Yavaş bağlantı denetimi başarısız: ${String(error)}`);
    }
  }

  /**
   * After a change to the user's session row (any node): this node's connections of the user
   * are checked against the row as it is now, and those it no longer admits are ended: the
   * account deactivated or gone, the session version bumped (password reset, "sign out
   * everywhere"), or the role changed. A change that revokes nothing (a verified badge) leaves
   * them open. If the row cannot be read, they are ended: they may reconnect, and the handshake
   * checks again.
   */
  async recheck(server: RealtimeServer, userId: string): Promise<void> {
    this.changed.delete(userId);
    this.changed.set(userId, ++this.epoch);
    if (this.changed.size > RECENT_CHANGES) this.changed.delete(this.changed.keys().next().value!);
    const ids = server.of('/').adapter.rooms.get(userRoom(userId));
    if (!ids?.size) return;
    let user: SessionUser | null | undefined;
    try {
      user = await this.users.findForSession(userId);
    } catch (error) {
      this.logger.warn(`Oturum yeniden doğrulanamadı, bağlantılar kapatılıyor: ${String(error)}`);
    }
    // The room as it is now: connections may have come and gone during the lookup.
    for (const id of [...(server.of('/').adapter.rooms.get(userRoom(userId)) ?? [])]) {
      const socket = server.of('/').sockets.get(id);
      if (!socket) continue;
      if (user && user.isActive && user.sessionVersion === socket.data.ver && user.role === socket.data.role) continue;
      socket.disconnect(true);
    }
  }

  /**
   * Checks every signed-in connection of this node against its account's session row as it is
   * now (SESSION_REVALIDATE_MS), ending those it no longer admits, as `recheck` does for one
   * user. Returns how many it ended; a database error is logged and the next round tries again.
   */
  async revalidate(server: RealtimeServer): Promise<number> {
    if (this.revalidating) return 0;
    this.revalidating = true;
    try {
      const byUser = new Map<string, RealtimeSocket[]>();
      for (const socket of server.of('/').sockets.values()) {
        const userId = socket.data.userId;
        if (!userId) continue;
        const list = byUser.get(userId);
        if (list) list.push(socket);
        else byUser.set(userId, [socket]);
      }
      const userIds = [...byUser.keys()];
      let ended = 0;
      for (let i = 0; i < userIds.length; i += REVALIDATE_BATCH) {
        const batch = userIds.slice(i, i + REVALIDATE_BATCH);
        const rows = new Map((await this.users.findSessionStates(batch)).map((row) => [row.id, row]));
        for (const userId of batch) {
          const row = rows.get(userId);
          for (const socket of byUser.get(userId)!) {
            if (!socket.connected) continue;
            if (row && row.isActive && row.sessionVersion === socket.data.ver && row.role === socket.data.role) continue;
            socket.disconnect(true);
            ended++;
          }
        }
      }
      return ended;
    } catch (error) {
      this.logger.warn(`Bağlantıların oturumları denetlenemedi: ${String(error)}`);
      return 0;
    } finally {
      this.revalidating = false;
    }
  }

  /**
   * Counts an admitted connection against its address and account until `handleDisconnect`.
   * A client that went away during the handshake is not counted: Socket.IO drops its socket
   * without a 'disconnect' (it checks the same readyState on the next tick, and no I/O runs
   * in between). No listener per connection: each costs memory for the connection's lifetime.
   */
  private count(socket: RealtimeSocket, address: string): void {
    if (socket.conn.readyState !== 'open') return;
    this.limits.open(address, socket.data.userId);
    socket.data.counted = true;
  }

  /** A connection's watched count after the server took it out of rooms (its address's budget follows). */
  private recount(socket: RealtimeSocket): void {
    let watching = 0;
    for (const room of socket.rooms) if (room.startsWith('post:')) watching++;
    this.countWatched(socket, { ok: true, watching });
  }

  private countWatched(socket: RealtimeSocket, result: WatchResult): void {
    if (!result.ok) return;
    this.limits.watched(socket.data.address ?? 'unknown', result.watching - (socket.data.watched ?? 0));
    socket.data.watched = result.watching;
  }

  /**
   * The connection's token bucket (SOCKET_EVENTS_PER_SECOND, bursts of twice that). An event
   * over it is dropped and answered with `{ ok: false, message }` (by ack, or as `posts:error`
   * once per streak); a client that keeps sending into refusals for another burst is cut off.
   */
  private admit(socket: RealtimeSocket, packet: unknown[], rate: number): boolean {
    const bucket = { tokens: socket.data.tokens ?? 0, at: socket.data.tokensAt ?? 0 };
    const ok = takeToken(bucket, rate);
    socket.data.tokens = bucket.tokens;
    socket.data.tokensAt = bucket.at;
    if (ok) {
      socket.data.refused = 0;
      return true;
    }
    const refused = (socket.data.refused ?? 0) + 1;
    socket.data.refused = refused;
    this.metrics.refused('socket_events');
    if (refused > rate * 2) {
      this.logger.warn(`Çok hızlı olay gönderen bağlantı kapatıldı (${socket.id}, ${socket.data.address ?? '?'}).`);
      socket.disconnect(true);
      return false;
    }
    const ack = packet[packet.length - 1];
    const answer: WatchResult = { ok: false, message: this.say(socket, EVENTS_TOO_FAST) };
    if (typeof ack === 'function') (ack as (result: WatchResult) => void)(answer);
    else if (refused === 1) socket.emit('posts:error', answer);
    return false;
  }

  /** Refuses a handshake over a connection cap, counted by cap. */
  private refuse(socket: RealtimeSocket, next: (error?: Error) => void, message: string): void {
    this.metrics.refused(capLimiter(message));
    next(capError(this.say(socket, message)));
  }

  private answer<R extends WatchResult | FeedResult>(socket: RealtimeSocket, errorEvent: 'posts:error' | 'feed:error', result: R, ack?: (result: R) => void): void {
    const said = this.inLanguage(socket, result);
    if (typeof ack === 'function') ack(said);
    else if (!said.ok) (socket.emit as (event: string, result: R) => boolean)(errorEvent, said);
  }

  /** A Turkish text in the connection's language (issue 26): every text an ack or error event carries goes through here. */
  private say(socket: RealtimeSocket, message: string): string {
    return inLanguage(message, socket.data.language ?? 'tr', this.english);
  }

  /** An answer whose `message` (a refusal's reason) is in the connection's language. */
  private inLanguage<R extends { ok: boolean; message?: string }>(socket: RealtimeSocket, result: R): R {
    return typeof result.message === 'string' ? { ...result, message: this.say(socket, result.message) } : result;
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    const raw: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (raw === undefined || raw === null || raw === '') return;
    if (typeof raw !== 'string') throw new HandshakeError();
    let payload: JwtPayload;
    try {
      payload = await this.jwt.verifyAsync<JwtPayload & object>(raw.replace(/^Bearer\s+/i, ''));
    } catch {
      throw new HandshakeError();
    }
    if (typeof payload?.sub !== 'string' || !UUID.test(payload.sub)) throw new HandshakeError();
    // The home-page cookie's token (auth/home-session.ts) is good for nothing but `/`.
    if (isHomeToken(payload)) throw new HandshakeError();
    // A token without an expiry would keep a connection (and its private events) forever.
    const exp = payload.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new HandshakeError();
    const user = await this.users.findForSession(payload.sub);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) throw new HandshakeError();
    socket.data.userId = user.id;
    socket.data.exp = exp;
    socket.data.ver = user.sessionVersion;
    socket.data.role = user.role;
  }
}
