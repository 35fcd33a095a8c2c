import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { freshDatabase, type TestDatabase } from '../realtime/cluster';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/**
 * `npm run backup`: a pg_dump archive of the server's database that pg_restore brings back into
 * another one; against the embedded PostgreSQL 18 cluster with an older pg_dump, one sentence
 * naming both versions, no half-written file and no postgres left running. With MEDIA_STORAGE=fs
 * the pictures' folder is archived beside the dump; with s3 the run says the bucket is the store's.
 */
const CI = process.env.CI === 'true';
const pgDumpVersion = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
const pgDumpMajor = pgDumpVersion.status === 0 ? Number(/\(PostgreSQL\)\s+(\d+)/.exec(pgDumpVersion.stdout)?.[1]) : undefined;
const reason = pgDumpMajor ? undefined : 'pg_dump yok (Debian: apt-get install postgresql-client)';
if (reason && CI) throw new Error(`[backup] ${reason} (CI=true: bu testler atlanamaz)`);
if (reason) console.warn(`\n⚠️  [backup] ATLANDI: ${reason}\n`);

/** A 2×2 RGB PNG (what a phone would send, only smaller): the server turns it into its WebP variants. */
const PNG_2X2 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4IWcjUnGHAUIBACJQBRXtlMk7AAAAAElFTkSuQmCC', 'base64');

function env(overrides: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...overrides })) if (v !== undefined) out[k] = v;
  return out;
}

const npm = (args: string[], overrides: Record<string, string | undefined>, cwd = repoRoot) =>
  spawnSync('npm', ['run', '--silent', ...args], { cwd, env: env(overrides), encoding: 'utf8', timeout: 120_000 });

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

