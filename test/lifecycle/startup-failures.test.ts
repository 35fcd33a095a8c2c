import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../backend/src/database/embedded-postgres';
import { ensureBackendBuilt } from '../realtime/cluster';
import { repoRoot } from '../support/server';

/**
 * Every startup failure of the built server (and of a CLI that opens the database) ends the same
 * way: exit code 1, stderr says one Turkish sentence (`gündem başlatılamadı: …`) and its fix
 * (`Çözüm: …`), no stack trace, and no PostgreSQL it started is left running.
 */
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

interface Run {
  code: number | null;
  stderr: string;
}

function run(script: string, env: Record<string, string | undefined>, args: string[] = []): Promise<Run> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, RATE_LIMIT_ENABLED: 'false', ...env })) if (v !== undefined) childEnv[k] = v;
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'backend/dist', script), ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

function expectOneSentence(result: Run, sentence: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(sentence);
  expect(result.stderr).toMatch(/^Çözüm: \S/m);
  // No stack frame, whether from an unhandled event or a printed error.
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

/** No process (a postmaster and its backends) whose command line names the cluster folder. */
function expectNoPostgres(clusterDir: string): void {
  const real = existsSync(clusterDir) ? realpathSync(clusterDir) : clusterDir;
  const left = spawnSync('pgrep', ['-f', real], { encoding: 'utf8' }).stdout.trim();
  expect(left).toBe('');
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(pid, 0)).toThrow();
  }
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // As root the embedded cluster runs as the postgres user, which must enter it.
  chmodSync(dir, 0o755);
  return dir;
}

describe('startup failures', () => {
  const dirs: string[] = [];
  const made = (prefix: string) => {
    const dir = tempDir(prefix);
    dirs.push(dir);
    return dir;
  };

  beforeAll(() => ensureBackendBuilt());
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('port in use: the embedded PostgreSQL started before app.listen is stopped again', async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    const dataDir = made('gundem-fail-port-');
    try {
      const result = await run('main.js', { DATABASE_URL: undefined, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), REDIS_URL: undefined });
      expectOneSentence(result, new RegExp(`^gündem başlatılamadı: 127\\.0\\.0\\.1:${port} adresi kullanımda`, 'm'));
      // It had got as far as the embedded cluster; that is stopped, not orphaned.
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expectNoPostgres(join(dataDir, 'postgres'));
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('DATA_DIR not writable', async () => {
    const parent = made('gundem-fail-ro-');
    // Root writes anywhere its file modes say no: an immutable folder stops root too.
    const locked = isRoot ? spawnSync('chattr', ['+i', parent]).status === 0 : (chmodSync(parent, 0o500), true);
    expect(locked).toBe(true);
    try {
      const result = await run('main.js', { DATABASE_URL: undefined, DATA_DIR: join(parent, 'data'), REDIS_URL: undefined });
      expectOneSentence(result, new RegExp(`^gündem başlatılamadı: Veri klasörüne yazılamıyor: ${join(parent, 'data')} \\(izin yok\\)\\.`, 'm'));
    } finally {
      if (isRoot) spawnSync('chattr', ['-i', parent]);
      else chmodSync(parent, 0o755);
    }
  }, 60_000);

  it('database unreachable: a closed port, and the CLI says the same', async () => {
    const closed = await freePort();
    const url = `postgres://postgres:x@127.0.0.1:${closed}/gundem`;
    const dataDir = made('gundem-fail-db-');
    const sentence = new RegExp(`^gündem başlatılamadı: Veritabanına bağlanılamadı: 127\\.0\\.0\\.1:${closed} bağlantıyı reddetti\\.`, 'm');
    expectOneSentence(await run('main.js', { DATABASE_URL: url, DATA_DIR: dataDir, REDIS_URL: undefined }), sentence);
    const cli = await run('cli/user-create.js', { DATABASE_URL: url, DATA_DIR: dataDir }, [
      '--username',
      'kimse',
      '--email',
      'kimse@gundem.local',
      '--password',
      'gundem12345',
    ]);
    expectOneSentence(cli, sentence);
  }, 60_000);

  describe('against a real PostgreSQL', () => {
    let db: EmbeddedDatabase;
    let dir: string;
    beforeAll(async () => {
      dir = made('gundem-fail-pg-');
      db = await startEmbeddedPostgres(join(dir, 'data'), { database: 'postgres', persistent: false });
    }, 120_000);
    afterAll(async () => {
      await db?.stop();
    });

    it('wrong password', async () => {
      const url = new URL(db.url);
      url.password = 'yanlis-sifre';
      const result = await run('main.js', { DATABASE_URL: url.toString(), DATA_DIR: made('gundem-fail-pw-'), REDIS_URL: undefined });
      expectOneSentence(result, /^gündem başlatılamadı: Veritabanı, postgres kullanıcısının girişini kabul etmedi \(şifre yanlış\)\./m);
      expect(result.stderr).not.toContain('yanlis-sifre');
    }, 60_000);

    it('missing database', async () => {
      const url = new URL(db.url);
      url.pathname = '/gundem_olmayan';
      const result = await run('main.js', { DATABASE_URL: url.toString(), DATA_DIR: made('gundem-fail-nodb-'), REDIS_URL: undefined });
      expectOneSentence(result, /^gündem başlatılamadı: Veritabanı yok: gundem_olmayan\./m);
      expect(result.stderr).toMatch(/createdb gundem_olmayan/);
    }, 60_000);
  });

  it('bad environment: ConfigError lists the problems, exit 1, no stack', async () => {
    const result = await run('main.js', { PORT: 'yetmiş', DATA_DIR: made('gundem-fail-env-') });
    expectOneSentence(result, /^gündem başlatılamadı: Geçersiz yapılandırma:\n\s+- PORT/m);
  }, 30_000);

  it('the embedded postmaster exits while starting: its FATAL line says why, nothing is left running', async () => {
    const dataDir = made('gundem-fail-pgstart-');
    const cluster = join(dataDir, 'postgres');
    mkdirSync(cluster);
    // A cluster of a PostgreSQL version that does not exist: the postmaster refuses it.
    writeFileSync(join(cluster, 'PG_VERSION'), '7\n');
    const result = await run('main.js', { DATABASE_URL: undefined, DATA_DIR: dataDir, REDIS_URL: undefined });
    expectOneSentence(result, /^gündem başlatılamadı: Gömülü PostgreSQL başlatılamadı: \S/m);
    expectNoPostgres(cluster);
  }, 60_000);
});
