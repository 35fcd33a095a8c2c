import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Cluster } from 'ioredis';
import { createRedisConnection, type RedisConnection } from '../common/redis/redis-connection';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** How long a PING may take before Redis counts as unreachable: well under a load balancer's probe timeout. */
export const REDIS_PING_TIMEOUT_MS = 1_000;

export type RedisHealth =
  | { status: 'up'; responseTime: number }
  | { status: 'down'; message: string }
  /** No REDIS_URL: one node with in-memory adapter and counters, a supported setup, not a fault. */
  | { status: 'not_configured' };

/**
 * Whether this node reaches Redis (REDIS_URL), through a connection of its own: the realtime
 * and rate-limit clients each recover from an outage on their own, and a probe must not disturb
 * them (nor wait in their queues). Polled by load balancers, so one long-lived connection rather
 * than one per request; it fails at once while disconnected and reconnects in the background.
 */
@Injectable()
export class RedisHealthIndicator implements OnModuleInit, OnApplicationShutdown {
  private readonly client?: RedisConnection;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.redisUrl) return;
    this.client = createRedisConnection(config.redisUrl, {
      lazyConnect: true,
      connectionName: 'gundem-health',
      connectTimeout: 2_000,
      // Answer "down" at once while disconnected instead of queueing the PING.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_PING_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      // Short, so shutdown is not held up by a socket to a Redis that is gone.
      disconnectTimeout: 200,
    });
    // The outage is reported in the health answer; the other Redis clients log it.
    this.client.on('error', () => undefined);
  }

  onModuleInit(): void {
    void this.client?.connect().catch(() => undefined);
  }

  onApplicationShutdown(): void {
    this.client?.disconnect();
  }

  /**
   * Right after start the connection may still be being made: a probe then waits for it, briefly,
   * rather than calling a healthy Redis down. Any other state (reconnecting after a loss) is down.
   */
  private firstConnection(client: RedisConnection): Promise<void> {
    if (!['wait', 'connecting', 'connect'].includes(client.status)) return Promise.reject(new Error(`bağlantı yok (${client.status})`));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off('ready', ready);
        reject(new Error(`bağlantı ${REDIS_PING_TIMEOUT_MS} ms içinde kurulamadı`));
      }, REDIS_PING_TIMEOUT_MS);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('ready', ready);
    });
  }

  async check(): Promise<RedisHealth> {
    if (!this.client) return { status: 'not_configured' };
    const started = performance.now();
    try {
      if (this.client.status !== 'ready') await this.firstConnection(this.client);
      if (this.client instanceof Cluster) await clusterUp(this.client);
      else {
        const answer = await this.client.ping();
        if (answer !== 'PONG') throw new Error(`beklenmeyen yanıt: ${answer}`);
      }
      return { status: 'up', responseTime: Math.round(performance.now() - started) };
    } catch (error) {
      return { status: 'down', message: error instanceof Error ? error.message : String(error) };
    }
  }
}

/**
 * A Redis Cluster is up when a node of it answers and says every slot is served
 * (cluster_state:ok). A PING alone would be answered by any one node while a shard is down and
 * its slots' pushes and counters are failing. Which node answers is ioredis' pick; while a
 * failover is under way the survivors report `fail` until the replica is promoted.
 */
async function clusterUp(client: Cluster): Promise<void> {
  const info = String(await client.cluster('INFO'));
  const state = /cluster_state:(\w+)/.exec(info)?.[1];
  if (state !== 'ok') throw new Error(`Redis Cluster durumu: ${state ?? 'bilinmiyor'}`);
}
