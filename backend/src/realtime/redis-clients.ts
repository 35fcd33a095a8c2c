import { Logger } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';

/** Reconnect delay: 100 ms, 200 ms, … capped at 2 s, for as long as Redis stays away. */
export function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, 2_000);
}

/**
 * ioredis rejects a command's promise when Redis is away. The Socket.IO Redis adapter publishes
 * without awaiting (`pubClient.publish(channel, msg)`), and an unhandled rejection ends a Node
 * process, so every command's promise gets a handler here. Callers that do await still see the error.
 */
class GuardedRedis extends Redis {
  onCommandError: (error: unknown) => void = () => {};

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const result = super.sendCommand(...args);
    if (result instanceof Promise) result.catch((error: unknown) => this.onCommandError(error));
    return result;
  }
}

export interface RedisClients {
  /** Publishes: no offline queue, so an emit during an outage fails at once instead of piling up. */
  pub: Redis;
  /** Subscribes: queues its few SUBSCRIBE commands until connected; ioredis re-subscribes after a reconnect. */
  sub: Redis;
  /** Resolves true once both are ready, false when `timeoutMs` passes first (they keep retrying). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The pub/sub pair behind the Socket.IO Redis adapter. Redis going away never throws into the
 * app: errors are logged once per outage, both clients retry forever with a capped backoff, and
 * when Redis is back the subscriber re-subscribes on its own, so cross-node pushes resume.
 */
export function createRedisClients(url: string, logger = new Logger('Redis')): RedisClients {
  const common: RedisOptions = {
    lazyConnect: true,
    connectTimeout: 5_000,
    retryStrategy: reconnectDelay,
    // disconnect() arms a timer to destroy a socket that has not closed after end(); on a socket
    // that is already gone (Redis down) nothing clears it, and the default 2 s keeps the process
    // (and jest) alive after app.close().
    disconnectTimeout: 200,
  };
  const pub = new GuardedRedis(url, {
    ...common,
    connectionName: 'gundem-pub',
    enableOfflineQueue: false,
    // A publish in flight when the connection drops is dropped too, not replayed later.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // A Redis that accepts connections but does not answer must not keep commands waiting.
    commandTimeout: 2_000,
  });
  const sub = new GuardedRedis(url, {
    ...common,
    connectionName: 'gundem-sub',
    // Only SUBSCRIBE/PSUBSCRIBE are ever queued here: waiting for Redis is what they should do.
    maxRetriesPerRequest: null,
    autoResubscribe: true,
  });

  for (const [name, client] of [
    ['yayın', pub],
    ['abonelik', sub],
  ] as const) {
    let down = false;
    let lastCommandWarning = 0;
    const clientName = `Redis ${name} bağlantısı`;
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      logger.warn(`${clientName} koptu (${error.message}); yeniden deneniyor. Anlık olaylar şimdilik yalnız bu sunucunun bağlantılarına gider.`);
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      logger.log(`${clientName} yeniden kuruldu.`);
    });
    client.onCommandError = (error: unknown) => {
      // While the connection is down the 'error' listener has already said so.
      if (down || client.status !== 'ready') return;
      const now = Date.now();
      if (now - lastCommandWarning < 60_000) return;
      lastCommandWarning = now;
      logger.warn(`${clientName}: komut başarısız (${error instanceof Error ? error.message : String(error)}).`);
    };
  }

  const connect = (client: Redis) => client.connect().catch(() => undefined);
  void connect(pub);
  void connect(sub);

  const isReady = (client: Redis) =>
    client.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => client.once('ready', () => resolve()));

  return {
    pub,
    sub,
    async ready(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([Promise.all([isReady(pub), isReady(sub)]).then(() => true as const), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      // disconnect() rather than quit(): quit would wait for a Redis that may be gone.
      pub.disconnect();
      sub.disconnect();
    },
  };
}
