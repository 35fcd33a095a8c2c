import type { Page } from 'playwright-core';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/**
 * Issue 15: the `Takip edilenler` tab. A follows B in the UI; B posts in another browser context;
 * the post reaches A's open `Takip edilenler` through its pill, without a reload; A's tab choice
 * survives a reload.
 */
describe('following feed journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;
  const selma = { username: 'selma', displayName: 'Selma Aydın', email: 'selma@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    // Someone ayse does not follow yet.
    expect((await e2e.api('/api/auth/register', { body: selma })).status).toBe(201);
    ({ page: a } = await e2e.newPage());
    ({ page: b } = await e2e.newPage());
    await e2e.signIn(a, DEMO.ayse);
    await e2e.signIn(b, { email: selma.email, password: selma.password });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

  it('A follows B, opens Takip edilenler, and B’s new post arrives behind the pill; the tab survives a reload', () =>
    withScreenshots('following-feed', [a, b], async () => {
      await a.goto('/profile/selma');
      // The profile's own button: the side column's "Kimi takip etmeli" may suggest Selma too.
      const profile = a.getByRole('region', { name: selma.displayName, exact: true });
      await profile.getByRole('button', { name: 'Takip et', exact: true }).click();
      await profile.getByRole('button', { name: /Takip ediliyor/ }).waitFor();

      await a.goto('/');
      expect(await tab(a, 'Size özel').getAttribute('aria-selected')).toBe('true');
      await tab(a, 'Takip edilenler').click();
      expect(await tab(a, 'Takip edilenler').getAttribute('aria-selected')).toBe('true');
      // Ayşe's own demo posts are in her following feed.
      await a.getByRole('tabpanel').getByRole('article').first().waitFor();

      await b.goto('/');
      await b.getByRole('textbox', { name: 'Gönderi metni' }).fill('Takip edenlere canlı selam');
      await b.getByRole('button', { name: 'Gönder', exact: true }).click();
      await b.getByText('Takip edenlere canlı selam').first().waitFor();

      const pill = a.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 5_000 });
      expect(await a.getByText('Takip edenlere canlı selam').count()).toBe(0);
      await pill.click();
      await a.getByRole('tabpanel').getByText('Takip edenlere canlı selam').first().waitFor();

      await a.reload();
      await a.getByRole('tabpanel').getByText('Takip edenlere canlı selam').first().waitFor();
      expect(await tab(a, 'Takip edilenler').getAttribute('aria-selected')).toBe('true');
      await tab(a, 'Size özel').click();
      expect(await tab(a, 'Size özel').getAttribute('aria-selected')).toBe('true');
    }));

  it('a new member follows from Kimi takip etmeli: Takip edilenler shows that account’s posts without a reload, and its next post arrives live (issue 23)', async () => {
    const newcomer = { username: 'yeniuye', displayName: 'Yeni Üye', email: 'yeniuye@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: newcomer })).status).toBe(201);
    const { page: c } = await e2e.newPage();
    await withScreenshots('following-after-follow', [c], async () => {
      await e2e.signIn(c, { email: newcomer.email, password: newcomer.password });
      await c.goto('/');
      // The tab seen once while following nobody: its (empty) page is in the cache.
      await tab(c, 'Takip edilenler').click();
      const panel = c.getByRole('tabpanel');
      await panel.locator('.empty-state').waitFor();
      await tab(c, 'Size özel').click();
      await panel.getByRole('article').first().waitFor();

      const widget = c.getByRole('region', { name: 'Kimi takip etmeli' });
      const ayse = widget.getByRole('listitem').filter({ hasText: 'Ayşe Yılmaz' });
      await ayse.getByRole('button', { name: 'Takip et', exact: true }).click();
      await ayse.getByRole('button', { name: /Takip ediliyor|Takibi bırak/ }).waitFor();

      const loads = { count: 0 };
      c.on('framenavigated', (frame) => {
        if (frame === c.mainFrame()) loads.count += 1;
      });
      await tab(c, 'Takip edilenler').click();
      await panel.getByText('Günaydın gündem!').first().waitFor();
      expect(await panel.locator('.empty-state').count()).toBe(0);

      // Ayşe posts: it reaches the open tab live, behind the pill.
      const text = `Yeni takipçilere canlı merhaba ${Date.now()}`;
      expect((await e2e.api('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) })).status).toBe(201);
      const pill = c.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 5_000 });
      await pill.click();
      await panel.getByText(text).first().waitFor();
      // All of it without a page load.
      expect(loads.count).toBe(0);
    });
  });

  it('B reposts a post of someone A does not follow: it reaches A’s open Takip edilenler behind the pill, as “Selma Aydın yeniden paylaştı”', () =>
    withScreenshots('following-feed-repost', [a], async () => {
      const author = { username: 'kerem', displayName: 'Kerem Uzun', email: 'kerem@ornek.com', password: 'gizli123' };
      expect((await e2e.api('/api/auth/register', { body: author })).status).toBe(201);
      const text = `Paylaşılacak gönderi ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token({ email: author.email, password: author.password }) });
      expect(created.status).toBe(201);

      await a.goto('/');
      await tab(a, 'Takip edilenler').click();
      await a.getByRole('tabpanel').getByText('Takip edenlere canlı selam').first().waitFor();
      expect(await a.getByText(text).count()).toBe(0);

      const reposted = await e2e.api(`/api/posts/${created.body.post.id}/retweet`, { method: 'PUT', token: await e2e.token({ email: selma.email, password: selma.password }) });
      expect(reposted.status).toBe(200);
      const pill = a.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 5_000 });
      await pill.click();
      const item = a.getByRole('tabpanel').getByRole('article').filter({ hasText: text });
      await item.waitFor();
      expect((await item.getByTestId('reposted-by').textContent())?.replace(/\s+/g, ' ').trim()).toBe('Selma Aydın yeniden paylaştı');
    }));

  it('A blocks B from B’s post ⋯ menu: B’s posts disappear from both of A’s feeds, and B is in Engellenenler (issue 25)', () =>
    withScreenshots('following-block', [a], async () => {
      await a.goto('/');
      await tab(a, 'Size özel').click();
      const panel = a.getByRole('tabpanel');
      const post = panel.getByRole('article').filter({ hasText: 'Takip edenlere canlı selam' }).first();
      await post.waitFor();
      await postMenuButton(post).click();
      await a.getByRole('menuitem', { name: '@selma kullanıcısını engelle' }).click();
      const dialog = a.getByRole('dialog', { name: '@selma engellensin mi?' });
      await dialog.getByRole('button', { name: 'Engelle', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByText('Takip edenlere canlı selam').waitFor({ state: 'detached' });
      await tab(a, 'Takip edilenler').click();
      await a.getByRole('tabpanel').getByRole('article').first().waitFor();
      expect(await a.getByRole('tabpanel').getByText('Takip edenlere canlı selam').count()).toBe(0);
      await a.goto('/settings');
      await a.getByRole('list', { name: 'Engellenen hesaplar' }).getByText('Selma Aydın').waitFor();
    }));
});
