import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
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
    if (this.redis) {
      // `key` namespaces the channels, so deployments (or parallel test runs) sharing a Redis stay apart.
      server.adapter(createAdapter(this.redis.pub, this.redis.sub, { key: this.config.redisPrefix, requestsTimeout: 3_000 }));
    }
    return server;
  }

  /** Runs on `app.close()` after the Socket.IO server closed: the Redis connections go too. */
  override async dispose(): Promise<void> {
    await super.dispose();
    await this.redis?.close();
    this.redis = undefined;
  }
}
