import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 13's live details in two browser contexts: a reply appears on the open post page
 * without a reload; the socket's offline pill; a message typed offline waits as "Gönderiliyor…"
 * and is stored exactly once when the connection returns.
 */
describe('live details journey', () => {
  let e2e: E2E;
  let a: Page;
  let aContext: BrowserContext;
  let b: Page;
  /** A's live socket connections, through a proxy this test can cut (see goOffline). */
  const sockets = new Set<WebSocketRoute>();
  let offline = false;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: a, context: aContext } = await e2e.newPage());
    ({ page: b } = await e2e.newPage());
    // context.setOffline stops HTTP, but Chromium keeps an open WebSocket going: A's socket
    // connections pass through this proxy so that going offline really drops them, and a
    // reconnect attempt fails as it would without a network.
    await aContext.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (offline) {
        void ws.close({ code: 1006 }).catch(() => undefined);
        return;
      }
      ws.connectToServer();
      sockets.add(ws);
      ws.onClose(() => sockets.delete(ws));
    });
    await e2e.signIn(a, DEMO.admin);
    await e2e.signIn(b, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function goOffline() {
    offline = true;
    await aContext.setOffline(true);
    for (const ws of [...sockets]) await ws.close({ code: 1006 }).catch(() => undefined);
  }

  async function goOnline() {
    offline = false;
    await aContext.setOffline(false);
  }

  it("A's open post page shows B's reply without reloading", () =>
    withScreenshots('live-reply', [a, b], async () => {
      const adminToken = await e2e.token(DEMO.admin);
      const created = await e2e.api<{ post: { _id: string } }>('/api/posts', {
        body: { content: 'Canlı yanıt bekleyen gönderi' },
        token: adminToken,
      });
      expect(created.status).toBe(201);
      const postId = created.body.post._id;

      await a.goto(`/post/${postId}`);
      await a.getByText('Canlı yanıt bekleyen gönderi').first().waitFor();
      const replies = a.getByRole('region', { name: 'Yanıtlar' });
      await replies.getByText('Henüz yanıt yok').waitFor();

      await b.goto(`/post/${postId}`);
      const box = b.getByRole('textbox', { name: 'Yanıt metni' });
      await box.fill('B’den canlı yanıt');
      await b.getByRole('form', { name: 'Yanıt metni' }).getByRole('button', { name: 'Yanıtla' }).click();
      await b.getByRole('region', { name: 'Yanıtlar' }).getByText('B’den canlı yanıt').waitFor();

      await replies.getByText('B’den canlı yanıt').waitFor({ timeout: 10_000 });
      expect(await replies.getByRole('article').count()).toBe(1);
    }));

  it('A offline: the pill shows, a message waits as "Gönderiliyor…" and is delivered once when A is back', () =>
    withScreenshots('live-offline-message', [a, b], async () => {
      const ayse = await e2e.api<{ user: { id: string } }>('/api/users/profile/ayse');
      const ayseToken = await e2e.token(DEMO.ayse);
      const text = `Çevrimdışı yazılan mesaj ${Date.now()}`;

      await a.goto('/messages?user=ayse');
      const box = a.getByRole('textbox', { name: 'Mesaj' });
      await box.waitFor();
      // The pill's region is mounted once the socket has connected.
      const status = a.getByTestId('socket-status');
      await status.waitFor({ state: 'attached', timeout: 10_000 });
      expect(await status.getAttribute('role')).toBe('status');
      expect((await status.innerText()).trim()).toBe('');

      await goOffline();
      await status.getByText('Bağlantı koptu, yeniden bağlanılıyor…').waitFor({ timeout: 15_000 });

      await box.fill(text);
      await box.press('Enter');
      const pending = a.locator('[data-pending="true"]').filter({ hasText: text });
      await pending.getByText('Gönderiliyor…').waitFor();
      expect(await box.inputValue()).toBe('');
      // Nothing reached the server.
      const before = await e2e.api<{ messages: { text: string }[] }>(`/api/messages/conversation/${ayse.body.user.id}`, { token: await e2e.token(DEMO.admin) });
      expect(before.body.messages.filter((m) => m.text === text)).toHaveLength(0);

      await goOnline();
      await pending.waitFor({ state: 'detached', timeout: 30_000 });
      await a.getByTestId('message').filter({ hasText: text }).first().waitFor();
      expect(await a.getByTestId('message').filter({ hasText: text }).count()).toBe(1);

      // Stored exactly once: B's side of the conversation, through the API and on B's screen.
      const admin = await e2e.api<{ user: { id: string } }>('/api/users/profile/admin');
      const seen = await e2e.api<{ messages: { text: string }[] }>(`/api/messages/conversation/${admin.body.user.id}`, { token: ayseToken });
      expect(seen.status).toBe(200);
      expect(seen.body.messages.filter((m) => m.text === text)).toHaveLength(1);
      await b.goto('/messages?user=admin');
      // The message itself, not just its text: the conversation list's preview shows the text
      // before the chat pane has its messages (a loaded host counted 0 there).
      await b.getByTestId('message').filter({ hasText: text }).first().waitFor();
      expect(await b.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    }));
});
