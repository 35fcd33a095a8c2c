import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { createRedisClients, type RedisClients } from './redis-clients';

/** How long start-up waits for Redis before serving anyway (the clients keep retrying). */
const REDIS_START_WAIT_MS = 3_000;

/**
 * Socket.IO on the API's HTTP server. With REDIS_URL set, the Redis adapter (ioredis pub/sub)
 * carries every room emit to the other nodes; without it, the in-memory adapter of one node.
 * Installed by `createApp` with `app.useWebSocketAdapter(...)`.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly realtimeLogger = new Logger('Realtime');
  private redis?: RedisClients;

  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  ) {
    super(app);
    if (config.redisUrl) this.redis = createRedisClients(config.redisUrl);
  }

  /** Bounded wait for Redis at start-up: an unreachable Redis is logged, never fatal. */
  async connect(): Promise<void> {
    if (!this.redis) return;
    const ok = await this.redis.ready(REDIS_START_WAIT_MS);
    if (ok) this.realtimeLogger.log(`Socket.IO Redis adaptörü etkin (kanal öneki "${this.config.redisPrefix}").`);
    else this.realtimeLogger.warn("Redis'e bağlanılamadı; bağlantı arka planda yeniden denenecek, anlık olaylar şimdilik yalnız bu sunucuda.");
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options);
    // engine.io keeps each connection's HTTP upgrade request (headers, url, parser state: a few
    // KB) for the connection's lifetime. Socket.IO copies what it needs into `socket.handshake`
    // when the client's CONNECT arrives (it reads `request` null-safely), and nothing of ours
    // reads `socket.request`: the handshake middleware uses `handshake.auth` only. Socket.IO's
    // "memory usage" advice. engine.io's upgrade response object still reaches the request from
    // a 'close' listener on the TCP socket, so its headers are emptied too (another ~0.6 KB).
    server.engine.on('connection', (raw: { request: { headers: object; rawHeaders: string[] } | null }) => {
      const request = raw.request;
      raw.request = null;
      if (!request) return;
      request.headers = {};
      request.rawHeaders = [];
    });
    if (this.redis) {
      // `key` namespaces the channels, so deployments (or parallel test runs) sharing a Redis stay apart.
      server.adapter(createAdapter(this.redis.pub, this.redis.sub, { key: this.config.redisPrefix, requestsTimeout: 3_000 }));
    }
    return server;
  }

  /**
   * Plain listeners instead of IoAdapter's: it builds an RxJS pipeline (fromEvent, mergeMap,
   * takeUntil a shared disconnect observable) per handler per connection, held for the
   * connection's lifetime: about a KB per handler on every idle socket. Here a connection costs one
   * listener per handler, and RxJS runs only for a message whose handler returned something.
   * Behaviour is IoAdapter's: payload and ack mapped alike, `{ event, data }` results emitted,
   * other results sent to the ack unless the handler took it, errors logged and the connection kept.
   */
  override bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length <= 1 ? args[0] : args);
        let result: unknown;
        try {
          result = callback(data, ack);
        } catch (error) {
          this.realtimeLogger.error(error);
          return;
        }
        if (result === undefined || result === null) return;
        transform(result).subscribe({
          next: (response) => {
            if (response === undefined || response === null) return;
            const reply = response as { event?: string; data?: unknown };
            if (reply.event) socket.emit(reply.event, reply.data);
            else if (!isAckHandledManually && typeof ack === 'function') ack(response);
          },
          error: (error: unknown) => this.realtimeLogger.error(error),
        });
      });
    }
  }

  /** Runs on `app.close()` after the Socket.IO server closed: the Redis connections go too. */
  override async dispose(): Promise<void> {
    await super.dispose();
    await this.redis?.close();
    this.redis = undefined;
  }
}
