import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool, type QueryConfig } from 'pg';
import type { DataSource } from 'typeorm';
import { BoundedClient } from './bounded-client';
import type { PoolTimeouts } from './data-source';
import { isDatabaseUnavailable, pgPool, type PlainQuery, type Queryable, transactionOn } from './query-rows';

/**
 * Read replicas (issue 28): PostgreSQL streaming replicas that serve the reads which tolerate a
 * little lag, with pools of our own rather than TypeORM's `replication` option. TypeORM picks a
 * slave at random for every `find`, knows nothing of lag (typeorm#9427) nor of a replica that went
 * away, and our hot reads do not go through TypeORM at all (query-rows.ts sends them to pg's pool).
 * Here each replica has a pg Pool with the primary's bounds, a monitor asks every replica for its
 * lag every REPLICA_CHECK_MS, and a read goes to a replica only when three things hold:
 *
 * 1. the call site says the read tolerates lag: `replicaRows(ds, query, 'guest')` for what a guest
 *    reads (timeline, explore, profiles, lists, post pages), `'any'` for what anyone may read a
 *    second late (search, trends, who-to-follow, the admin lists and dashboard);
 * 2. the request allows it (ReadScope, set per request by ReadScopeMiddleware): a GET or HEAD,
 *    from a client that did not write within the primary window (the `gundem_primary` cookie),
 *    and for `'guest'` reads, from a guest;
 * 3. a replica is in rotation: it answered the last check with a lag of at most REPLICA_MAX_LAG_MS.
 *
 * A replica that errs on a read leaves the rotation at once (when the error says it is away) and
 * the read is sent to the primary: no request fails because a replica is away.
 */

/** What the current request allows; absent outside a request (background work reads the primary). */
export interface ReadScope {
  /** A GET/HEAD from a client outside its primary window. */
  lagOk: boolean;
  /** A signed-in member's request (a bearer token or the home-page cookie). */
  member: boolean;
}

const scope = new AsyncLocalStorage<ReadScope>();

/** Runs `next` (the rest of the request) with its read scope. */
export function runInReadScope<T>(value: ReadScope, next: () => T): T {
  return scope.run(value, next);
}

/** Which reads a call site allows on a replica: a guest's only, or anyone's. */
export type LagTolerance = 'guest' | 'any';

export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  /** host:port/database of its URL (never its credentials). */
  name: string;
  state: ReplicaState;
  /** The lag at the last check, ms; null when it did not answer or could not tell. */
  lagMs: number | null;
  reads: number;
}

interface Replica extends ReplicaStatus {
  pool: Pool;
  /** When a check last found it caught up, on its own clock (see lagOf). */
  caughtUpAt?: number;
}

/**
 * What a lag check reads on a replica, on the replica's own clock: whether it has replayed all it
 * received (an idle primary sends nothing, and then nothing is missing; a server not in recovery,
 * a promoted replica or a logical subscriber, counts as caught up), and the age of the last
 * transaction it replayed.
 */
const LAG_SQL = `SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS now_ms,
    (NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn()) AS caught_up,
    extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 * 1000 AS replay_age_ms`;

export interface LagSample {
  now_ms: number;
  caught_up: boolean;
  replay_age_ms: number | null;
}

/**
 * The lag a sample shows, given when the replica was last seen caught up (its clock): 0 when it
 * is caught up now; else the age of its last replayed transaction, but never more than the time
 * since it was last seen caught up. The age alone would count an idle spell as lag: after an
 * hour without writes, the first WAL the replica receives and has not yet replayed makes the
 * last replayed transaction an hour old, and a check landing in that millisecond would take a
 * replica out that is behind by nothing. Infinity when it cannot tell (nothing replayed since its
 * start, and never seen caught up).
 */
export function lagOf(sample: LagSample, caughtUpAt: number | undefined): number {
  if (sample.caught_up) return 0;
  return Math.max(0, Math.min(sample.replay_age_ms ?? Infinity, caughtUpAt === undefined ? Infinity : sample.now_ms - caughtUpAt));
}

export interface ReadReplicasOptions extends PoolTimeouts {
  maxLagMs: number;
  checkMs: number;
  /** Connections per replica pool (the primary's is 20). */
  poolMax?: number;
  /** Told when a replica leaves or rejoins the rotation. */
  log?: (line: string) => void;
}

export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'replica';
  }
}

export class ReadReplicas {
  private readonly replicas: Replica[];
  private next = 0;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  /** Reads that could have gone to a replica and went to the primary (none in rotation, or a replica failed). */
  primaryReads = 0;

