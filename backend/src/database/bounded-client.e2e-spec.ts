import { createServer, type Server, type Socket, connect } from 'node:net';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../test/test-database';
import { toErrorBody } from '../common/filters/all-exceptions.filter';
import { DATABASE_UNAVAILABLE } from '../common/common.texts';
import { withStatementTimeout } from './bounded-client';
import { dataSourceOptions } from './data-source';
import { isDatabaseUnavailable, pgErrorCode } from './query-rows';

/**
 * A TCP relay in front of the test's PostgreSQL that can stop passing bytes on, as a frozen
 * server (SIGSTOP) behaves to its clients: connections stay open, new ones are accepted, nothing
 * answers; on resume what was held back is delivered. The shared server itself is never paused.
 */
class FreezableRelay {
  private paused = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();

  private readonly server: Server;
  port = 0;

  private constructor(target: { host: string; port: number }) {
    this.server = createServer((downstream) => {
      const upstream = connect(target.port, target.host);
      for (const [from, to] of [
        [downstream, upstream],
        [upstream, downstream],
      ] as const) {
        this.sockets.add(from);
        from.on('data', (chunk) => (this.paused ? this.held.push(() => to.write(chunk)) : to.write(chunk)));
        from.on('error', () => to.destroy());
        from.on('close', () => to.destroy());
      }
    });
  }

  static async start(target: { host: string; port: number }): Promise<FreezableRelay> {
    const relay = new FreezableRelay(target);
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
    relay.port = (relay.server.address() as { port: number }).port;
    return relay;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const send of this.held.splice(0)) send();
  }

  async close(): Promise<void> {
    this.resume();
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

// The server's bound well under the client's: "busy" (PostgreSQL cancelled a slow statement) must
// reach the client before its own timer says "unavailable", on a loaded 2-core host too (500 ms
// between them was once not enough). The upper bounds below only tell "gave up" from "hung".
const STATEMENT_TIMEOUT_MS = 300;
const QUERY_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 1_000;
const SLACK_MS = 3_000;

describe('the app pool against a database that stops answering (BoundedClient)', () => {
  let database: { url: string; drop(): Promise<void> };
  let relay: FreezableRelay;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    relay = await FreezableRelay.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const options = dataSourceOptions(viaRelay.toString(), {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    });
    // One connection: whatever one request leaves on it, the next one meets.
    dataSource = await new DataSource({ ...options, extra: { ...(options.extra as object), max: 1 } } as typeof options).initialize();
    await dataSource.query('CREATE TABLE freeze_probe (n int)');
  });
  afterAll(async () => {
    await relay?.close();
    await dataSource?.destroy().catch(() => undefined);
    await database?.drop();
  });

  /** What another session sees, straight to the server: only committed rows. */
  async function committedProbes(): Promise<number[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query('SELECT n FROM freeze_probe ORDER BY n')).rows.map((r: { n: number }) => r.n);
    } finally {
      await client.end();
    }
  }

  it('gives up on an unanswered statement within DB_QUERY_TIMEOUT_MS with the database-unavailable 503', async () => {
    await dataSource.query('SELECT 1');
    relay.pause();
    const started = Date.now();
    const error = await dataSource.query('SELECT 2').catch((e: unknown) => e);
    const waited = Date.now() - started;
    relay.resume();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorBody(error)).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE, retryAfter: 5 });
    expect(waited).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(QUERY_TIMEOUT_MS + SLACK_MS);
    await expect(dataSource.query('SELECT 3 AS n')).resolves.toEqual([{ n: 3 }]);
  });

  it('gives up waiting for a connection within DB_CONNECT_TIMEOUT_MS: a busy pool, or a handshake nobody answers', async () => {
    // The pool's only connection is held (a request stuck on it): the next one waits for a turn.
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    let started = Date.now();
    const queued = await dataSource.query('SELECT 1').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + SLACK_MS);
    await holder.release();
    expect(toErrorBody(queued)).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE, retryAfter: 5 });

    // A new connection to a server that accepts TCP but never answers the startup message.
    relay.pause();
    started = Date.now();
    const other = new DataSource(dataSource.options);
    const refused = await other.initialize().catch((e: unknown) => e);
    const waited = Date.now() - started;
    relay.resume();
    expect(toErrorBody(refused)).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE, retryAfter: 5 });
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + SLACK_MS);
  });

  it('drops a connection whose statement timed out: the next user never runs inside what the freeze left open', async () => {
    relay.pause();
    const failed = await dataSource
      .transaction(async (manager) => {
        await manager.query('INSERT INTO freeze_probe (n) VALUES (1)');
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // The server answers again, and gets what was held back: BEGIN and the INSERT.
    relay.resume();
    // The same (only) pooled connection would now be inside that open transaction if it were
    // given back to the pool: this write would then never be committed.
    await dataSource.query('INSERT INTO freeze_probe (n) VALUES (2)');
    expect(await committedProbes()).toEqual([2]);
  });

  it('lets PostgreSQL cancel a statement that is merely slow first (the "busy" 503, not "unavailable")', async () => {
    const error = await dataSource.query(`SELECT pg_sleep(${(STATEMENT_TIMEOUT_MS * 3) / 1000})`).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('withStatementTimeout allows a transaction longer statements on the server and the client alike', async () => {
    // Longer than both the pool's statement timeout and its client-side bound.
    const sleep = (QUERY_TIMEOUT_MS + 500) / 1000;
    const rows = await dataSource.transaction((manager) =>
      withStatementTimeout(manager, QUERY_TIMEOUT_MS * 3, () => manager.query(`SELECT 'bitti' AS done FROM pg_sleep(${sleep})`)),
    );
    expect(rows).toEqual([{ done: 'bitti' }]);
    // Afterwards the connection has the pool's bounds again.
    const error = await dataSource.query(`SELECT pg_sleep(${sleep})`).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('57014');
  });
});
