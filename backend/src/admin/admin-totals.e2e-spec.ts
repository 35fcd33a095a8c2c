import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';
import { EXACT_COUNT_LIMIT } from './admin.repository';
import { PAGE_TOO_DEEP } from './admin.texts';
import { MAX_OFFSET } from './dto/admin-page-query.dto';

/**
 * Totals of the back-office at a size where exact counts would scan: estimated (and said so)
 * above the limits, exact below them; pages deeper than MAX_OFFSET are refused.
 */
describe('back-office totals at scale (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  const MANY = EXACT_COUNT_LIMIT + 5_000;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    // Set-based: one INSERT of thousands of accounts (argon2 per account would take minutes).
    await t.fill(async (fill) => {
      await fill.query(
        `INSERT INTO users (username, display_name, email, password_hash, created_at)
         SELECT 'toplu' || n, 'Toplu Üye ' || n, 'toplu' || n || '@test.gundem', 'x', now() - n * interval '1 second'
           FROM generate_series(1, $1::int) AS n`,
        [MANY],
      );
      await fill.query('ANALYZE users');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (path: string, status = 200) => (await t.http.get(path).set('authorization', `Bearer ${await t.tokenFor(admin)}`).expect(status)).body;

  it('estimates a big table total, says so, and offers only the pages it can serve', async () => {
    const body = await get('/api/admin/users');
    expect(body.pagination.estimated).toBe(true);
    expect(body.pagination.total).toBeGreaterThan(MANY * 0.9);
    expect(body.pagination.total).toBeLessThan(MANY * 1.1);
    expect(body.pagination.pages).toBe(MAX_OFFSET / 10 + 1);
    expect(body.users).toHaveLength(10);
    const dashboard = await get('/api/admin/dashboard');
    expect(dashboard.statistics.estimated).toBe(true);
    expect(dashboard.statistics.users.admins).toBe(1);
    expect(dashboard.statistics.users.total).toBeGreaterThan(MANY * 0.9);
  });

  it('counts a narrow search exactly and estimates a search matching thousands', async () => {
    const narrow = await get(`/api/admin/users?search=${encodeURIComponent('toplu üye 1234')}`);
    // 1234 and 12340–12349: eleven accounts, counted exactly.
    expect(narrow.pagination).toEqual({ page: 1, limit: 10, total: 11, pages: 2, estimated: false });
    const wide = await get('/api/admin/users?search=toplu');
    expect(wide.pagination.estimated).toBe(true);
    expect(wide.pagination.total).toBeGreaterThan(1_000);
  });

  it('refuses a page starting beyond MAX_OFFSET with a Turkish 400 and serves the last one allowed', async () => {
    const last = MAX_OFFSET / 10 + 1;
    expect((await get(`/api/admin/users?page=${last}`)).users).toHaveLength(10);
    expect(await get(`/api/admin/users?page=${last + 1}`, 400)).toEqual({ message: PAGE_TOO_DEEP, statusCode: 400 });
    expect(await get(`/api/admin/posts?page=${MAX_OFFSET / 20 + 2}`, 400)).toEqual({ message: PAGE_TOO_DEEP, statusCode: 400 });
  });
});
