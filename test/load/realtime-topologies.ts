/**
 * The realtime part's latencies on both Redis topologies, in one run (issue 28): the same two
 * nodes, database and members, once over one Redis (the classic adapter) and once over a
 * six-process Redis Cluster (the sharded adapter, scripts/redis-cluster.mjs). Like → watcher and
 * cross-node DM p99 of runRealtimeBench, its sizes cut down to what compares the two (no
 * connection ladder beyond a few hundred sockets). Alternates the topologies `rounds` times so a
 * noisy spell of the shared host does not land on one of them only.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDatabase, loadFixtures, newJwtSecret, type PostgresServer, startNode } from './infra.js';
import { type RealtimeResults, runRealtimeBench } from './realtime.js';

export interface TopologyRound {
  topology: 'single' | 'cluster';
  engagementP99: number;
  engagementP50: number;
  dmP99: number;
  dmP50: number;
  missing: number;
}

export interface TopologyResult {
  watchers: number;
  rounds: TopologyRound[];
  /** Medians over rounds. */
  single: { engagementP99: number; dmP99: number };
  cluster: { engagementP99: number; dmP99: number };
}

const SIZES = { ladder: [400], watchers: 1_000, likes: 20, messages: 100, homeClients: 100, otherClients: 100, feedPosts: 10, feedSeconds: 2 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function runRealtimeTopologies(options: { pg: PostgresServer; redisUrl: string; repoRoot: string; rounds: number; log: (line: string) => void }): Promise<TopologyResult> {
  const { log } = options;
  const db = await benchDatabase(options.pg, 'small', log);
  const secret = newJwtSecret();
  const fixtures = await loadFixtures(db.url, secret, 1012);
  const { freeClusterPorts, startRedisCluster } = (await import(pathToFileURL(join(options.repoRoot, 'scripts/redis-cluster.mjs')).href)) as {
    freeClusterPorts(count: number): Promise<number[]>;
    startRedisCluster(ports: number[]): Promise<{ url: string; stop(): Promise<void> }>;
  };
  log('Anlık, iki topoloji: Redis Cluster başlatılıyor (3 ana, 3 yedek)…');
  const cluster = await startRedisCluster(await freeClusterPorts(6));
  const rounds: TopologyRound[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const [topology, url] of [
        ['single', options.redisUrl],
        ['cluster', cluster.url],
      ] as const) {
        const env = { DATABASE_URL: db.url, JWT_SECRET: secret, REDIS_URL: url, REDIS_PREFIX: `gundem-bench-topology-${process.pid}-${round}-${topology}` };
        const a = await startNode(env, `${topology}-a`);
        const b = await startNode(env, `${topology}-b`);
        let results: RealtimeResults;
        try {
          results = await runRealtimeBench({ nodes: [a, b], users: fixtures.users, postIds: fixtures.recentPostIds, quick: false, log: (line) => log(`anlık ${topology}: ${line}`) }, SIZES);
        } finally {
          await Promise.all([a.stop(), b.stop()]);
        }
        const row: TopologyRound = {
          topology,
          engagementP50: results.engagement.p50,
          engagementP99: results.engagement.p99,
          dmP50: results.dm.p50,
          dmP99: results.dm.p99,
          missing: results.engagement.missing + results.dm.missing,
        };
        log(`anlık ${topology} (tur ${round + 1}): beğeni → izleyici p99 ${row.engagementP99.toFixed(1)} ms, DM p99 ${row.dmP99.toFixed(1)} ms, kayıp ${row.missing}`);
        rounds.push(row);
      }
    }
  } finally {
    await cluster.stop();
  }
  const of = (topology: TopologyRound['topology']) => rounds.filter((r) => r.topology === topology);
  return {
    watchers: SIZES.watchers,
    rounds,
    single: { engagementP99: median(of('single').map((r) => r.engagementP99)), dmP99: median(of('single').map((r) => r.dmP99)) },
    cluster: { engagementP99: median(of('cluster').map((r) => r.engagementP99)), dmP99: median(of('cluster').map((r) => r.dmP99)) },
  };
}
