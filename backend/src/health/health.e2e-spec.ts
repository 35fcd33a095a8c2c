import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { startTestRedis } from '../../test/redis-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DATABASE_UNAVAILABLE } from '../common/common.texts';
import { freePort } from '../database/embedded-postgres';
import { DATABASE_DOWN, REDIS_DOWN, REDIS_UNAVAILABLE } from './health.texts';

const redis = await startTestRedis();

describe('GET /api/health, /api/health/live, /api/health/ready (real PostgreSQL)', () => {
  describe('without REDIS_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('is ok with the database up and reports Redis as not configured, not as an error', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.body).toEqual({ status: 'ok', details: { database: { status: 'up', responseTime: expect.any(Number) }, redis: { status: 'not_configured' } } });
      expect(res.headers['cache-control']).toContain('no-store');
    });

    it('is live and ready with the database up (Redis not configured is not a fault)', async () => {
      const live = await t.http.get('/api/health/live').expect(200);
      expect(live.body).toEqual({ status: 'ok' });
      const ready = await t.http.get('/api/health/ready').expect(200);
      expect(ready.body).toEqual({ status: 'ok', details: { database: { status: 'up', responseTime: expect.any(Number) }, redis: { status: 'not_configured' } } });
      expect(ready.headers['cache-control']).toContain('no-store');
    });

    it('answers 503 with the Turkish text and which part is down while the database cannot be reached', async () => {
      // The app's pool pointed at a port where nothing listens, as when the server is stopped.
      const driver = t.db.driver as unknown as { master: Pool };
      const real = driver.master;
      const dead = new Pool({ host: '127.0.0.1', port: await freePort(), user: 'postgres', database: 'postgres' });
      driver.master = dead;
      try {
        const res = await t.http.get('/api/health').expect(503);
        // A Turkish status per dependency, nothing of the error: the answer is public, and
        // `connect ECONNREFUSED 127.0.0.1:<port>` would show anyone the network's layout.
        expect(res.body).toEqual({ status: 'error', message: DATABASE_UNAVAILABLE, statusCode: 503, details: { database: { status: 'down', message: DATABASE_DOWN }, redis: { status: 'not_configured' } } });
        expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|timeout/i);
        // Not ready, but alive: the liveness check touches no dependency.
        const ready = await t.http.get('/api/health/ready').expect(503);
        expect(ready.body).toMatchObject({ status: 'error', message: DATABASE_UNAVAILABLE, statusCode: 503 });
        expect(ready.body.details.database).toEqual({ status: 'down', message: DATABASE_DOWN });
        expect(ready.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
        expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
      } finally {
        driver.master = real;
        await dead.end();
      }
      await t.http.get('/api/health').expect(200);
    });
  });

  (redis ? describe : describe.skip)('with a Redis that answers', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ redisUrl: redis!.url, redisPrefix: `gundem-health-${randomBytes(4).toString('hex')}` });
    });
    afterAll(async () => {
      await t.close();
      await redis!.stop();
    });

    it('is ok and reports Redis up after a PING', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.details.database.status).toBe('up');
      expect(res.body.details.redis).toEqual({ status: 'up', responseTime: expect.any(Number) });
    });

    it('is ready', async () => {
      const res = await t.http.get('/api/health/ready').expect(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.details.redis).toEqual({ status: 'up', responseTime: expect.any(Number) });
    });
  });

  describe('with REDIS_URL pointing at a Redis that is down', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
    });
    afterAll(async () => {
      await t.close();
    });

    it('stays 200 (the API serves without Redis) but says degraded and that Redis is down', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.details.database.status).toBe('up');
      // The cause (a refused connection to 127.0.0.1:<port>, "reconnecting") stays in the server's log.
      expect(res.body.details.redis).toEqual({ status: 'down', message: REDIS_DOWN });
      expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|bağlantı yok|reconnecting/i);
    });

    it('is not ready (503 with the Turkish text): a node without its Redis misses the other nodes\' events; still live', async () => {
      const res = await t.http.get('/api/health/ready').expect(503);
      expect(res.body).toMatchObject({ status: 'error', message: REDIS_UNAVAILABLE, statusCode: 503 });
      expect(res.body.details.database.status).toBe('up');
      expect(res.body.details.redis).toEqual({ status: 'down', message: REDIS_DOWN });
      expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    });
  });
});
