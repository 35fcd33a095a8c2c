import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { type RunningServer, startServer } from '../support/server';

/**
 * What `npm install && npm start` gives a newcomer: the built server on the embedded database,
 * migrated and seeded, serving the SPA, the API and the demo login on one port.
 */
describe('built server on the embedded database', () => {
  let server: RunningServer;
  beforeAll(async () => {
    buildIfNeeded();
    server = await startServer({ DATABASE_URL: undefined, SEED_DEMO: undefined, REDIS_URL: undefined });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints the URL and the demo accounts in its start banner', () => {
    expect(server.output()).toContain('admin@gundem.local');
    expect(server.output()).toContain('moderator@gundem.local');
    expect(server.output()).toContain('ayse@gundem.local');
  });

  it('serves the SPA at / and at deep links', async () => {
    for (const path of ['/', '/profile/ayse', '/admin/users']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="tr"');
      expect(html).toContain('Gündemimi Takip Et! Gündem Oluştur');
    }
  });

  it('answers the health check', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('logs in with a demo account and reads /api/auth/me', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'ayse@gundem.local', password: 'gundem123' }),
    });
    expect(login.status).toBe(200);
    const { token, user } = await login.json();
    expect(user.username).toBe('ayse');
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).user.email).toBe('ayse@gundem.local');
  });

  it('answers unknown API paths with JSON, not the SPA', async () => {
    const res = await fetch(`${server.url}/api/bilinmeyen`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'İstenen kaynak bulunamadı.', statusCode: 404 });
  });

  it('stops cleanly on SIGINT and keeps the database across a restart without seeding again', async () => {
    const dataDir = server.dataDir;
    const pgDir = join(dataDir, 'postgres');
    expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(true);
    expect(server.output()).toContain('demo verisi eklendi');
    expect(await server.stop({ keepData: true })).toBe(0);
    expect(server.output()).toContain('SIGINT alındı');
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(false);

    server = await startServer({ DATABASE_URL: undefined, SEED_DEMO: undefined, REDIS_URL: undefined }, { dataDir });
    expect(server.output()).not.toContain('demo verisi eklendi');
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'gundem123' }),
    });
    expect(login.status).toBe(200);
  });
});
