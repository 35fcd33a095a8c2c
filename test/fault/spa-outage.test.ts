import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from '../e2e/harness';
import { OwnPostgres } from './own-postgres';

/**
 * The SPA in real Chromium across a database restart: a signed-in member who opens the site
 * while PostgreSQL is down keeps the stored token and sees the connection banner; once the
 * database is back the signed-in interface returns on its own, without a new login.
 */
describe('SPA across a PostgreSQL restart (Chromium)', () => {
  let pg: OwnPostgres;
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    pg = await OwnPostgres.start();
    // The demo accounts are seeded into this server's database, which the test can stop.
    e2e = await startE2E({ DATABASE_URL: pg.url(), SEED_DEMO: 'true', RATE_LIMIT_ENABLED: 'false' });
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.close();
    await pg?.destroy();
  });

  it('keeps the session, shows "Bağlantı yok, yeniden deneniyor…" and signs back in by itself', () =>
    withScreenshots('spa-outage', [page], async () => {
      await e2e.signIn(page, DEMO.ayse);
      const token = await page.evaluate(() => localStorage.getItem('gundem_token'));
      expect(token).toBeTruthy();

      await pg.stop();
      try {
        // A fresh page load checks the stored token while the database is down.
        await page.reload();
        const banner = page.getByRole('status').filter({ hasText: 'Bağlantı yok, yeniden deneniyor…' });
        await banner.waitFor({ timeout: 10_000 });
        // The guest interface is not shown and the token is still there.
        expect(await page.locator('aside.left-sidebar').count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBe(token);
      } finally {
        await pg.restart();
      }

      // The retries (1, 2, 4 … s) reach the server again: signed in with the same token.
      await page.locator('aside.left-sidebar').getByText('@ayse').waitFor({ timeout: 30_000 });
      expect(await page.getByText('Bağlantı yok, yeniden deneniyor…').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBe(token);
    }));
});
