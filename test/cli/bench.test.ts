import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { repoRoot } from '../support/server';

/**
 * `npm run bench` works end to end: it seeds its database, starts two nodes, loads them with
 * autocannon beside both ceilings and writes its report. Figures are not asserted (the machine
 * is shared); that the report holds real measurements of every asked scenario is.
 */
describe('npm run bench', () => {
  const prefix = `gundem_benchtest_${process.pid}`;
  let dir: string;

  const run = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'bench', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, BENCH_DATABASE_PREFIX: prefix, DATA_DIR: dir },
      encoding: 'utf8',
      // Lighthouse alone takes ~1.5 min on a busy 2-core machine, the HTTP part ~1 min.
      timeout: 360_000,
    });

  beforeAll(() => {
    buildIfNeeded();
    dir = mkdtempSync(join(tmpdir(), 'gundem-bench-test-'));
    chmodSync(dir, 0o755);
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const client = new Client({ connectionString: url });
    if (await client.connect().then(() => true, () => false)) {
      await client.query(`DROP DATABASE IF EXISTS "${prefix}_small" WITH (FORCE)`);
      await client.end();
    }
  });

  it('measures the chosen scenarios on seeded data against both ceilings and writes its report', () => {
    const out = join(dir, 'report.json');
    // 3 s windows, not --quick's 1 s: on a loaded host a like (one fsync each) took over a second,
    // and a window in which no request completes reports 0 requests a second (a CI-load failure).
    // timeline-media and media-upload (issue 24): the guest timeline with pictures, and uploads (a 3 MP JPEG with --quick).
    const res = run('--quick', '--seconds', '3', '--only', 'timeline-guest,timeline-media,like-toggle,like-bare,search-common,media-upload', '--no-realtime', '--out', out);
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/senaryo\s+istek\/sn\s+p50 ms/);
    expect(res.stdout).toMatch(/Hedefler \(issue 9, 13, 24, 28\):/);
    expect(existsSync(out)).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.settings).toMatchObject({ quick: true, scales: ['small'], rounds: 1 });
    expect(report.cores).toBeGreaterThan(0);
    const [small] = report.results;
    expect(small.scale).toBe('small');
    expect(small.rows.posts).toBeGreaterThanOrEqual(10_000);
    expect(small.rows.users).toBeGreaterThanOrEqual(1_000);
    expect(Object.keys(small.scenarios).sort()).toEqual(['like-bare', 'like-toggle', 'search-common', 'timeline-guest', 'timeline-media']);
    // Pictures: uploads through the route against the bare processor, then 8 at once with the node's loop delay.
    expect(res.stdout).toMatch(/[✓✗] timeline-media ≥ 0\.9× misafir zaman akışı \(istek\/sn\): \d/);
    expect(res.stdout).toMatch(/[✓✗] resim yükleme rota p50 ≤ 1\.3× çıplak sharp: \d/);
    expect(res.stdout).toMatch(/[✓✗] 8 eşzamanlı yüklemede olay döngüsü gecikmesi p99 < 50 ms: \d/);
    const upload = small.media.upload;
    // --quick uploads a 3 MP JPEG (a full run 12 MP): the same route and processor in a few seconds.
    expect(upload.image).toMatchObject({ width: 2000, height: 1500 });
    expect(upload.image.bytes).toBeGreaterThan(500_000);
    expect({ route: upload.route.p50 > 0, bare: upload.bare.p50 > 0, failures: upload.failures, loop: Number.isFinite(upload.concurrent.loopDelay.p99) }).toEqual({
      route: true,
      bare: true,
      failures: 0,
      loop: true,
    });
    expect(small.media.timelineBodyBytes).toBeGreaterThan(small.ceilings.bodyBytes);
    expect(small.media.memory).toBeUndefined();
    // like-bare ran on its own node with the notifications writer off, and the two likes are compared.
    expect(res.stdout).toMatch(/Bildirimsiz karşılaştırma düğümü başlatılıyor/);
    expect(res.stdout).toMatch(/[✓✗] bildirimli beğeni ≥ 0\.9× bildirimsiz \(istek\/sn\): \d/);
    const measured = { ceilingHttp: small.ceilings.http, ceilingExpress: small.ceilings.express, ...small.scenarios } as Record<string, { rps: number; non2xx: number; errors: number; failures: Record<string, number> }>;
    for (const [name, figures] of Object.entries(measured)) {
      expect({ name, positive: figures.rps > 0, non2xx: figures.non2xx, errors: figures.errors, failures: figures.failures }).toEqual({
        name,
        positive: true,
        non2xx: 0,
        errors: 0,
        failures: {},
      });
    }
    // Every like toggle moved a counter, so the run saw counter updates of posts.
    expect(small.hotUpdates.updates).toBeGreaterThan(0);
    // --only without `lighthouse` leaves Lighthouse out.
    expect(report.lighthouse).toBeNull();
  });

  it('measures the adapters’ fan-out and the reads a replica serves (issue 28): --only adapter-fanout,replica-reads', () => {
    const out = join(dir, 'scale-out.json');
    const res = run('--quick', '--seconds', '3', '--only', 'adapter-fanout,replica-reads', '--out', out);
    expect(res.status).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    // No scale was run for HTTP scenarios: only the two parts asked.
    expect(report.results).toEqual([]);
    // Every node receives every event with the classic adapter; with the sharded one only the
    // watcher's node (a warm-up straggler may add one message to a count).
    const fanout = report.fanout as Array<{ adapter: string; nodes: number; events: number; clusterPerEvent: number; received: number[] }>;
    expect(fanout.map((r) => [r.adapter, r.nodes])).toEqual([
      ['classic', 3],
      ['sharded', 3],
      ['classic', 8],
      ['sharded', 8],
      ['classic', 32],
      ['sharded', 32],
    ]);
    for (const row of fanout) {
      expect(row.received).toHaveLength(row.nodes);
      if (row.adapter === 'classic') expect(row.clusterPerEvent).toBeGreaterThanOrEqual(row.nodes);
      else expect([row.clusterPerEvent >= 1, row.clusterPerEvent < 1.1]).toEqual([true, true]);
    }
    expect(res.stdout).toMatch(/✓ sharded adaptör 3 → 32 düğüm: olay başına ileti düz kalır/);
    // A guest's reads went to the replica: its transactions against the primary's, and the target.
    const [replica] = report.replicaReads as Array<{ primaryTransactions: number; replicaTransactions: number; replicaShare: number }>;
    expect(replica.replicaTransactions).toBeGreaterThan(replica.primaryTransactions);
    expect(replica.replicaShare).toBeGreaterThanOrEqual(0.8);
    expect(res.stdout).toMatch(/✓ misafir okumalarının ≥ %80'i kopyadan \(small\)/);
  });

  it('runs Lighthouse alone with --only lighthouse: the four scores and the metrics of each page', () => {
    const out = join(dir, 'lighthouse.json');
    const res = run('--quick', '--only', 'lighthouse', '--out', out);
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/Lighthouse 12\.\d+\.\d+ .*mobil ön ayar/);
    expect(res.stdout).toMatch(/lighthouse misafir \/: performans ≥ 95/);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    // Alone: no ceilings, no HTTP scenario, no realtime part.
    expect(report.results[0].ceilings).toBeUndefined();
    expect(report.results[0].scenarios).toEqual({});
    expect(report.results[0].realtime).toBeUndefined();
    expect(report.lighthouse.runsPerPage).toBe(1);
    // guest-home-media (issue 24): the guest's / while its first page's posts carry uploaded pictures.
    expect(Object.keys(report.lighthouse.pages).sort()).toEqual(['guest-explore', 'guest-home', 'guest-home-media', 'member-home']);
    expect(res.stdout).toMatch(/[✓✗] lighthouse misafir \/ resimli: performans ≥ resimsiz − 5: \d/);
    for (const [key, page] of Object.entries(report.lighthouse.pages as Record<string, { median: Record<string, number>; runs: unknown[] }>)) {
      const m = page.median;
      const scores = [m.performance, m.accessibility, m.bestPractices, m.seo];
      expect({ key, scoresInRange: scores.every((x) => Number.isInteger(x) && x >= 0 && x <= 100), runs: page.runs.length }).toEqual({ key, scoresInRange: true, runs: 1 });
      // Real page loads: something was painted, and the page's text made the largest paint.
      expect(m.fcp).toBeGreaterThan(0);
      expect(m.lcp).toBeGreaterThanOrEqual(m.fcp);
      expect(m.cls).toBeGreaterThanOrEqual(0);
    }
    // The member's page was audited signed in: its app asks for what only a member asks for (the
    // unread counts), and neither the session check nor the timeline, which its `/` carries by the
    // home-page cookie (backend/src/common/spa/member-home-page.ts); the guest's not signed in: a
    // guest's / carries its first timeline page (home-page.ts), so it asks the API for neither.
    const pages = report.lighthouse.pages as Record<string, { apiRequests: string[] }>;
    expect(pages['member-home'].apiRequests).toEqual(expect.arrayContaining(['/api/notifications/unread-count', '/api/messages/unread-count']));
    expect(pages['member-home'].apiRequests).not.toContain('/api/auth/me');
    expect(pages['member-home'].apiRequests).not.toContain('/api/posts/timeline');
    expect(pages['guest-home'].apiRequests).not.toContain('/api/notifications/unread-count');
    expect(pages['guest-home'].apiRequests).not.toContain('/api/posts/timeline');
    expect(pages['guest-home'].apiRequests).not.toContain('/api/auth/me');
    // The picture page loaded uploaded files the node serves; the text-only one none.
    const withPictures = report.lighthouse.pages as Record<string, { mediaRequests: { count: number } }>;
    expect(withPictures['guest-home-media'].mediaRequests.count).toBeGreaterThan(0);
    expect(withPictures['guest-home'].mediaRequests.count).toBe(0);
  });

  it('refuses unknown arguments with its usage', () => {
    const res = run('--scale', 'huge');
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/Kullanım: npm run bench/);
  });
});
