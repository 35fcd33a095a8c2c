import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

const PRODUCT_TITLE = 'Gündemimi Takip Et! Gündem Oluştur';

/**
 * Issue 14's journey: B (the admin) likes Ayşe's post and mentions her; Ayşe's badge, title and
 * Bildirimler list follow live in her two tabs, and marking all read clears the other tab too.
 * Then B messages her: the Mesajlar badge rises in both tabs and opening the conversation in one
 * clears the other.
 */
describe('notifications journey', () => {
  let e2e: E2E;
  let a1: Page;
  let a2: Page;
  let b: Page;
  let postId: string;
  const text = `Bildirim yolculuğu ${Date.now()} #e2e`;

  beforeAll(async () => {
    e2e = await startE2E();
    const ayse = await e2e.newPage();
    a1 = ayse.page;
    await e2e.signIn(a1, DEMO.ayse);
    // Ayşe's second tab: the same browser, the same session.
    a2 = await ayse.context.newPage();
    ({ page: b } = await e2e.newPage());
    await e2e.signIn(b, DEMO.admin);

    const token = await e2e.token(DEMO.ayse);
    const created = await e2e.api<{ post: { _id: string } }>('/api/posts', { token, body: { content: text } });
    expect(created.status).toBe(201);
    postId = created.body.post._id;
    // Start from nothing unread, whatever the demo data left.
    expect((await e2e.api('/api/notifications/read-all', { method: 'POST', token })).status).toBe(200);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The visible badge on a sidebar entry (Bildirimler unless told), or null when there is none. */
  const badgeSelector = (href: string) => `aside.left-sidebar a[href="${href}"] [data-testid="nav-badge"] [aria-hidden="true"]`;
  const sidebarBadge = (page: Page, href = '/notifications') =>
    page.evaluate((selector) => document.querySelector(selector)?.textContent ?? null, badgeSelector(href));
  const waitForBadge = (page: Page, shown: string | null, href = '/notifications') =>
    page.waitForFunction(
      ([selector, want]) => (document.querySelector(selector!)?.textContent ?? null) === want,
      [badgeSelector(href), shown] as const,
      { timeout: 10_000 },
    );
  const waitForTitle = (page: Page, title: string) =>
    page.waitForFunction((want) => document.title === want, title, { timeout: 10_000 });

  it('B likes and mentions A: A\'s badge and title follow live; opening Bildirimler clears them in both tabs', () =>
    withScreenshots('notifications-journey', [a1, a2, b], async () => {
      await a1.goto('/');
      await a1.getByText(text).first().waitFor();
      await a2.goto('/');
      await a2.getByText(text).first().waitFor();
      expect(await sidebarBadge(a2)).toBeNull();
      expect(await a2.title()).toBe(PRODUCT_TITLE);

      // B likes the post on its page.
      await b.goto(`/post/${postId}`);
      await b.getByRole('article').filter({ hasText: text }).first().getByRole('button', { name: 'Beğen' }).click();

      await waitForBadge(a1, '1');
      await waitForBadge(a2, '1');
      await waitForTitle(a2, `(1) ${PRODUCT_TITLE}`);

      // A opens Bildirimler in the first tab: its badge clears (as on X), and the second tab's too.
      await a1.locator('aside.left-sidebar a[href="/notifications"]').click();
      // (The demo data may have left older, read notifications below.)
      const like = a1.getByTestId('notification').filter({ hasText: 'Bildirim yolculuğu' });
      await like.waitFor({ timeout: 10_000 });
      expect(await like.innerText()).toMatch(/gündem Yönetici\s+gönderinizi beğendi/);
      await waitForBadge(a1, null);
      await waitForTitle(a1, 'Bildirimler / gündem');
      await waitForBadge(a2, null);
      await waitForTitle(a2, PRODUCT_TITLE);

      // B mentions A through the @ suggestions: `@ay`, then Enter inserts `@ayse `.
      await b.goto('/');
      const compose = b.getByRole('textbox', { name: 'Gönderi metni' });
      await compose.click();
      await compose.pressSequentially('Selam @ay', { delay: 30 });
      const option = b.getByRole('option', { name: /@ayse/ });
      await option.waitFor({ timeout: 10_000 });
      expect(await compose.getAttribute('aria-activedescendant')).toBeTruthy();
      await compose.press('Enter');
      expect(await compose.inputValue()).toBe('Selam @ayse ');
      await compose.pressSequentially('bunu gördün mü?');
      await b.getByRole('button', { name: 'Gönder', exact: true }).click();
      // B's own card links the mention to the profile.
      const mentionLink = b.getByRole('article').filter({ hasText: 'bunu gördün mü?' }).first().getByRole('link', { name: '@ayse' });
      await mentionLink.waitFor({ timeout: 10_000 });
      expect(await mentionLink.getAttribute('href')).toBe('/profile/ayse');

      const mention = a1.getByTestId('notification').filter({ hasText: 'bunu gördün mü?' });
      await mention.waitFor({ timeout: 10_000 });
      // Newest on top, without a reload.
      const items = a1.getByTestId('notification');
      expect(await items.nth(0).innerText()).toMatch(/gündem Yönetici\s+bir gönderide sizden bahsetti/);
      expect(await items.nth(1).innerText()).toContain('Bildirim yolculuğu');
      // Arrived while Bildirimler is open: read at once, so no badge in either tab.
      await a1.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="notification"]')].every((el) => el.getAttribute('data-read') === 'true'),
        undefined,
        { timeout: 10_000 },
      );
      await waitForBadge(a2, null);
      await waitForTitle(a2, PRODUCT_TITLE);
      await waitForTitle(a1, 'Bildirimler / gündem');

      // After a reload the count comes from the server: still nothing unread.
      await a2.reload();
      await a2.getByText(text).first().waitFor();
      expect(await sidebarBadge(a2)).toBeNull();

      // The mention opens B's post.
      await mention.click();
      await a1.waitForURL(/\/post\//);
      await a1.getByText('bunu gördün mü?').first().waitFor();
    }));

  it('B messages A: the Mesajlar badge rises in both of A\'s tabs; opening the conversation in one clears the other', () =>
    withScreenshots('messages-badge-journey', [a1, a2, b], async () => {
      await a1.goto('/explore');
      await a2.goto('/');
      await a1.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 10_000 });
      await a2.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 10_000 });
      expect(await sidebarBadge(a2, '/messages')).toBeNull();

      await b.goto('/messages?user=ayse');
      const box = b.getByRole('textbox', { name: 'Mesaj' });
      for (const text of ['Ayşe, orada mısın?', 'Bir şey soracağım.']) {
        await box.fill(text);
        await box.press('Enter');
        await b.getByTestId('message').filter({ hasText: text }).waitFor({ timeout: 10_000 });
      }
      await waitForBadge(a1, '2', '/messages');
      await waitForBadge(a2, '2', '/messages');
      const names = await a2.locator('aside.left-sidebar a[href="/messages"]').evaluateAll((links) => links.map((link) => link.textContent));
      // The badge's text alternative is part of the link's text (the digits themselves are aria-hidden).
      expect(names).toEqual([expect.stringContaining('2 okunmamış mesaj')]);

      // A opens the conversation in the first tab: read on every device.
      await a1.goto('/messages?user=admin');
      await a1.getByTestId('message').filter({ hasText: 'Bir şey soracağım.' }).waitFor({ timeout: 10_000 });
      await waitForBadge(a1, null, '/messages');
      await waitForBadge(a2, null, '/messages');
      // B sees that A read it.
      await b.getByTestId('message').filter({ hasText: 'Bir şey soracağım.' }).getByTestId('seen').waitFor({ timeout: 10_000 });
    }));

  it('A takes mentions only from accounts she follows: kept on the server, so another device shows it too', () =>
    withScreenshots('mentions-from-following', [a1], async () => {
      const name = 'Yalnızca takip ettiklerimden bahsetmeler';
      await a1.goto('/settings');
      const toggle = a1.getByRole('switch', { name });
      await a1.waitForFunction((label) => {
        const input = [...document.querySelectorAll<HTMLInputElement>('input[role="switch"]')].find((el) => el.labels?.[0]?.textContent === label);
        return input instanceof HTMLInputElement && !input.disabled;
      }, name);
      expect(await toggle.isChecked()).toBe(false);
      // By keyboard, as any switch.
      const saved = a1.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT' && r.ok());
      await toggle.focus();
      await a1.keyboard.press('Space');
      await saved;
      // Another browser (no shared local storage) shows the server's value.
      const other = await e2e.newPage();
      await e2e.signIn(other.page, DEMO.ayse);
      const loaded = other.page.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'GET' && r.ok());
      await other.page.goto('/settings');
      await loaded;
      await other.page.waitForFunction((label) => {
        const input = [...document.querySelectorAll<HTMLInputElement>('input[role="switch"]')].find((el) => el.labels?.[0]?.textContent === label);
        return input instanceof HTMLInputElement && !input.disabled && input.checked;
      }, name);
      const token = await e2e.token(DEMO.ayse);
      expect((await e2e.api('/api/notifications/preferences', { token })).body).toEqual({ mentionsFrom: 'following' });
      // Back to everyone for the other journeys on this database.
      expect((await e2e.api('/api/notifications/preferences', { method: 'PUT', token, body: { mentionsFrom: 'everyone' } })).status).toBe(200);
      await other.context.close();
    }));
});
