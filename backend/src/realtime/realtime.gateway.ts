import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { JwtPayload } from '../auth/jwt.strategy';
import { Public } from '../common/decorators/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionCache } from '../users/session-cache';
import { UsersService } from '../users/users.service';
import { applyFeedWatch } from './feed-watch';
import { applyWatch } from './post-watch';
import { RealtimeEvents } from './realtime-events.service';
import { type FeedResult, type RealtimeServer, type RealtimeSocket, userRoom, type WatchResult } from './realtime.types';
import { SLOW_SOCKET_SWEEP_MS, sweepSlowSockets } from './slow-socket-guard';

/** `connect_error` message of a refused handshake (CONTRACT.md): the client should sign in again. */
export const UNAUTHORIZED = 'unauthorized';
/** `connect_error` message when the session could not be checked (database away): retry later. */
export const UNAVAILABLE = 'unavailable';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HandshakeError extends Error {}

/**
 * Socket.IO at `/socket.io` (default namespace) on the API's HTTP server.
 *
 * Handshake: `auth: { token }` is checked with the HTTP rules (signature, expiry, active account,
 * session version); no token makes a guest, who gets public events only. Every signed-in
 * connection joins `user:<id>`; `posts:watch`/`posts:unwatch` join and leave `post:<id>`, and
 * `feed:watch`/`feed:unwatch` `{ feed: 'home' }` the room `feed:home` that gets `post:new`.
 * A token that expires or a session revoked while connected does not end the connection;
 * `RealtimeEvents.disconnectUser` does.
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
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer()
  server: RealtimeServer;

  private readonly logger = new Logger('Realtime');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly events: RealtimeEvents,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly sessions: SessionCache,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'redisUrl'>,
  ) {}

  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: unknown) => {
          if (!(error instanceof HandshakeError)) this.logger.warn(`Bağlantı oturumu doğrulanamadı: ${String(error)}`);
          next(new Error(error instanceof HandshakeError ? UNAUTHORIZED : UNAVAILABLE));
        },
      );
    });
    this.events.attach(server);
    // Session rows are cached per node (SessionCache): a change made on one node drops the row on
    // the others through the adapter. Without Redis there are no other nodes.
    if (this.config.redisUrl) {
      server.on('session:invalidate', (userId: unknown) => {
        if (typeof userId === 'string') this.sessions.forget(userId);
      });
      this.sessions.onInvalidate((userId) => {
        try {
          server.serverSideEmit('session:invalidate', userId);
        } catch (error) {
          // Redis away: the other nodes see the change when their cached row expires (seconds).
          this.logger.warn(`Oturum değişikliği diğer düğümlere iletilemedi: ${String(error)}`);
        }
      });
    }
    this.sweeper = setInterval(() => this.sweep(server), SLOW_SOCKET_SWEEP_MS);
    this.sweeper.unref();
  }

  handleConnection(socket: RealtimeSocket): void {
    if (socket.data.userId) void socket.join(userRoom(socket.data.userId));
  }

  @SubscribeMessage('posts:watch')
  watch(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: WatchResult) => void): void {
    this.answer(socket, 'posts:error', applyWatch(socket, body, 'watch'), ack);
  }

  @SubscribeMessage('posts:unwatch')
  unwatch(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: WatchResult) => void): void {
    this.answer(socket, 'posts:error', applyWatch(socket, body, 'unwatch'), ack);
  }

  @SubscribeMessage('feed:watch')
  watchFeed(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: FeedResult) => void): void {
    this.answer(socket, 'feed:error', applyFeedWatch(socket, body, 'watch'), ack);
  }

  @SubscribeMessage('feed:unwatch')
  unwatchFeed(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown, @Ack() ack?: (result: FeedResult) => void): void {
    this.answer(socket, 'feed:error', applyFeedWatch(socket, body, 'unwatch'), ack);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Socket.IO connections open on this node (for the benchmark's figures). */
  connectionCount(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }

  /** Runs the slow-consumer guard over this node's connections (see slow-socket-guard.ts). */
  sweep(server: RealtimeServer): void {
    try {
      for (const cut of sweepSlowSockets([...server.of('/').sockets.values()])) {
        this.logger.warn(`Yavaş bağlantı kapatıldı (${cut.id}): ${cut.packets} paket, ${cut.bytes} bayt bekliyordu.`);
      }
    } catch (error) {
      this.logger.error(`Yavaş bağlantı denetimi başarısız: ${String(error)}`);
    }
  }

  private answer<R extends WatchResult | FeedResult>(socket: RealtimeSocket, errorEvent: 'posts:error' | 'feed:error', result: R, ack?: (result: R) => void): void {
    if (typeof ack === 'function') ack(result);
    else if (!result.ok) (socket.emit as (event: string, result: R) => boolean)(errorEvent, result);
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
    const user = await this.users.findForSession(payload.sub);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) throw new HandshakeError();
    socket.data.userId = user.id;
  }
}
