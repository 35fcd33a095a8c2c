/**
 * Reads served by a read replica (issue 28): a PostgreSQL primary and a streaming replica of the
 * bench's own (backend/dist/cli/replica-pair.js), the scale seeded on the primary and streamed,
 * one node with DATABASE_REPLICA_URLS, and a guest's mix of reads for `seconds`: the timeline,
 * Popüler, profiles' posts and followers, post pages and search. What each server ran meanwhile
 * is read from pg_stat_database (transactions committed in the bench database: each read outside
 * a transaction is one), and where the node sent its lag-tolerant reads from its metrics.
 */
import { join } from 'node:path';
import { load, type LoadFigures } from './http.js';
import { benchDatabase, type Scale, sql, startNode, withDatabase } from './infra.js';

export interface ReplicaBenchResult {
  scale: Scale;
  seconds: number;
  figures: LoadFigures;
  /** Transactions committed in the bench database during the mix. */
  primaryTransactions: number;
  replicaTransactions: number;
  /** replica / (primary + replica). */
  replicaShare: number;
  /** The node's gundem_db_lag_tolerant_reads at the end: by target. */
  lagTolerantReads: Record<string, number>;
}

interface Pair {
  primaryUrl: string;
  replicaUrl: string;
  stop(): Promise<void>;
}

async function transactions(url: string): Promise<number> {
  const [row] = await sql<{ n: string }>(url, `SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`);
  return Number(row.n);
}

/** Until the replica has replayed everything the primary has written so far. */
async function caughtUp(primaryUrl: string, replicaUrl: string): Promise<void> {
  const [{ lsn }] = await sql<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const deadline = Date.now() + 600_000;
  for (;;) {
    const [{ done }] = await sql<{ done: boolean }>(replicaUrl, `SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [lsn]);
    if (done) return;
    if (Date.now() > deadline) throw new Error('kopya 10 dakikada yetişmedi');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runReplicaBench(options: { repoRoot: string; scale: Scale; seconds: number; log: (line: string) => void }): Promise<ReplicaBenchResult> {
  const { log } = options;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build the nodes run (as media.ts)
  const { startReplicaPair } = require(join(options.repoRoot, 'backend/dist/cli/replica-pair.js')) as { startReplicaPair(): Promise<Pair> };
  log('Okuma kopyası: PostgreSQL birincil ve akış kopyası başlatılıyor…');
  const pair = await startReplicaPair();
  try {
    const adminUrl = withDatabase(pair.primaryUrl, 'postgres');
    const [{ version }] = await sql<{ version: string }>(adminUrl, `SELECT 'PostgreSQL ' || current_setting('server_version') AS version`);
    const db = await benchDatabase({ adminUrl, version, embedded: false, stop: async () => {} }, options.scale, log);
    const replicaDb = withDatabase(pair.replicaUrl, new URL(db.url).pathname.slice(1));
    log('Okuma kopyası: kopyanın tohumu yeniden oynatması bekleniyor…');
    await caughtUp(db.url, replicaDb);
    const node = await startNode({ DATABASE_URL: db.url, DATABASE_REPLICA_URLS: replicaDb, JWT_SECRET: 'r'.repeat(48) }, 'replica');
    try {
      const users = (await sql<{ username: string }>(db.url, `SELECT username FROM users WHERE is_active AND NOT protected ORDER BY followers_count DESC LIMIT 200`)).map((r) => r.username);
      const posts = (await sql<{ id: string }>(db.url, `SELECT id FROM posts ORDER BY created_at DESC LIMIT 500`)).map((r) => r.id);
      const terms = ['gündem', 'merhaba', 'bugün', 'kahve', 'maç', 'istanbul'];
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
      // A guest's reads, about as a visitor spreads them: the timeline most, then profiles and posts.
      const mix: Array<[number, () => string]> = [
        [30, () => '/api/posts/timeline'],
        [10, () => '/api/posts/popular'],
        [20, () => `/api/posts/user/${pick(users)}`],
        [5, () => `/api/users/profile/${pick(users)}/followers`],
        [25, () => `/api/posts/${pick(posts)}`],
        [10, () => `/api/posts/search?q=${encodeURIComponent(pick(terms))}`],
      ];
      const weight = mix.reduce((sum, [w]) => sum + w, 0);
      const next = () => {
        let draw = Math.random() * weight;
        for (const [w, path] of mix) {
          draw -= w;
          if (draw < 0) return { method: 'GET' as const, path: path() };
        }
        return { method: 'GET' as const, path: mix[0][1]() };
      };
      // Warm both servers' caches and the node's pools first.
      await load(node.url, { next, connections: 16 }, 2);
      const [p0, r0] = [await transactions(db.url), await transactions(replicaDb)];
      const figures = await load(node.url, { next, connections: 16 }, options.seconds);
      const [p1, r1] = [await transactions(db.url), await transactions(replicaDb)];
      const metrics = await (await fetch(`${node.url}/api/metrics`)).text();
      const lagTolerantReads = Object.fromEntries(
        metrics
          .split('\n')
          .filter((line) => line.startsWith('gundem_db_lag_tolerant_reads{'))
          .map((line) => [/target="([^"]+)"/.exec(line)?.[1] ?? '?', Number(line.split(' ').pop())]),
      );
      // The two transaction counts' own reads (one each per sample) are left in: a handful against thousands.
      const primaryTransactions = p1 - p0;
      const replicaTransactions = r1 - r0;
      return {
        scale: options.scale,
        seconds: options.seconds,
        figures,
        primaryTransactions,
        replicaTransactions,
        replicaShare: replicaTransactions / (primaryTransactions + replicaTransactions),
        lagTolerantReads,
      };
    } finally {
      await node.stop();
    }
  } finally {
    await pair.stop();
  }
}
