/**
 * Development driver for the realtime part alone (not part of `npm run bench`): two nodes on a
 * small database of their own, then `runRealtimeBench`. Compile and run from the repository root:
 *
 *   npm run build -w backend && npx tsc -p test/load/tsconfig.json
 *   node test/load/dist/realtime-dev.js [--quick] [--keep] [--heap N] [--ladder 1000,5000] [--watchers N]
 *
 * `--heap N`: only heap and RSS per idle connection, N guests and then N signed-in connections
 * split across the nodes (after a full GC, minus the figures before).
 *
 * The database `gundem_realtime_dev` (REALTIME_DEV_DATABASE; on DATABASE_URL or the local service) is created, seeded
 * with 600 users and 2,000 posts, and dropped at the end unless `--keep` is given (then reused).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadFixtures, newJwtSecret, openPostgres, openRedis, repoRoot, type RunningNode, sql, startNode } from './infra.js';
import { ClientPool, runRealtimeBench } from './realtime.js';
import type { BenchNode } from './types.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    heap: { type: 'string' },
    ladder: { type: 'string' },
    watchers: { type: 'string' },
  },
});
const log = (line: string) => console.log(`[anlık-dev] ${line}`);

async function main(): Promise<void> {
  const pg = await openPostgres(log);
  const redis = await openRedis(log);
  if (!redis) throw new Error('Redis gerekli');
  const name = process.env.REALTIME_DEV_DATABASE || 'gundem_realtime_dev';
  const url = new URL(pg.adminUrl);
  url.pathname = `/${name}`;
  const exists = (await sql(pg.adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
  if (!exists) await sql(pg.adminUrl, `CREATE DATABASE "${name}"`);
  const secret = newJwtSecret();
  const env = { DATABASE_URL: url.toString(), JWT_SECRET: secret, REDIS_URL: redis.url, REDIS_PREFIX: `gundem-rt-dev-${process.pid}` };
  const nodes: RunningNode[] = [];
  try {
    // Node A migrates and adds the demo accounts (an admin among them) on a new database.
    nodes.push(await startNode({ ...env, SEED_DEMO: exists ? 'false' : 'true' }, 'a'));
    if (!exists) {
      const seeded = spawnSync(process.execPath, [join(repoRoot, 'backend/dist/cli/seed.js'), '--users', '600', '--posts', '2000'], {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: url.toString() },
      });
      if (seeded.status !== 0) throw new Error('tohumlama başarısız');
    }
    nodes.push(await startNode(env, 'b'));
    const fixtures = await loadFixtures(url.toString(), secret, 600);
    if (args.heap) {
      await idleHeap([nodes[0], nodes[1]], Number(args.heap), fixtures.users.map((u) => u.token));
      return;
    }
    const results = await runRealtimeBench({
      nodes: [nodes[0], nodes[1]],
      users: fixtures.users,
      postIds: fixtures.recentPostIds,
      quick: args.quick!,
      log,
    }, {
      ...(args.ladder ? { ladder: args.ladder.split(',').map(Number) } : {}),
      ...(args.watchers ? { watchers: Number(args.watchers) } : {}),
    });
    console.log(JSON.stringify(results, null, 2));
  } finally {
    for (const node of nodes) await node.stop();
    if (!args.keep) await sql(pg.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await redis.stop();
    await pg.stop();
  }
}

async function idleHeap(nodes: BenchNode[], count: number, tokens: string[]): Promise<void> {
  const pool = await ClientPool.start(1);
  try {
    for (const kind of ['misafir', 'üye'] as const) {
      const base = await Promise.all(nodes.map((n) => n.stats({ gc: true })));
      const list = Array.from({ length: count }, (_, i) => (kind === 'üye' ? tokens[i % tokens.length] : null));
      const opened = await pool.open(kind, nodes, list, { concurrency: 64 });
      const after = await Promise.all(nodes.map((n) => n.stats({ gc: true })));
      const per = after.map((s, i) => ({
        heap: (s.heapUsed - base[i].heapUsed) / s.connections / 1024,
        rss: (s.rss - base[i].rss) / s.connections / 1024,
      }));
      log(`${kind}: ${opened.opened} bağlantı (${opened.failed} başarısız): ` + per.map((p, i) => `${'AB'[i]} yığın ${p.heap.toFixed(1)} KB, RSS ${p.rss.toFixed(1)} KB`).join('; '));
      await pool.close(kind);
      // Let the nodes notice the closes before the next baseline.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await pool.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
