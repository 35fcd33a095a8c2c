import { Logger } from '@nestjs/common';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { clusterOptions } from '../common/redis/redis-connection';
import { type RedisTarget, redisTarget } from '../config/redis-target';

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

/** The same guard on a Redis Cluster client (the sharded adapter's SPUBLISH is not awaited either). */
class GuardedCluster extends Cluster {
  onCommandError: (error: unknown) => void = () => {};
  onCommandDone: () => void = () => {};

  override sendCommand(...args: Parameters<Cluster['sendCommand']>): unknown {
    const result = super.sendCommand(...args);
    if (result instanceof Promise) result.then(() => this.onCommandDone(), (error: unknown) => this.onCommandError(error));
    return result;
  }
}

/**
 * Whether every slot's master has a live connection (or one not yet needed): false while a dead
 * master is still in the slot map, i.e. until ioredis has learnt of its replica's promotion.
 */
function everyMasterConnected(cluster: Cluster): boolean {
  const connected = new Set(cluster.nodes('master').filter((node) => ['ready', 'wait'].includes(node.status)).map((node) => `${node.options.host}:${node.options.port}`));
  return cluster.slots.every((owners) => !owners?.length || connected.has(owners[0]));
}

export interface RedisClients {
  /** 'single': one Redis, the classic adapter (PUBLISH/PSUBSCRIBE); 'cluster': a Redis Cluster, the sharded adapter. */
  kind: RedisTarget['kind'];
  /** Publishes: no offline queue, so an emit during an outage fails at once instead of piling up. */
  pub: Redis | Cluster;
  /**
   * Subscribes: queues its few SUBSCRIBE commands until connected; ioredis re-subscribes after a
   * reconnect. On a cluster: one SSUBSCRIBE connection per master, re-made (and re-subscribed)
   * on the new master when a failover moves a shard's slots.
   */
  sub: Redis | Cluster;
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
  const target = redisTarget(url);
  const common: RedisOptions = {
    lazyConnect: true,
    connectTimeout: 5_000,
    retryStrategy: reconnectDelay,
    // disconnect() arms a timer to destroy a socket that has not closed after end(); on a socket
    // that is already gone (Redis down) nothing clears it, and the default 2 s keeps the process
    // (and jest) alive after app.close().
    disconnectTimeout: 200,
  };
  const pubOptions: RedisOptions = {
    ...common,
    connectionName: 'gundem-pub',
    enableOfflineQueue: false,
    // A publish in flight when the connection drops is dropped too, not replayed later.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // A Redis that accepts connections but does not answer must not keep commands waiting.
    commandTimeout: 2_000,
  };
  const subOptions: RedisOptions = {
    ...common,
    connectionName: 'gundem-sub',
    // Only SUBSCRIBE/PSUBSCRIBE are ever queued here: waiting for Redis is what they should do.
    maxRetriesPerRequest: null,
    autoResubscribe: true,
  };
  const pub = target.kind === 'single' ? new GuardedRedis(url, pubOptions) : new GuardedCluster(target.nodes, clusterOptions(target, pubOptions));
  // ioredis' own sharded subscribers (5.9+): one connection per master, each SSUBSCRIBE sent to
  // the master of its channel's slot. When a master dies its subscriber ends, ioredis re-reads
  // the slots (with a backoff, until the cluster has promoted the replica), connects to the new
  // master and re-issues that shard's SSUBSCRIBEs: `autoResubscribe` does not cover sharded
  // channels on a Cluster, this does (measured in test/realtime/redis-cluster.test.ts).
  const sub =
    target.kind === 'single'
      ? new GuardedRedis(url, subOptions)
      : new GuardedCluster(target.nodes, clusterOptions(target, { ...subOptions, shardedSubscribers: true }));

  for (const [name, client] of [
    ['yayın', pub],
    ['abonelik', sub],
  ] as const) {
    let down = false;
    let lastCommandWarning = 0;
    const clientName = `Redis ${name} bağlantısı`;
    const lost = (error: Error) => {
      if (down) return;
      down = true;
      logger.warn(`${clientName} koptu (${error.message}); yeniden deneniyor. Anlık olaylar şimdilik yalnız bu sunucunun bağlantılarına gider.`);
    };
    const back = () => {
      if (!down) return;
      down = false;
      logger.log(`${clientName} yeniden kuruldu.`);
    };
    client.on('ready', back);
    if (client instanceof GuardedCluster) {
      // A shard failing over leaves the Cluster 'ready' throughout: its node connections report
      // the loss. For the publisher it is over when a command succeeds and every master of the
      // slot map is connected (a publish to another shard succeeds meanwhile). The subscriber
      // group says 'subscribersReady' after every attempt to re-make its shard subscribers, also
      // after one whose connection failed (its 'error' comes first, while the replica is not yet
      // promoted): over only when an attempt that created a subscriber ('+subscriber') saw no error.
      let attemptClean = false;
      client.on('error', (error: Error) => {
        attemptClean = false;
        lost(error);
      });
      client.on('node error', lost);
      if (client === pub) {
        client.onCommandDone = () => {
          if (down && everyMasterConnected(client)) back();
        };
      }
      else {
        client.on('+subscriber', () => (attemptClean = true));
        client.on('subscribersReady', () => {
          if (attemptClean) back();
        });
      }
    } else client.on('error', lost);
    client.onCommandError = (error: unknown) => {
      // While the connection is down the 'error' listener has already said so.
      if (down || client.status !== 'ready') return;
      const now = Date.now();
      if (now - lastCommandWarning < 60_000) return;
      lastCommandWarning = now;
      logger.warn(`${clientName}: komut başarısız (${error instanceof Error ? error.message : String(error)}).`);
    };
  }

  const connect = (client: Redis | Cluster) => client.connect().catch(() => undefined);
  void connect(pub);
  void connect(sub);

  const isReady = (client: Redis | Cluster) =>
    client.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => client.once('ready', () => resolve()));

  return {
    kind: target.kind,
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
