import type { Request } from 'playwright-core';
import { DEMO, type E2E, startE2E, waitForHydration } from './harness';

/**
 * A member's `/` in Chromium (issue 13): after a login through the form, the server's home-page
 * cookie (HttpOnly) makes `/` carry the member's account and first timeline page, so the member's
 * screen and feed render without the session check or the timeline request after the script;
 * the server renders that screen and the app hydrates it; logging out removes the cookie, and `/`
 * is a guest's again.
 */
describe('a member’s / from the server', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('renders the member’s screen and feed from the page itself, and forgets them at logout', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/');
    const nav = page.locator('aside.left-sidebar');
    await nav.getByRole('button', { name: 'Giriş Yap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
    await dialog.getByLabel('E-posta').fill(DEMO.ayse.email);
    await dialog.getByLabel('Şifre').fill(DEMO.ayse.password);
    await dialog.getByRole('button', { name: 'Giriş Yap' }).click();
    await dialog.waitFor({ state: 'detached' });
    await nav.getByText('@ayse').waitFor();

    const cookie = (await context.cookies()).find((c) => c.name === 'gundem_home');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // No script of the page can read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('gundem_home');

    const lines: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') lines.push(`[${m.type()}] ${m.text()}`);
    });
    page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const reloaded = await page.reload();
    // The server rendered the member's screen (entry-server.tsx renderMemberHome) and the app
    // hydrated it: no markup thrown away, nothing logged.
    const served = await reloaded!.text();
    expect(served).toContain('data-ssr="member"');
    expect(served).toContain('@ayse');
    await waitForHydration(page);
    await nav.getByText('@ayse').waitFor();
    await page.getByRole('tabpanel').getByRole('article').first().waitFor();
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('member');
    // Neither the session check nor the feed's first page was asked for (the ranked `Size özel`'s
    // next pages, with a cursor, come as its short pages scroll by: issue 26).
    const firstReads = requests.map((r) => new URL(r.url())).filter((url) => url.pathname.startsWith('/api/') && !url.searchParams.has('cursor'));
    const api = firstReads.map((url) => url.pathname);
    expect(api.filter((path) => path === '/api/auth/me' || path.startsWith('/api/posts/timeline'))).toEqual([]);
    // The block was taken out of the document once read.
    expect(await page.locator('#gundem-member-state').count()).toBe(0);
    // The member's screen works: the compose box is there and a post goes out.
    await page.getByRole('textbox', { name: 'Gönderi metni' }).fill('Sayfadan gelen oturumla gönderi');
    await page.getByRole('button', { name: 'Gönder', exact: true }).click();
    await page.getByRole('tabpanel').getByText('Sayfadan gelen oturumla gönderi').first().waitFor();
    expect(lines).toEqual([]);

    // Without JavaScript the member's screen and feed are there all the same.
    const still = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.url, locale: 'tr-TR', viewport: { width: 1280, height: 900 } });
    try {
      await still.addCookies(await context.cookies());
      const plain = await still.newPage();
      await plain.goto('/');
      expect(await plain.locator('#root').getAttribute('data-ssr')).toBe('member');
      await plain.locator('aside.left-sidebar').getByText('@ayse').waitFor();
      await plain.getByText('Sayfadan gelen oturumla gönderi').first().waitFor();
      expect(await plain.getByRole('tab', { name: 'Size özel' }).getAttribute('aria-selected')).toBe('true');
    } finally {
      await still.close();
    }

    // A member who chose Takip edilenler gets their page without the other tab painted first.
    await page.getByRole('tab', { name: 'Takip edilenler', exact: true }).click();
    expect((await context.cookies()).find((c) => c.name === 'gundem_home_feed')?.value).toBe('following');
    const following = await page.reload();
    expect(await following!.text()).not.toContain('data-ssr');
    await page.getByRole('tabpanel').getByRole('article').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Takip edilenler', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Size özel', exact: true }).click();
    expect((await context.cookies()).some((c) => c.name === 'gundem_home_feed')).toBe(false);
    expect(lines).toEqual([]);

    await nav.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.getByRole('dialog', { name: 'Çıkış yapılsın mı?' }).getByRole('button', { name: 'Çıkış Yap' }).click();
    await nav.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    // The logout request is sent without waiting for it (keepalive).
    for (let i = 0; i < 50 && (await context.cookies()).some((c) => c.name === 'gundem_home'); i++) await page.waitForTimeout(100);
    expect((await context.cookies()).some((c) => c.name === 'gundem_home')).toBe(false);

    const html = await (await page.request.get('/', { headers: { 'accept-encoding': 'identity' } })).text();
    expect(html).not.toContain('gundem-member-state');
    expect(html).toContain('gundem-first-page');
    await page.reload();
    await nav.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    expect(await nav.getByText('@ayse').count()).toBe(0);
  });
});
