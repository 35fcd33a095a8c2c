import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { verify } from '@node-rs/argon2';
import { Client } from 'pg';
import { SCALES, SEED_USERNAME_SQL } from '../../backend/src/cli/seed-sql';
import { counterMismatches, failedChecks, orphanCounts, RULE_CHECKS } from '../../backend/src/database/consistency';
import { charCount, extractHashtags, extractLinks, searchTextOf } from '../../backend/src/posts/post-text';
import { freshDatabase, type TestDatabase } from '../realtime/cluster';
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

/**
 * `npm run seed -- --scale small`: the benchmark's bulk seeder, 1/100 of the default scale, on a
 * fresh database of the PostgreSQL service (an embedded one when none answers).
 */
describe('npm run seed -- --scale (bulk mode)', () => {
  const scale = SCALES.small;
  let db: TestDatabase;
  let run: SpawnSyncReturns<string>;
  let indexesBefore: string[];
  const query = async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const one = async (text: string): Promise<number> => Number(Object.values((await query(text))[0])[0]);
  const seed = (...args: string[]) =>
    spawnSync(process.execPath, [join(repoRoot, 'backend/dist/cli/seed.js'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: db.url },
      encoding: 'utf8',
    });
  const indexes = async () => (await query<{ d: string }>(`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.d);

  beforeAll(async () => {
    buildIfNeeded();
    db = await freshDatabase();
    // Legacy mode with nothing to write only migrates: the indexes the migrations create.
    expect(seed('--users', '0', '--posts', '0').status).toBe(0);
    indexesBefore = await indexes();
    run = seed('--scale', 'small');
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('writes exactly the rows of the scale and prints only a summary on stdout (bars on stderr)', async () => {
    expect(run.stderr).toMatch(/Gönderiler\s+\[.*\] 100%/);
    expect(run.stderr).toMatch(/Beğeniler\s+\[.*\] 100%/);
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toContain(`Veritabanında: ${scale.users + 2} kullanıcı, ${scale.posts} gönderi`);
    const [counts] = await query(
      `SELECT (SELECT count(*) FROM users WHERE username LIKE 'seed\\_%' AND role = 'user')::int AS users,
              (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM likes)::int AS likes,
              (SELECT count(*) FROM reposts)::int AS reposts, (SELECT count(*) FROM follows)::int AS follows,
              (SELECT count(*) FROM messages)::int AS messages`,
    );
    expect(counts).toEqual(scale);
    const staff = await query(`SELECT username, email, role FROM users WHERE role <> 'user' ORDER BY username`);
    expect(staff).toEqual([
      { username: 'seed_admin', email: 'seed_admin@seed.gundem.local', role: 'admin' },
      { username: 'seed_moderator', email: 'seed_moderator@seed.gundem.local', role: 'moderator' },
    ]);
    const [hash] = await query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = 'seed_admin'`);
    expect(await verify(hash.password_hash, 'gundem123')).toBe(true);
    // Every index of the migrations is back after the load, and no other.
    expect(await indexes()).toEqual(indexesBefore);
  });

  it('leaves every denormalised counter equal to its recount', async () => {
    const mismatches = await counterMismatches((sql) => query(sql));
    expect(Object.keys(mismatches)).toHaveLength(7);
    expect(failedChecks(mismatches)).toEqual({});
    // Views: never fewer than likes, and varied.
    expect(await one(`SELECT count(*) FROM posts WHERE view_count < like_count`)).toBe(0);
    expect(await one(`SELECT count(DISTINCT view_count) FROM posts`)).toBeGreaterThan(100);
  });

  it('writes no row that references a missing one (every foreign key), no self-follow, and vacuums every table', async () => {
    const orphans = await orphanCounts((sql) => query(sql));
    expect(Object.keys(orphans).length).toBeGreaterThanOrEqual(10);
    expect(failedChecks(orphans)).toEqual({});
    for (const sql of Object.values(RULE_CHECKS)) expect(await one(sql)).toBe(0);
    // Replies answer older posts; likes come after the post.
    expect(await one(`SELECT count(*) FROM posts c JOIN posts p ON p.id = c.reply_to_id WHERE p.created_at >= c.created_at`)).toBe(0);
    expect(await one(`SELECT count(*) FROM likes l JOIN posts p ON p.id = l.post_id WHERE l.created_at < p.created_at OR l.created_at > now()`)).toBe(0);
    const stats = await query<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
      `SELECT relname, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables
        WHERE relname IN ('users', 'posts', 'likes', 'reposts', 'follows', 'messages') ORDER BY relname`,
    );
    expect(stats).toEqual(['follows', 'likes', 'messages', 'posts', 'reposts', 'users'].map((relname) => ({ relname, vacuumed: true, analyzed: true })));
  });

  it('stores the later words of every display name for the people search, as the trigger would (the load skips triggers)', async () => {
    const expected = `SELECT u.id, r.rest FROM users u CROSS JOIN LATERAL user_name_rests(u.display_name) r`;
    expect(await one(`SELECT count(*) FROM (${expected}) e`)).toBeGreaterThan(scale.users);
    expect(await one(`SELECT count(*) FROM ((${expected}) EXCEPT (SELECT user_id, rest FROM user_name_words)) missing`)).toBe(0);
    expect(await one(`SELECT count(*) FROM ((SELECT user_id, rest FROM user_name_words) EXCEPT (${expected})) extra`)).toBe(0);
    // And the load still skipped the foreign-key triggers (no warning that it could not).
    expect(run.stderr).not.toContain('tetikleyici var');
  });

  it('stores search_text, hashtags and links exactly as the app computes them, within 280 characters', async () => {
    const posts = await query<{ content: string; hashtags: string[]; links: string[]; search_text: string }>(
      `SELECT content, hashtags, links, search_text FROM posts`,
    );
    expect(posts).toHaveLength(scale.posts);
    let wrong = 0;
    for (const p of posts) {
      const hashtags = extractHashtags(p.content);
      const same =
        JSON.stringify(p.hashtags) === JSON.stringify(hashtags) &&
        JSON.stringify(p.links) === JSON.stringify(extractLinks(p.content)) &&
        p.search_text === searchTextOf(p.content, hashtags) &&
        charCount(p.content) <= 280;
      if (!same && wrong++ < 3) console.error('differs from the app:', p);
    }
    expect(wrong).toBe(0);
    // The shape the benchmark relies on: Turkish letters, capitals, emoji, links, hashtags.
    const all = posts.map((p) => p.content).join('\n');
    for (const ch of ['ç', 'ğ', 'ı', 'İ', 'ö', 'ş', 'ü', 'Ş']) expect(all).toContain(ch);
    expect(all).toMatch(/\p{Extended_Pictographic}/u);
    expect(posts.filter((p) => p.links.length).length / posts.length).toBeGreaterThan(0.05);
    expect(posts.filter((p) => p.search_text.includes('zümrüdüanka')).length).toBeGreaterThan(0);
  });

  it('has the shape of a real network: ~10% replies, a quarter of posts in 7 days, Zipf hashtags, skewed authors and follows', async () => {
    const [shape] = await query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM posts WHERE reply_to_id IS NOT NULL)::float8 / ${scale.posts} AS replies,
              (SELECT count(*) FROM posts WHERE created_at > now() - interval '7 days')::float8 / ${scale.posts} AS recent,
              (SELECT count(*) FROM posts WHERE created_at < now() - interval '31 days')::int AS old,
              (SELECT max(posts_count) FROM users)::float8 / ${scale.posts / scale.users} AS top_author,
              (SELECT max(followers_count) FROM users)::float8 / ${scale.follows / scale.users} AS top_followed,
              (SELECT max(like_count) FROM posts)::float8 / ${scale.likes / scale.posts} AS top_liked,
              (SELECT count(*) FROM users WHERE is_verified AND role = 'user')::float8 / ${scale.users} AS verified,
              (SELECT count(*) FROM users WHERE NOT is_email_verified)::int AS unverified_email,
              (SELECT count(*) FROM messages WHERE read_at IS NULL)::int AS unread,
              (SELECT count(*) FROM messages a WHERE EXISTS (SELECT 1 FROM messages b WHERE b.sender_id = a.receiver_id AND b.receiver_id = a.sender_id))::int AS answered`,
    );
    expect(shape.replies).toBeCloseTo(0.1, 2);
    expect(shape.recent).toBeGreaterThan(0.2);
    expect(shape.recent).toBeLessThan(0.3);
    expect(shape.old).toBe(0);
    expect(shape.top_author).toBeGreaterThan(5);
    expect(shape.top_followed).toBeGreaterThan(5);
    expect(shape.top_liked).toBeGreaterThan(20);
    expect(shape.verified).toBeGreaterThan(0.002);
    expect(shape.verified).toBeLessThan(0.03);
    expect(shape.unverified_email).toBe(0);
    expect(shape.unread).toBeGreaterThan(0);
    expect(shape.answered).toBeGreaterThan(scale.messages / 2);
    const tags = await query<{ n: number }>(`SELECT count(*)::int AS n FROM posts, unnest(hashtags) AS tag GROUP BY tag ORDER BY 1 DESC`);
    expect(tags.length).toBeGreaterThan(300);
    const median = tags[Math.floor(tags.length / 2)].n;
    expect(tags[0].n).toBeGreaterThan(20 * median);
    expect(await one(`SELECT max(cardinality(hashtags)) FROM posts`)).toBe(3);
    const names = await query<{ username: string }>(`SELECT username FROM users`);
    expect(names.filter((u) => !/^[A-Za-z0-9_]{3,30}$/.test(u.username))).toEqual([]);
  });

  it('refuses to run a second time on the same database (exit code 2), so it never half-duplicates data', async () => {
    const again = seed('--scale', 'small');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('zaten');
    expect(await one(`SELECT count(*) FROM posts`)).toBe(scale.posts);
    expect(await indexes()).toEqual(indexesBefore);
  });

  it('refuses an unknown scale and mixing --scale with counts', () => {
    const bad = seed('--scale', 'huge');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--scale default, small ya da tiny olmalı.');
    expect(seed('--scale', 'small', '--users', '5').status).toBe(2);
  });

  it('builds usernames that stay distinct and valid beyond 99,999 (the SQL the CLI runs)', async () => {
    const [names] = await query(
      `SELECT count(DISTINCT u)::int AS distinct_names, max(length(u))::int AS longest,
              bool_and(u ~ '^[A-Za-z0-9_]{3,30}$') AS valid,
              min(u) FILTER (WHERE n = 1) AS first, min(u) FILTER (WHERE n = 99999) AS last5, min(u) FILTER (WHERE n = 100000) AS first6
         FROM (SELECT n, ${SEED_USERNAME_SQL} AS u FROM generate_series(1, 200000) AS n) s`,
    );
    expect(names).toEqual({ distinct_names: 200000, longest: 11, valid: true, first: 'seed_00001', last5: 'seed_99999', first6: 'seed_100000' });
  });
});
