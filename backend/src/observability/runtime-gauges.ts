import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { Metrics } from '../common/metrics/metrics';
import { RealtimeGateway } from '../realtime/realtime.gateway';

/**
 * The gauges whose values live in other objects, read at scrape time: the TypeORM pool of
 * PostgreSQL connections (pg's Pool counts), this node's Socket.IO connections, and the Socket.IO
 * Redis adapter's two connections. Nothing is updated between scrapes.
 */
@Injectable()
export class RuntimeGauges implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    // Read through the driver on every scrape: the pool object is the driver's to replace.
    const pool = () => (this.dataSource.driver as unknown as { master?: Pool }).master;
    this.metrics.gauge('gundem_db_pool_connections', 'PostgreSQL connections the pool holds open (idle + in use).', () => pool()?.totalCount ?? 0);
    this.metrics.gauge('gundem_db_pool_idle_connections', 'PostgreSQL connections open and idle in the pool.', () => pool()?.idleCount ?? 0);
    this.metrics.gauge('gundem_db_pool_in_use_connections', 'PostgreSQL connections checked out of the pool by a query or transaction.', () => {
      const p = pool();
      return p ? p.totalCount - p.idleCount : 0;
    });
    this.metrics.gauge('gundem_db_pool_waiting_clients', 'Queries waiting for a pool connection (all connections in use).', () => pool()?.waitingCount ?? 0);
    this.metrics.gauge('gundem_db_pool_max_connections', 'The most connections the pool may open.', () => pool()?.options.max ?? 0);
    this.metrics.gauge('gundem_sockets_open', 'Socket.IO connections open on this node.', () => this.gateway.connectionCount());
    this.metrics.labelledGauge(
      'gundem_redis_adapter_connected',
      'Whether the Socket.IO Redis adapter\'s publisher (client="pub") and subscriber (client="sub") are connected: 1 or 0. Absent without REDIS_URL.',
      ['client'],
      () => {
        const state = this.gateway.redisAdapterState();
        return state
          ? [
              [{ client: 'pub' }, state.pub ? 1 : 0],
              [{ client: 'sub' }, state.sub ? 1 : 0],
            ]
          : [];
      },
    );
  }
}
