import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 15's threads in two browsers: B (moderator) answers A's (ayse's) post from the feed; the
 * reply shows "yanıt olarak @ayse" in the feed, its page shows A's post above it, and A's
 * Beğeniler tab lists the post A liked (kept across a reload by the URL).
 */
describe('threads journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;
  const original = `A’nın dizi başlatan gönderisi ${Date.now()}`;
  const answer = `B’den bir yanıt ${Date.now()}`;

  beforeAll(async () => {
    e2e = await startE2E();
    [a, b] = await e2e.signedInPair(DEMO.ayse, DEMO.moderator);
    const created = await e2e.api('/api/posts', { body: { content: original }, token: await e2e.token(DEMO.ayse) });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const cardWith = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text }).first();

  it('B replies to A’s post from the feed: the reply reads "yanıt olarak @ayse", live and after a reload', () =>
    withScreenshots('threads-reply-context', [b], async () => {
      await b.goto('/');
      await cardWith(b, original).getByRole('button', { name: 'Yanıtla' }).click();
      const modal = b.getByRole('dialog');
      await modal.getByRole('textbox').fill(answer);
      await modal.getByRole('button', { name: 'Yanıtla' }).click();
      await modal.waitFor({ state: 'detached' });

      for (const reload of [false, true]) {
        if (reload) await b.reload();
        const reply = cardWith(b, answer);
        await reply.waitFor();
        const context = reply.locator('.post-card__reply-to');
        expect((await context.innerText()).trim()).toBe('yanıt olarak @ayse');
        expect(await context.getByRole('link', { name: '@ayse' }).getAttribute('href')).toBe('/profile/ayse');
      }
    }));

  it('the reply’s page shows A’s post above it; "yanıt olarak" opens A’s post', () =>
    withScreenshots('threads-ancestors', [b], async () => {
      await b.goto('/');
      const reply = cardWith(b, answer);
      await reply.locator('a.post-card__time').click();
      await b.waitForURL(/\/post\//);
      const above = b.getByRole('region', { name: 'Dizideki önceki gönderiler' });
      await above.getByText(original).waitFor();
      // The thread reads top to bottom: A's post, then the open reply.
      const texts = await b.locator('.post-card__content').allInnerTexts();
      expect(texts.indexOf(original)).toBeGreaterThanOrEqual(0);
      expect(texts.indexOf(original)).toBeLessThan(texts.indexOf(answer));

      await b.locator('.post-card--detail .post-card__reply-to').getByRole('link', { name: 'yanıt olarak' }).click();
      await b.locator('.post-card--detail').getByText(original).waitFor();
      await b.getByRole('region', { name: 'Yanıtlar' }).getByText(answer).waitFor();
    }));

  it('A likes B’s reply, and A’s Beğeniler tab lists it, also after a reload', () =>
    withScreenshots('threads-likes-tab', [a], async () => {
      await a.goto('/');
      const like = cardWith(a, answer).getByRole('button', { name: 'Beğen' });
      await like.click();
      await a.waitForFunction((el) => (el as HTMLElement).getAttribute('aria-pressed') === 'true', await like.elementHandle());

      await a.goto('/profile/ayse');
      await a.getByRole('tab', { name: 'Beğeniler' }).click();
      await a.waitForURL(/\/profile\/ayse\?tab=likes$/);
      const likes = a.getByRole('feed', { name: 'Beğeniler' });
      await likes.getByText(answer).waitFor();
      expect(await likes.locator('.post-card__reply-to').first().innerText()).toBe('yanıt olarak @ayse');

      await a.reload();
      expect(await a.getByRole('tab', { name: 'Beğeniler' }).getAttribute('aria-selected')).toBe('true');
      await a.getByRole('feed', { name: 'Beğeniler' }).getByText(answer).waitFor();
    }));
});
