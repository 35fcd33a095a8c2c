import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SERVER_BUSY } from '../common/common.texts';
import { HEAVY_CONCURRENCY, HeavyQueries } from '../common/concurrency/heavy-queries';
import { pgErrorCode } from './query-rows';

/** Holds an ACCESS EXCLUSIVE lock on `table` from another session until released. */
async function lockTable(url: string, table: string): Promise<() => Promise<void>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

const lockWaiters = async (t: TestApp) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n as number;

describe('isolation: statement timeout and the heavy-work limit (real PostgreSQL)', () => {
  describe('with a short statement timeout', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ statementTimeoutMs: 300 });
    });
    afterAll(async () => {
      await t.close();
    });

    it('cancels any statement of the pool that runs longer', async () => {
      const error = await t.db.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
      expect(pgErrorCode(error)).toBe('57014');
    });

    it('answers a statement that timed out with a Turkish 503, never a 500', async () => {
      const release = await lockTable(t.config.databaseUrl!, 'posts');
      try {
        const search = await t.http.get('/api/posts/search?q=kahve').expect(503);
        expect(search.body).toEqual({ message: SERVER_BUSY, statusCode: 503 });
        const timeline = await t.http.get('/api/posts/timeline').expect(503);
        expect(timeline.body).toEqual({ message: SERVER_BUSY, statusCode: 503 });
      } finally {
        await release();
      }
      await t.http.get('/api/posts/timeline').expect(200);
    });
  });

  describe('with heavy requests stuck', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ statementTimeoutMs: 5_000 });
    });
    afterAll(async () => {
      await t.close();
    });

    it('lets at most HEAVY_CONCURRENCY searches hold a connection; light routes still get one', async () => {
      const member = await t.createUser();
      const release = await lockTable(t.config.databaseUrl!, 'posts');
      let searches: Promise<number>[];
      try {
        searches = Array.from({ length: HEAVY_CONCURRENCY + 10 }, () => t.http.get('/api/posts/search?q=kahve').then((r) => r.status));
        // Give every search time to reach the database (or the queue).
        for (let i = 0; i < 50 && (await lockWaiters(t)) < HEAVY_CONCURRENCY; i++) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 200));
        expect(await lockWaiters(t)).toBe(HEAVY_CONCURRENCY);
        // 16 searches waiting, yet a route that needs no posts finds a free connection at once.
        await t.http.get(`/api/users/profile/${member.username}`).expect(200);
      } finally {
        await release();
      }
      expect(await Promise.all(searches)).toEqual(searches.map(() => 200));
    });

    it('refuses with 503 a heavy job that waited too long for its turn, and runs the rest in order', async () => {
      const heavy = new HeavyQueries(1, 100);
      const order: number[] = [];
      let unblock!: () => void;
      const first = heavy.run(() => new Promise<void>((r) => (unblock = r)).then(() => order.push(1)));
      const late = heavy.run(async () => order.push(2)).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 150));
      unblock();
      await first;
      expect(await late).toMatchObject({ message: SERVER_BUSY });
      await heavy.run(async () => order.push(3));
      expect(order).toEqual([1, 3]);
    });
  });
});
