/**
 * Members per core (issue 28): simulated members, each holding a socket (the home feed and ten
 * posts watched) and acting like people every few seconds with the mix of members-child.ts, are
 * stepped up against one node until the p99 of their requests passes 500 ms. One load generator
 * on these shared cores saturates before the node does, so the node, PostgreSQL and Redis are
 * pinned to core 0 and the generators (child processes of at most 1,000 members each) to core 1
 * (`taskset`; restored afterwards). The figure is the most members whose p99 stayed at or under
 * 500 ms with the app and its databases on one core: the capacity plan's members per app core
 * (docs/scaling.md). Each step reports the node's and PostgreSQL's CPU from /proc.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, loadFixtures, newJwtSecret, type PostgresServer, type Scale, startNode } from './infra.js';
import { MIX, type MembersCommand, type MembersReply } from './members-child.js';

export interface MembersStep {
  members: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /** Share of one core, over the measured window. */
  nodeCpu: number;
  postgresCpu: number;
}

export interface MembersResult {
  scale: Scale;
  intervalMs: number;
  mix: Array<[number, string]>;
  pinned: boolean;
  steps: MembersStep[];
  /** The most members at p99 ≤ 500 ms; null when even the first step passed it. */
  membersPerCore: number | null;
}

const P99_LIMIT_MS = 500;
const PER_CHILD = 1_000;

/** CPU seconds (user + system) of the processes `pids`, from /proc (gone ones count 0). */
function cpuSeconds(pids: number[]): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

const pidsOf = (name: string) =>
  (spawnSync('pgrep', ['-x', name], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')
    .filter(Boolean)
    .map(Number);

function pin(pids: number[], cpuList: string): boolean {
  let ok = pids.length > 0;
  for (const pid of pids) ok = spawnSync('taskset', ['-a', '-pc', cpuList, String(pid)], { stdio: 'ignore' }).status === 0 && ok;
  return ok;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

class Generator {
  private readonly child: ChildProcess;
  private readonly waiting: Array<(reply: MembersReply) => void> = [];

  constructor(script: string, core: string | null) {
    const [command, args] = core ? ['taskset', ['-c', core, process.execPath, script]] : [process.execPath, [script]];
    this.child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: MembersReply) => this.waiting.shift()?.(reply));
  }

  ask(command: MembersCommand): Promise<MembersReply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(command);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.send({ op: 'stop' } satisfies MembersCommand);
  }
}

export async function runMembersBench(options: {
  pg: PostgresServer;
  scale: Scale;
  steps: number[];
  seconds: number;
  intervalMs: number;
  log: (line: string) => void;
}): Promise<MembersResult> {
  const { log } = options;
  const db = await benchDatabase(options.pg, options.scale, log);
  const secret = newJwtSecret();
  const fixtures = await loadFixtures(db.url, secret, 1012);
  const node = await startNode({ DATABASE_URL: db.url, JWT_SECRET: secret }, 'members');
  // BENCH_NO_PIN=1 leaves the cores shared (a machine where other work must not be squeezed onto one core).
  const canPin = !process.env.BENCH_NO_PIN && cpus().length >= 2 && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  const all = `0-${cpus().length - 1}`;
  const databases = () => [...pidsOf('postgres'), ...pidsOf('redis-server')];
  const pinned = canPin && pin([node.pid], '0') && pin(databases(), '0');
  if (!pinned) log('⚠️  çekirdeğe bağlanmadı (taskset yok, tek çekirdek ya da BENCH_NO_PIN): düğüm ve üreteçler çekirdekleri paylaşıyor.');
  const generators: Generator[] = [];
  const steps: MembersStep[] = [];
  const posts = fixtures.recentPostIds.slice(0, 2_000);
  const usernames = fixtures.authors ?? fixtures.users.map((u) => u.username);
  const receivers = fixtures.users.map((u) => u.id);
  let members = 0;
  try {
    for (const target of options.steps) {
      // More members, in generators of at most PER_CHILD each, until `target` are online and acting.
      while (members < target) {
        const count = Math.min(PER_CHILD, target - members);
        const generator = new Generator(join(__dirname, 'members-child.js'), pinned ? '1' : null);
        generators.push(generator);
        const chosen = Array.from({ length: count }, (_, i) => fixtures.users[(members + i) % fixtures.users.length]);
        const started = await generator.ask({
          op: 'start',
          url: node.url,
          members: chosen.map((u) => ({ id: u.id, token: u.token })),
          receivers,
          posts,
          usernames,
          intervalMs: options.intervalMs,
        });
        if (started.failed) log(`⚠️  ${started.failed} bağlantı açılamadı`);
        members += count;
      }
      // A warm-up interval, then the measured window.
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      await Promise.all(generators.map((g) => g.ask({ op: 'collect' })));
      const [nodeBefore, pgBefore, t0] = [cpuSeconds([node.pid]), cpuSeconds(pidsOf('postgres')), Date.now()];
      await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
      const replies = await Promise.all(generators.map((g) => g.ask({ op: 'collect' })));
      const elapsed = (Date.now() - t0) / 1000;
      const [nodeAfter, pgAfter] = [cpuSeconds([node.pid]), cpuSeconds(pidsOf('postgres'))];
      const latencies = replies.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const r of replies) for (const [code, n] of Object.entries(r.statuses ?? {})) statuses[code] = (statuses[code] ?? 0) + n;
      const step: MembersStep = {
        members,
        seconds: elapsed,
        requests: latencies.length,
        rps: latencies.length / elapsed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        errors: replies.reduce((sum, r) => sum + (r.errors ?? 0), 0),
        statuses,
        nodeCpu: (nodeAfter - nodeBefore) / elapsed,
        postgresCpu: (pgAfter - pgBefore) / elapsed,
      };
      steps.push(step);
      log(
        `üyeler ${members}: ${step.rps.toFixed(0)} istek/sn, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, hata ${step.errors}, ` +
          `2xx dışı ${JSON.stringify(statuses)}; düğüm CPU %${(step.nodeCpu * 100).toFixed(0)}, PostgreSQL %${(step.postgresCpu * 100).toFixed(0)}`,
      );
      if (step.p99 > P99_LIMIT_MS) break;
    }
  } finally {
    for (const generator of generators) generator.stop();
    await node.stop();
    if (pinned) pin(databases(), all);
  }
  const within = steps.filter((s) => s.p99 <= P99_LIMIT_MS && s.errors === 0);
  return { scale: options.scale, intervalMs: options.intervalMs, mix: MIX, pinned, steps, membersPerCore: within.length ? within[within.length - 1].members : null };
}
