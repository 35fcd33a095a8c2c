import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * The SPA's socket in a real Chromium: it ends with the session (the tab is signed out as on a
 * 401, without reloading), and a page of another site cannot open one (cross-site WebSocket
 * hijacking).
 */
describe('the SPA’s socket and the session', () => {
  let e2e: E2E;
  let page: Page;
  let foreignSite: Server;
  let foreignUrl: string;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    foreignSite = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>başka site</title>'));
    await new Promise<void>((resolve) => foreignSite.listen(0, '127.0.0.1', resolve));
    foreignUrl = `http://127.0.0.1:${(foreignSite.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => foreignSite?.close(resolve));
    await e2e?.close();
  });

  const sidebar = () => page.locator('aside.left-sidebar');

  it('a tab whose password is reset elsewhere is signed out by its socket, without reloading', () =>
    withScreenshots('socket-session-reset', [page], async () => {
      await e2e.signIn(page, DEMO.moderator);
      // Every frame the tab's sockets receive, collected from the moment each socket opens: the
      // CONNECT answer can arrive before any later listener would be attached.
      const frames: string[] = [];
      page.on('websocket', (ws) => {
        if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
      });
      const received = async (predicate: (payload: string) => boolean, after = 0) => {
        for (let waited = 0; !frames.slice(after).some(predicate); waited += 50) {
          if (waited > 10_000) throw new Error(`no such socket frame within 10 s; received: ${frames.join(' | ')}`);
          await page.waitForTimeout(50);
        }
      };
      await page.goto('/');
      await sidebar().getByText('@moderator').waitFor();
      // Socket.IO's CONNECT answer ("40{sid}"): the tab is connected and signed in.
      await received((payload) => payload.startsWith('40'));
      const before = frames.length;

      // Someone with the mailbox resets the password (another device: the API, not this tab).
      expect((await e2e.api('/api/auth/forgot-password', { body: { email: DEMO.moderator.email } })).status).toBe(200);
      let mail = '';
      for (let i = 0; i < 50 && !mail; i++) {
        try {
          mail = e2e.mailTo(DEMO.moderator.email, 'reset-password');
        } catch {
          await page.waitForTimeout(100);
        }
      }
      const link = new URL(/https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+&email=[^\s"<]+/.exec(mail)![0]);
      const reset = await e2e.api('/api/auth/reset-password', {
        body: { email: DEMO.moderator.email, token: link.searchParams.get('token'), newPassword: 'yeni-sifre-9' },
      });
      expect(reset.status).toBe(200);

      // The server ends the socket (DISCONNECT "41"); the tab asks again, is refused, and signs out.
      await received((payload) => payload === '41', before);
      await sidebar().getByRole('button', { name: 'Giriş Yap' }).waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem('gundem_token'))).toBeNull();
    }));

  it('a page of another site cannot open a socket; the SPA’s own page can', async () => {
    const socketUrl = `${e2e.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const tryOpen = (target: Page) =>
      target.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onopen = () => {
              ws.close();
              resolve('open');
            };
            ws.onerror = () => resolve('error');
          }),
        socketUrl,
      );
    const { page: foreign } = await e2e.newPage();
    await foreign.goto(foreignUrl);
    expect(await tryOpen(foreign)).toBe('error');
    await page.goto('/');
    expect(await tryOpen(page)).toBe('open');
  });
});
