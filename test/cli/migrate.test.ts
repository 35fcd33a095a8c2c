import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { migrations } from '../../backend/src/database/migrations';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { freshDatabase, type TestDatabase } from '../realtime/cluster';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/**
 * `npm run migrate` on a fresh database of the PostgreSQL service (an embedded one when none
 * answers): the first run applies every migration and names them, the second applies none, and
 * the server then boots on that database without migrating anything itself.
 */
describe('npm run migrate', () => {
  let db: TestDatabase;
  let server: RunningServer | undefined;
  const names = migrations.map((migration) => migration.name);

  const run = (databaseUrl: string) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    return spawnSync('npm', ['run', '--silent', 'migrate'], { cwd: repoRoot, env: { ...env, DATABASE_URL: databaseUrl }, encoding: 'utf8', timeout: 60_000 });
  };

  beforeAll(async () => {
    buildIfNeeded();
    db = await freshDatabase({ empty: true });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('applies every migration once and names each, in order', async () => {
    const first = run(db.url);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual([`Uygulanan migration'lar (${names.length}):`, ...names.map((name) => `  ${name}`)]);

    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((row) => row.name)).toEqual(names);
    } finally {
      await client.end();
    }
  });

  it('applies none the second time and says the database is up to date', () => {
    const second = run(db.url);
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe('Veritabanı güncel: uygulanacak migration yok.');
  });

  it('leaves a database the server boots on without migrating again', async () => {
    server = await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'false', REDIS_URL: undefined });
    expect(server.output()).not.toContain("Uygulanan migration'lar");
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const register = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'gocmen', displayName: 'Göçmen', email: 'gocmen@ornek.com', password: 'gizli123' }),
    });
    expect(register.status).toBe(201);
  });

  it('exits 1 with a Turkish message when the database cannot be reached', () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const failed = run('postgres://postgres@127.0.0.1:1/yok');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("Migration'lar uygulanamadı: Veritabanına bağlanılamadı: 127.0.0.1:1 bağlantıyı reddetti.");
    expect(failed.stderr).toContain('Çözüm: ');
    expect(failed.stderr).not.toMatch(/^\s+at /m);
  });
});