  constructor(
    urls: string[],
    private readonly options: ReadReplicasOptions,
  ) {
    const { statementTimeoutMs, connectTimeoutMs, queryTimeoutMs } = options;
    this.replicas = urls.map((url) => ({
      name: replicaName(url),
      // Out of rotation until the first check says it is there and close enough.
      state: 'down',
      lagMs: null,
      reads: 0,
      pool: new Pool({
        connectionString: url,
        max: options.poolMax ?? 20,
        ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
        ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
        ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs, Client: BoundedClient } : {}),
      }),
    }));
    // An idle connection the replica dropped (a restart) must not end the process.
    for (const replica of this.replicas) replica.pool.on('error', () => undefined);
  }

  get size(): number {
    return this.replicas.length;
  }

  /** Checks now, then every REPLICA_CHECK_MS; the first check is awaited, so reads can use a replica at once. */
  async start(): Promise<void> {
    if (this.replicas.length === 0) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
  }

  /** One round of lag checks (a round still running is joined, not doubled). */
  check(): Promise<void> {
    this.checking ??= Promise.all(this.replicas.map((replica) => this.checkOne(replica))).then(
      () => {
        this.checking = undefined;
      },
      () => {
        this.checking = undefined;
      },
    );
    return this.checking;
  }

  private async checkOne(replica: Replica): Promise<void> {
    let lagMs: number | null;
    let state: ReplicaState;
    try {
      const { rows } = await replica.pool.query<LagSample>({ text: LAG_SQL, query_timeout: Math.max(this.options.checkMs, 1_000) } as QueryConfig);
      const lag = lagOf(rows[0], replica.caughtUpAt);
      if (rows[0].caught_up) replica.caughtUpAt = rows[0].now_ms;
      lagMs = Number.isFinite(lag) ? lag : null;
      state = lagMs !== null && lagMs <= this.options.maxLagMs ? 'up' : 'lagging';
    } catch {
      lagMs = null;
      state = 'down';
    }
    replica.lagMs = lagMs === null ? null : Math.round(lagMs);
    this.setState(replica, state);
  }

  private setState(replica: Replica, state: ReplicaState): void {
    if (replica.state === state) return;
    const before = replica.state;
    replica.state = state;
    const lag = replica.lagMs === null ? '' : ` (gecikme ${replica.lagMs} ms)`;
    if (state === 'up') this.options.log?.(`Okuma kopyası ${replica.name} yeniden sırada${lag}.`);
    else if (before === 'up') this.options.log?.(`Okuma kopyası ${replica.name} sıradan çıktı: ${state === 'down' ? 'yanıt vermiyor' : `gecikmesi ${this.options.maxLagMs} ms'yi aştı`}${lag}.`);
  }

  /** The next replica in rotation (round robin), if the request and the call site allow one. */
  private pick(tolerance: LagTolerance): Replica | undefined {
    const current = scope.getStore();
    if (!current?.lagOk || (tolerance === 'guest' && current.member)) return undefined;
    const count = this.replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.next + i) % count];
      if (replica.state === 'up') {
        this.next = (this.next + i + 1) % count;
        return replica;
      }
    }
    this.primaryReads++;
    return undefined;
  }

  /** A replica that failed a read: out of rotation now if it is away (the monitor brings it back). */
  private failed(replica: Replica, error: unknown): void {
    if (isDatabaseUnavailable(error)) this.setState(replica, 'down');
    this.primaryReads++;
  }

  async rows<T>(primary: Pool, query: PlainQuery, tolerance: LagTolerance): Promise<T[]> {
    const replica = this.pick(tolerance);
    if (replica) {
      try {
        const result = (await replica.pool.query(query as QueryConfig)).rows as T[];
        replica.reads++;
        return result;
      } catch (error) {
        // A read, so the primary may run it again; a statement that is wrong fails there too.
        this.failed(replica, error);
      }
    }
    return (await primary.query(query as QueryConfig)).rows as T[];
  }

  /** `work` in one read transaction on a replica when allowed (else, or when the replica fails, on the primary). */
  async transaction<T>(primary: Pool, tolerance: LagTolerance, work: (db: Queryable) => Promise<T>): Promise<T> {
    const replica = this.pick(tolerance);
    if (replica) {
      try {
        const result = await transactionOn(replica.pool, work);
        replica.reads++;
        return result;
      } catch (error) {
        this.failed(replica, error);
      }
    }
    return transactionOn(primary, work);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, state, lagMs, reads }) => ({ name, state, lagMs, reads }));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => undefined)));
  }
}

/** The replicas of a DataSource, registered by ReadReplicasModule; none (all reads on the primary) otherwise. */
const registry = new WeakMap<DataSource, ReadReplicas>();

export function registerReplicas(dataSource: DataSource, replicas: ReadReplicas): void {
  registry.set(dataSource, replicas);
}

/**
 * Rows of a read that tolerates lag (see the top of this file): on a replica in rotation when the
 * request and `tolerance` allow, else on the primary's pool as poolRows does.
 */
export function replicaRows<T>(dataSource: DataSource, query: PlainQuery, tolerance: LagTolerance): Promise<T[]> {
  const replicas = registry.get(dataSource);
  if (!replicas?.size) return pgPool(dataSource).query(query as QueryConfig).then((result) => result.rows as T[]);
  return replicas.rows<T>(pgPool(dataSource), query, tolerance);
}

/** `work` in one transaction where replicaRows would read (SET LOCAL settings apply to it). */
export function replicaTransaction<T>(dataSource: DataSource, tolerance: LagTolerance, work: (db: Queryable) => Promise<T>): Promise<T> {
  const replicas = registry.get(dataSource);
  if (!replicas?.size) return transactionOn(pgPool(dataSource), work);
  return replicas.transaction(pgPool(dataSource), tolerance, work);
}
