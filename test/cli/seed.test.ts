import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/** `npm run seed -- --users N --posts N`: bulk data with progress, idempotent accounts, exact counters. */
describe('npm run seed', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  const run = (...args: string[]) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
    return spawnSync('npm', ['run', '--silent', 'seed', '--', ...args], { cwd: repoRoot, env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
  };
  const totals = (out: string) => {
    const m = /Veritabanında: (\d+) kullanıcı, (\d+) gönderi/.exec(out);
    if (!m) throw new Error(`no totals in:\n${out}`);
    return { users: Number(m[1]), posts: Number(m[2]) };
  };

  beforeAll(() => {
    buildIfNeeded();
    dataDir = mkdtempSync(join(tmpdir(), 'gundem-seed-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes users and posts with a progress display, and adds no duplicate accounts when run again', () => {
    const first = run('--users', '30', '--posts', '120', '--likes', '200');
    expect(first.status).toBe(0);
    expect(first.stdout + first.stderr).toMatch(/Gönderiler\s+\[.*\] 100%/);
    expect(totals(first.stdout)).toEqual({ users: 30, posts: 120 });
    const second = run('--users', '30', '--posts', '10', '--likes', '0');
    expect(second.status).toBe(0);
    expect(totals(second.stdout)).toEqual({ users: 30, posts: 130 });
  });

  it('leaves counters that match the rows, as the API reports them', async () => {
    server = await startServer({ DATABASE_URL: undefined, SEED_DEMO: 'false' }, { dataDir });
    const profile = await (await fetch(`${server.url}/api/users/profile/seed_00001`)).json();
    let listed = 0;
    let cursor: string | null = null;
    do {
      const page = await (await fetch(`${server.url}/api/posts/user/seed_00001?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json();
      listed += page.posts.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(profile.user.postsCount).toBe(listed);
    const timeline = await (await fetch(`${server.url}/api/posts/timeline?limit=5`)).json();
    expect(timeline.posts).toHaveLength(5);
    expect(timeline.posts[0].hashtags.length).toBeGreaterThan(0);
  });

  it('refuses a bad number', () => {
    const res = run('--users', 'üç');
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('--users 0 ile 10000000 arasında bir tam sayı olmalı.');
  });
});
