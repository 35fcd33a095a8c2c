import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { Metrics } from '../common/metrics/metrics';
import { ReadReplicas } from '../database/read-replicas';
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
    private readonly replicas: ReadReplicas,
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
    // The read replicas (DATABASE_REPLICA_URLS): each one's lag and state, and where the reads that
    // tolerate lag went. Absent without replicas.
    this.metrics.labelledGauge('gundem_db_replica_lag_ms', 'Each read replica\'s replication lag at its last check, ms (-1: it did not answer).', ['replica'], () =>
      this.replicas.status().map((r) => [{ replica: r.name }, r.lagMs ?? -1]),
    );
    this.metrics.labelledGauge('gundem_db_replica_in_rotation', 'Whether each read replica serves reads (1), or is out of rotation: lagging or not answering (0).', ['replica'], () =>
      this.replicas.status().map((r) => [{ replica: r.name }, r.state === 'up' ? 1 : 0]),
    );
    this.metrics.labelledGauge(
      'gundem_db_lag_tolerant_reads',
      'Reads that could go to a replica since the node started, by where they went (target="primary": no replica in rotation, or it failed the read). Absent without replicas.',
      ['target'],
      () => (this.replicas.size ? [[{ target: 'primary' }, this.replicas.primaryReads], ...this.replicas.status().map((r): [{ target: string }, number] => [{ target: r.name }, r.reads])] : []),
    );
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
