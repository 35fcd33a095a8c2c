import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { type RedisTarget, redisTarget } from '../../config/redis-target';

/** One Redis or a Redis Cluster: the commands the app sends are the same on both. */
export type RedisConnection = Redis | Cluster;

export interface ConnectionOptions extends RedisOptions {
  /** Cluster only: one subscriber connection per master, for SSUBSCRIBE (sharded pub/sub). */
  shardedSubscribers?: boolean;
}

/**
 * The options of one connection, turned into a Cluster's. The per-connection ones (timeouts,
 * connection name, credentials, retries per request) go to every node connection; the ones about
 * the whole client (offline queue, key prefix, lazy connect, reconnect backoff) to the Cluster.
 * A node connection never reconnects on its own (ioredis drops it and asks the cluster where the
 * slots went), so `retryStrategy` becomes the Cluster's backoff for when every node is gone.
 */
export function clusterOptions(target: Extract<RedisTarget, { kind: 'cluster' }>, options: ConnectionOptions): ClusterOptions {
  const { retryStrategy, enableOfflineQueue, keyPrefix, lazyConnect, shardedSubscribers, ...perNode } = options;
  return {
    lazyConnect,
    keyPrefix,
    enableOfflineQueue: enableOfflineQueue ?? true,
    shardedSubscribers: shardedSubscribers ?? false,
    clusterRetryStrategy: retryStrategy ? (attempts) => retryStrategy(attempts) ?? null : undefined,
    // A failover moves slots: ioredis learns it from MOVED/connection errors, and also re-reads
    // CLUSTER SLOTS this often (default 5 s) so an idle client does not keep a stale map.
    slotsRefreshInterval: 2_000,
    // (Node connections always queue while connecting: ioredis sets that itself.)
    redisOptions: { ...perNode, username: target.username, password: target.password },
  };
}

/** `new Redis(url, options)` for one Redis; a Cluster over the listed nodes for `redis+cluster://`. */
export function createRedisConnection(url: string, options: ConnectionOptions): RedisConnection {
  const target = redisTarget(url);
  if (target.kind === 'single') {
    const { shardedSubscribers: _unused, ...single } = options;
    return new Redis(url, single);
  }
  return new Cluster(target.nodes, clusterOptions(target, options));
}
