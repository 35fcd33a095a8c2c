import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 14's chat in two browser contexts: B types and A sees `yazıyor…` in the open
 * conversation, ended by B's message; A's message is read by B's open conversation and A sees
 * `Görüldü` under it, without a reload on either side.
 */
describe('chat journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    [a, b] = await e2e.signedInPair(DEMO.admin, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('B types → A sees yazıyor… until the message; B reads A’s message → A sees Görüldü', () =>
    withScreenshots('chat-typing-seen', [a, b], async () => {
      const stamp = Date.now();
      await a.goto('/messages?user=ayse');
      await b.goto('/messages?user=admin');
      const aBox = a.getByRole('textbox', { name: 'Mesaj' });
      const bBox = b.getByRole('textbox', { name: 'Mesaj' });
      await aBox.waitFor();
      await bBox.waitFor();
      // Both sockets are up once the offline pill's region is mounted.
      await a.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 10_000 });
      await b.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 10_000 });

      const aHeader = a.locator('.chat__header');
      await bBox.pressSequentially('Merhaba, bir saniye', { delay: 20 });
      await aHeader.getByText('yazıyor…').waitFor({ timeout: 10_000 });

      const fromB = `B’den mesaj ${stamp}`;
      await bBox.fill(fromB);
      await bBox.press('Enter');
      await a.getByTestId('message').filter({ hasText: fromB }).waitFor({ timeout: 10_000 });
      await aHeader.getByText('yazıyor…').waitFor({ state: 'detached', timeout: 10_000 });
      await aHeader.getByText('@ayse').waitFor();

      const fromA = `A’dan mesaj ${stamp}`;
      await aBox.fill(fromA);
      await aBox.press('Enter');
      // B's conversation is open: the message arrives there and is read at once.
      await b.getByTestId('message').filter({ hasText: fromA }).waitFor({ timeout: 10_000 });
      const own = a.getByTestId('message').filter({ hasText: fromA });
      await own.getByTestId('seen').waitFor({ timeout: 10_000 });
      expect((await own.getByTestId('seen').innerText()).trim()).toBe('Görüldü');
      expect(await a.getByTestId('seen').count()).toBe(1);

      // After a reload the receipt is still there (from the page's `seen`).
      await a.reload();
      await a.getByTestId('message').filter({ hasText: fromA }).getByTestId('seen').waitFor({ timeout: 10_000 });
    }));
});