(reason ? describe.skip : describe)('npm run backup', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    buildIfNeeded();
    dir = mkdtempSync(join(tmpdir(), 'gundem-backup-'));
    // The restore target starts empty, as a new server would.
    [source, target] = await Promise.all([freshDatabase(), freshDatabase({ empty: true })]);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([source?.drop(), target?.drop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps the DATABASE_URL database into an archive that pg_restore brings back whole', async () => {
    const created = npm(['user:create', '--', '--username', 'yedekli', '--email', 'yedekli@ornek.com', '--password', 'gizli123'], { DATABASE_URL: source.url });
    expect(created.status).toBe(0);
    const [{ id }] = await query<{ id: string }>(source.url, "SELECT id FROM users WHERE username = 'yedekli'");

    const out = join(dir, 'gundem.dump');
    // DATA_DIR without a media folder: no pictures' archive, said so.
    const backup = npm(['backup', '--', '--out', out], { DATABASE_URL: source.url, DATA_DIR: join(dir, 'bos-veri') });
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Yedek hazır: ${out}`);
    expect(backup.stdout).toContain('görsel arşivi yazılmadı');
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
    expect(readdirSync(dir)).toEqual(['gundem.dump']); // no .partial left beside it
    // The password never reaches pg_dump's arguments; here the service has none, so check the URL is not echoed either.
    expect(backup.stdout + backup.stderr).not.toContain(source.url);

    const restore = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', target.url, out], { encoding: 'utf8' });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const users = await query<{ id: string; email: string }>(target.url, "SELECT id, email FROM users WHERE username = 'yedekli'");
    expect(users).toEqual([{ id, email: 'yedekli@ornek.com' }]);
    const [{ count }] = await query<{ count: string }>(target.url, 'SELECT count(*) FROM migrations');
    const [{ count: expected }] = await query<{ count: string }>(source.url, 'SELECT count(*) FROM migrations');
    expect(count).toBe(expected);
  });

  it('archives the pictures folder beside the dump after an upload (MEDIA_STORAGE=fs), without the uploads being written', async () => {
    const dataDir = join(dir, 'media-data');
    mkdirSync(dataDir);
    const created = npm(['user:create', '--', '--username', 'gorselli', '--email', 'gorselli@ornek.com', '--password', 'gizli123'], { DATABASE_URL: source.url });
    expect(created.status).toBe(0);
    server = await startServer({ DATABASE_URL: source.url, SEED_DEMO: 'false' }, { dataDir });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'gorselli', password: 'gizli123' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob([PNG_2X2], { type: 'image/png' }), 'nokta.png');
    const upload = await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const media = (await upload.json()) as { small: { url: string }; large: { url: string } };
    await server.stop({ keepData: true });
    server = undefined;
    const stored = [media.small.url, media.large.url].map((url) => url.replace(/^\/media\//, ''));
    // An upload being written at backup time is not a picture yet.
    mkdirSync(join(dataDir, 'media', '.tmp'), { recursive: true });
    writeFileSync(join(dataDir, 'media', '.tmp', 'yarim.part'), 'yarım');

    const out = join(dir, 'gorselli.dump');
    const backup = npm(['backup', '--', '--out', out], { DATABASE_URL: source.url, DATA_DIR: dataDir });
    expect(backup.status).toBe(0);
    const archive = join(dir, 'gorselli.media.tar');
    expect(backup.stdout).toContain(`Görsel arşivi hazır: ${archive}`);
    expect(existsSync(`${archive}.partial`)).toBe(false);
    const listed = spawnSync('tar', ['-tf', archive], { encoding: 'utf8' }).stdout.split('\n').map((entry) => entry.replace(/^\.\//, '')).filter(Boolean);
    for (const key of stored) expect(listed).toContain(key);
    expect(listed.some((entry) => entry.includes('.tmp'))).toBe(false);

    // Restoring as the README says gives the same bytes back.
    const restored = join(dir, 'restored-media');
    mkdirSync(restored);
    expect(spawnSync('tar', ['-xf', archive, '-C', restored]).status).toBe(0);
    for (const key of stored) expect(readFileSync(join(restored, key))).toEqual(readFileSync(join(dataDir, 'media', key)));
  });

  it('with MEDIA_STORAGE=s3 writes the dump and says the bucket is backed up by the store’s own tools', () => {
    const out = join(dir, 'kova.dump');
    const s3 = { MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'gundem-gorseller', MEDIA_S3_ACCESS_KEY_ID: 'anahtar', MEDIA_S3_SECRET_ACCESS_KEY: 'gizli-anahtar', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9' };
    const backup = npm(['backup', '--', '--out', out], { DATABASE_URL: source.url, ...s3 });
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('Görseller S3 kovasında (gundem-gorseller)');
    expect(backup.stdout).toContain('mc mirror');
    expect(backup.stdout + backup.stderr).not.toContain('gizli-anahtar');
    expect(existsSync(join(dir, 'kova.media.tar'))).toBe(false);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('refuses unknown options with the usage and exit code 2', () => {
    const bad = npm(['backup', '--', '--nereye', 'x'], { DATABASE_URL: source.url });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Kullanım: npm run backup');
  });

  it('says which pg_dump cannot run, without a stack trace', () => {
    const missing = npm(['backup', '--', '--pg-dump', join(dir, 'yok', 'pg_dump')], { DATABASE_URL: source.url });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('çalıştırılamadı');
    expect(missing.stderr).toContain('Çözüm: ');
    expect(missing.stderr).not.toMatch(/^\s+at /m);
  });

  it('backs up the embedded cluster, or names both versions when pg_dump is older than PostgreSQL 18, leaving nothing running', async () => {
    const dataDir = join(dir, 'data');
    const out = join(dir, 'gomulu.dump');
    const run = npm(['backup', '--', '--out', out], { DATABASE_URL: undefined, DATA_DIR: dataDir, SEED_DEMO: 'false' });
    if (pgDumpMajor! >= 18) {
      expect(run.status).toBe(0);
      expect(readFileSync(out).subarray(0, 5).toString()).toBe('PGDMP');
    } else {
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Yedek alınamadı: pg_dump ${pgDumpMajor}, PostgreSQL 18 sunucusunu yedekleyemez`);
      expect(run.stderr).toContain('postgresql-client-18');
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(`${out}.partial`)).toBe(false);
    }
    // The cluster started for the dump was stopped: no postmaster.pid, no postgres on that folder.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    const pgrep = spawnSync('pgrep', ['-f', join(dataDir, 'postgres')], { encoding: 'utf8' });
    expect(pgrep.stdout.trim()).toBe('');
  });
});
