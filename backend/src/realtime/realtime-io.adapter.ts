import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { IncomingMessage } from 'node:http';
import { type Language, requestLanguage } from '../common/i18n/language';
import { clientAddress, compileTrust, type TrustFn } from '../common/net/client-address';
import type { AppConfig } from '../config/app-config';
import { describeRedisTarget, redisTarget } from '../config/redis-target';
import { allowedOrigins, ORIGIN_REFUSED, originAllowed } from './origin-check';
import { createRedisClients, type RedisClients } from './redis-clients';

/** Where the client's address is kept on an engine.io connection (its request is dropped, see below). */
const CLIENT_ADDRESS = Symbol('clientAddress');

/** Where the language its upgrade request asked for is kept on an engine.io connection. */
const REQUEST_LANGUAGE = Symbol('requestLanguage');

/** The client's address of a connection (`socket.conn`), as TRUST_PROXY resolves it at the handshake. */
export function connectionAddress(conn: object): string {
  return (conn as { [CLIENT_ADDRESS]?: string })[CLIENT_ADDRESS] ?? 'unknown';
}

/**
 * The language a connection's HTTP request asked for (issue 26): its `?lang=` query parameter,
 * else its Accept-Language header (requestLanguage); Turkish when neither names English. The
 * gateway prefers a `lang` in the handshake's `auth` (realtime.gateway.ts connectionLanguage).
 */
export function connectionRequestLanguage(conn: object): Language {
  return (conn as { [REQUEST_LANGUAGE]?: Language })[REQUEST_LANGUAGE] ?? 'tr';
}

function languageOfRequest(request: IncomingMessage): Language {
  let lang: string | null = null;
  try {
    lang = new URL(request.url ?? '/', 'http://localhost').searchParams.get('lang');
  } catch {
    // An unreadable URL asks for nothing.
  }
  return requestLanguage(lang && lang.length <= 100 ? lang : request.headers['accept-language']);
}

/** How long start-up waits for Redis before serving anyway (the clients keep retrying). */
const REDIS_START_WAIT_MS = 3_000;

/**
 * The sharded adapter's subscription mode on a Redis Cluster. Every room our emits target is a
 * named, public one: `user:<id>` (DMs, notifications, read marks, profile), `post:<id>` (likes,
 * replies, edits), the feed rooms and `author:<id>`/`following:<id>` (realtime/*.ts). "dynamic"
 * gives each of those its own shard channel, so a like travels only to the shard of its post's
 * channel and on to the nodes that have a watcher of that post, and the channels spread over
 * the masters instead of all traffic crossing one shard ("static"). "dynamic-private" would
 * also give each socket id its own channel: one SSUBSCRIBE at every connect and one SUNSUBSCRIBE
 * at every disconnect, for a room nothing here ever emits to from another node (`x-socket-id`
 * is only used with `.except()` on a user room). Measured with 200 sockets, each in its own user
 * room, on one node (docs/architecture.md): "dynamic" 202 shard channels and ~200 SSUBSCRIBE +
 * 200 SUNSUBSCRIBE over their lifetime, "dynamic-private" 402 channels and twice the commands.
 * The per-user push travels the same way in both (`to(userRoom)` is a single public room).
 */
export const SUBSCRIPTION_MODE = 'dynamic';

/**
 * Socket.IO on the API's HTTP server. With REDIS_URL set, the Redis adapter (ioredis pub/sub)
 * carries every room emit to the other nodes; without it, the in-memory adapter of one node. On a
 * Redis Cluster (redis+cluster://, REDIS_CLUSTER_NODES) the sharded adapter does, see below.
 * Installed by `createApp` with `app.useWebSocketAdapter(...)`.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly realtimeLogger = new Logger('Realtime');
  private redis?: RedisClients;
  private readonly trust: TrustFn;
  private readonly origins: Set<string>;

  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix' | 'trustProxy' | 'appUrl' | 'allowedOrigins' | 'nodeEnv'>,
  ) {
    super(app);
    if (config.redisUrl) this.redis = createRedisClients(config.redisUrl);
    this.trust = compileTrust(config.trustProxy);
    this.origins = allowedOrigins(config);
  }

  /** Bounded wait for Redis at start-up: an unreachable Redis is logged, never fatal. */
  async connect(): Promise<void> {
    if (!this.redis) return;
    const ok = await this.redis.ready(REDIS_START_WAIT_MS);
    if (ok) {
      const sharded = this.redis.kind === 'cluster' ? `, ${describeRedisTarget(redisTarget(this.config.redisUrl!))}: paylaşımlı (sharded) yayın, abonelik kipi ${SUBSCRIPTION_MODE}` : '';
      this.realtimeLogger.log(`Socket.IO Redis adaptörü etkin (kanal öneki "${this.config.redisPrefix}"${sharded}).`);
    }
    else this.realtimeLogger.warn("Redis'e bağlanılamadı; bağlantı arka planda yeniden denenecek, anlık olaylar şimdilik yalnız bu sunucuda.");
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      // Checked by engine.io before a session exists: a foreign page's handshake costs nothing more
      // than this answer (see origin-check.ts).
      allowRequest: (req: IncomingMessage, callback: (message: string | null, success: boolean) => void) => {
        const ok = originAllowed(req, this.origins);
        callback(ok ? null : ORIGIN_REFUSED, ok);
      },
    } as ServerOptions);
    // engine.io keeps each connection's HTTP upgrade request (headers, url, parser state: a few
    // KB) for the connection's lifetime. Socket.IO copies what it needs into `socket.handshake`
    // when the client's CONNECT arrives (it reads `request` null-safely), and nothing of ours
    // reads `socket.request`: the handshake middleware uses `handshake.auth` and the address kept below. Socket.IO's
    // "memory usage" advice. engine.io's upgrade response object still reaches the request from
    // a 'close' listener on the TCP socket, so its headers are emptied too (another ~0.6 KB).
    // The client's address (X-Forwarded-For from trusted proxies only) is kept for the
    // connection caps: see connectionAddress; and the language it asked for, for the answers
    // (so `socket.handshake` has neither headers nor query: see connectionRequestLanguage).
    server.engine.on('connection', (raw: { request: IncomingMessage | null; [CLIENT_ADDRESS]?: string; [REQUEST_LANGUAGE]?: Language }) => {
      const request = raw.request;
      raw.request = null;
      if (!request) return;
      raw[CLIENT_ADDRESS] = clientAddress(request, this.trust);
      raw[REQUEST_LANGUAGE] = languageOfRequest(request);
      request.headers = {};
      request.rawHeaders = [];
    });
    if (this.redis?.kind === 'single') {
      // `key` namespaces the channels, so deployments (or parallel test runs) sharing a Redis stay apart.
      server.adapter(createAdapter(this.redis.pub, this.redis.sub, { key: this.config.redisPrefix, requestsTimeout: 3_000 }));
    } else if (this.redis?.kind === 'cluster') {
      // Classic pub/sub on a cluster broadcasts every PUBLISH to every node of the cluster; sharded
      // pub/sub (SPUBLISH/SSUBSCRIBE, Redis 7) keeps a channel's messages on the shard its name
      // hashes to. The channel names carry no hash tag on purpose: they should spread over shards.
      server.adapter(createShardedAdapter(this.redis.pub, this.redis.sub, { channelPrefix: this.config.redisPrefix, subscriptionMode: SUBSCRIPTION_MODE }));
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
