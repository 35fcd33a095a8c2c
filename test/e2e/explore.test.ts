import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 26's real Explore in Chromium: the Gündem tab lists the real 7-day trends, server-rendered
 * for a guest, each opening its hashtag page with the tag's posts; the suggested accounts' follow
 * buttons follow (and the followed account leaves the suggestions); the hashtag page passes axe,
 * fits 390 px and is reached by keyboard.
 */
describe('real explore and hashtag page journey', () => {
  let e2e: E2E;
  let adminToken: string;
  const tag = `keşif${Date.now().toString(36)}`;
  const contents = [1, 2, 3].map((n) => `Keşfet yolculuğu ${n}. gönderi #${tag}`);

  /** Until `check` holds: a real condition asked again, never a fixed sleep. */
  async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the condition never held');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  beforeAll(async () => {
    e2e = await startE2E();
    adminToken = await e2e.token(DEMO.admin);
    for (const content of contents) {
      const res = await e2e.api('/api/posts', { body: { content }, token: adminToken });
      expect(res.status).toBe(201);
    }
    // The ranking is recomputed once a minute; a hide and its undo (trend review) recompute it at once.
    const hide = await e2e.api('/api/admin/trends/hidden/yolculukicin', { method: 'PUT', token: adminToken });
    expect(hide.status).toBe(200);
    expect((await e2e.api('/api/admin/trends/hidden/yolculukicin', { method: 'DELETE', token: adminToken })).status).toBe(200);
    await until(async () => {
      const res = await e2e.api<{ trends: { hashtag: string }[] }>('/api/trending/hashtags?limit=10');
      return res.body.trends.some((trend) => trend.hashtag === tag);
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a guest’s server-rendered Explore lists the real trend; the trend opens its hashtag page with its posts; axe passes', async () => {
    const { page } = await e2e.newPage();
    await withScreenshots('explore-trend', [page], async () => {
      // The server's HTML itself carries the trend (refreshed with the trends within seconds).
      await until(async () => (await (await fetch(`${e2e.url}/explore`)).text()).includes(`href="/hashtag/${tag}"`));
      await page.goto('/explore');
      const trends = page.getByTestId('explore-trends');
      const link = trends.getByRole('link', { name: new RegExp(`#${tag}`) });
      await link.waitFor({ timeout: 10_000 });
      expect(await link.textContent()).toContain('3 gönderi');
      // The SPEC's sample topics are only the fallback.
      expect(await trends.getByText('#yapayzeka').count()).toBe(0);
      expect(describeViolations(await runAxe(page))).toEqual([]);

      await link.click();
      await page.waitForURL(new RegExp(`/hashtag/${encodeURIComponent(tag)}$`));
      await page.getByRole('heading', { level: 1, name: `#${tag}` }).waitFor();
      for (const content of contents) await page.getByText(content).waitFor({ timeout: 10_000 });
      expect(await page.title()).toBe(`#${tag} / gündem`);
      expect(describeViolations(await runAxe(page))).toEqual([]);
    });
  });

  it('reaches the hashtag page by keyboard at 390 px, which fits and passes axe', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('explore-keyboard', [page], async () => {
      await page.goto('/explore');
      const link = page.getByTestId('explore-trends').getByRole('link', { name: new RegExp(`#${tag}`) });
      await link.waitFor({ timeout: 10_000 });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/hashtag/${encodeURIComponent(tag)}$`));
      await page.getByText(contents[2]).waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(describeViolations(await runAxe(page))).toEqual([]);
      // A hashtag in a post's text opens the same page.
      await page.getByRole('link', { name: `#${tag}` }).first().waitFor();
      expect(await page.getByRole('link', { name: `#${tag}` }).first().getAttribute('href')).toBe(`/hashtag/${tag}`);
    });
  });

  it('a member follows a suggested account from Explore; it leaves the suggestions', async () => {
    // A new member follows nobody yet (the demo accounts all follow each other).
    const newcomer = { username: 'kesifci', displayName: 'Keşifçi Deniz', email: 'kesifci@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: newcomer })).status).toBe(201);
    const { page } = await e2e.newPage();
    await withScreenshots('explore-follow', [page], async () => {
      await e2e.signIn(page, newcomer);
      const memberToken = await e2e.token(newcomer);
      await page.goto('/explore');
      const suggested = page.getByTestId('suggested-accounts');
      const row = suggested.getByRole('listitem').first();
      await row.getByRole('button', { name: 'Takip et' }).waitFor({ timeout: 30_000 });
      const profileHref = await row.getByRole('link').first().getAttribute('href');
      const username = decodeURIComponent(profileHref!.replace('/profile/', ''));
      await row.getByRole('button', { name: 'Takip et' }).click();
      await row.getByRole('button', { name: /Takip ediliyor|Takibi bırak/ }).waitFor({ timeout: 10_000 });
      // The server has the follow: the account is no longer suggested to her.
      await until(async () => {
        const res = await e2e.api<{ users: { username: string }[] }>('/api/trending/users?limit=20', { token: memberToken });
        return !res.body.users.some((user) => user.username === username);
      });
      await page.reload();
      await suggested.getByRole('listitem').first().waitFor({ timeout: 10_000 });
      expect(await suggested.locator(`a[href="${profileHref}"]`).count()).toBe(0);
    });
  });
});
