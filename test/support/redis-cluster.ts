import { CLUSTER_PORTS as PORTS, startRedisCluster as start } from '../../scripts/redis-cluster.mjs';

/**
 * A throwaway Redis Cluster for the tests that need one (scripts/redis-cluster.mjs, which
 * `npm run cluster -- --redis-cluster` shares): six `redis-server` processes (three masters,
 * three replicas), a short node timeout so a killed master fails over in about a second. One per
 * test file (its ports are fixed: two files at once would collide, so the files that use it run
 * it in their `beforeAll` and share it among their tests).
 */
export interface RedisClusterNode {
  port: number;
  pid: number;
}

export interface TestRedisCluster {
  /** Every node, masters and replicas. */
  ports: number[];
  /** `host:port,host:port,…`, as REDIS_CLUSTER_NODES takes it. */
  nodesSetting: string;
  /** `redis+cluster://host:port,…`, as REDIS_URL takes it. */
  url: string;
  /** The hash slot of a key or shard channel name (CLUSTER KEYSLOT). */
  slotOf(key: string): Promise<number>;
  /** The master serving `slot` right now (CLUSTER SLOTS asked of any live node). */
  masterOf(slot: number): Promise<number>;
  /** The port of the replica of the master on `port`. */
  replicaOf(port: number): Promise<number>;
  /** SIGKILL, like a crash: the node's clients see their connections drop at once. */
  kill(port: number): Promise<void>;
  /** Resolves once every live node says cluster_state:ok and `port` (if given) is a master. */
  waitHealthy(options?: { master?: number; timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export const CLUSTER_PORTS: number[] = PORTS;

export const startRedisCluster = start as (ports?: number[]) => Promise<TestRedisCluster>;
