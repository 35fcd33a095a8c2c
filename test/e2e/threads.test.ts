import type { Locator, Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 15's threads in two browsers: B (moderator) answers A's (ayse's) post from the feed; the
 * reply shows "yanıt olarak @ayse" in the feed (live in `Size özel`, where B answered, and in the
 * time-ordered `Son`, which lists replies, after a reload), its page shows A's post above it, and
 * A's Beğeniler tab lists the post A liked (kept across a reload by the URL).
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

  const cardWith = (scope: Page | Locator, text: string) => scope.getByRole('article').filter({ hasText: text }).first();
  /**
   * The home screen's `Son` tab (issue 26): every member's posts and replies in time order. The
   * ranked `Size özel` lists top-level posts only, so a reply is read in the feed there; the
   * choice is kept (localStorage), so a reload stays on it.
   */
  const openLatest = async (page: Page) => {
    const tab = page.getByRole('tab', { name: 'Son', exact: true });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
  };
  const feedPanel = (page: Page) => page.getByRole('tabpanel');

  it('B replies to A’s post from the feed: the reply reads "yanıt olarak @ayse", live and after a reload', () =>
    withScreenshots('threads-reply-context', [b], async () => {
      await b.goto('/');
      // A's fresh post is in B's ranked `Size özel` (the default tab).
      expect(await b.getByRole('tab', { name: 'Size özel', exact: true }).getAttribute('aria-selected')).toBe('true');
      await cardWith(feedPanel(b), original).getByRole('button', { name: 'Yanıtla' }).click();
      const modal = b.getByRole('dialog');
      await modal.getByRole('textbox').fill(answer);
      await modal.getByRole('button', { name: 'Yanıtla' }).click();
      await modal.waitFor({ state: 'detached' });

      const expectContext = async () => {
        const reply = cardWith(feedPanel(b), answer);
        await reply.waitFor();
        const context = reply.locator('.post-card__reply-to');
        expect((await context.innerText()).trim()).toBe('yanıt olarak @ayse');
        expect(await context.getByRole('link', { name: '@ayse' }).getAttribute('href')).toBe('/profile/ayse');
      };
      // Live: one's own reply goes on top of the feed one is looking at.
      await expectContext();
      // The time-ordered feed has it too, and after a reload.
      await openLatest(b);
      await expectContext();
      await b.reload();
      await expectContext();
    }));

  it('the reply’s page shows A’s post above it; "yanıt olarak" opens A’s post', () =>
    withScreenshots('threads-ancestors', [b], async () => {
      await b.goto('/');
      // Still on `Son`, the tab chosen above.
      expect(await b.getByRole('tab', { name: 'Son', exact: true }).getAttribute('aria-selected')).toBe('true');
      const reply = cardWith(feedPanel(b), answer);
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
      await openLatest(a);
      const like = cardWith(feedPanel(a), answer).getByRole('button', { name: 'Beğen' });
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

  describe('a deep reply opened directly (issue 23)', () => {
    /** Ids of a thread 9 posts long (a root and 8 replies, each to the one before), root first. */
    let chain: string[] = [];
    const stamp = Date.now();
    const textOf = (depth: number) => `Dizinin ${depth}. halkası ${stamp}`;

    beforeAll(async () => {
      const tokens = [await e2e.token(DEMO.ayse), await e2e.token(DEMO.moderator)];
      chain = [];
      for (let depth = 0; depth <= 8; depth++) {
        const body = { content: textOf(depth), ...(depth > 0 ? { replyToId: chain[depth - 1] } : {}) };
        const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body, token: tokens[depth % 2] });
        expect(created.status).toBe(201);
        chain.push(created.body.post.id);
      }
    });

    /** Where the page stands: the open post's top, the sticky header's bottom, the thread's boxes. */
    const measure = (page: Page) =>
      page.evaluate(() => {
        const box = (el: Element | null) => el?.getBoundingClientRect() ?? null;
        const lines = [...document.querySelectorAll('.post-detail__ancestors [data-testid="thread-line"]')].map((el) => {
          const line = el.getBoundingClientRect();
          const card = el.closest('article')!;
          const avatar = card.querySelector('.post-card__avatar')!.getBoundingClientRect();
          const next = (card.nextElementSibling ?? document.querySelector('.post-card--detail'))!.querySelector('.post-card__avatar')!.getBoundingClientRect();
          return { top: line.top, bottom: line.bottom, avatarBottom: avatar.bottom, nextAvatarTop: next.top, left: line.left, avatarLeft: avatar.left, avatarRight: avatar.right };
        });
        return {
          scrollY: window.scrollY,
          viewport: window.innerHeight,
          headerBottom: box(document.querySelector('.page-header'))!.bottom,
          focusTop: box(document.querySelector('.post-card--detail'))!.top,
          ancestorsBottom: box(document.querySelector('.post-detail__ancestors'))!.bottom,
          ancestorCards: document.querySelectorAll('.post-detail__ancestors article').length,
          lines,
        };
      });

    it.each([
      [1280, 900],
      [390, 844],
    ])('opens at the reply under the header at %i px, its 8 ancestors above, joined by a thread line', async (width, height) => {
      const { page, context } = await e2e.newPage({ width, height });
      try {
        await withScreenshots(`threads-deep-reply-${width}`, [page], async () => {
          await page.goto(`/post/${chain[8]}`);
          await page.locator('.post-card--detail').getByText(textOf(8)).waitFor();
          await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 10_000 });
          const at = await measure(page);
          // The open post's top is in view, just under the sticky header.
          expect(at.focusTop).toBeGreaterThanOrEqual(at.headerBottom - 2);
          expect(at.focusTop).toBeLessThanOrEqual(at.headerBottom + 16);
          // Its 8 ancestors are above it, out of view, reached by scrolling up.
          expect(at.ancestorCards).toBe(8);
          expect(at.ancestorsBottom).toBeLessThanOrEqual(at.focusTop + 1);
          expect(at.scrollY).toBeGreaterThan(0);
          // One line per ancestor, from under its avatar down to the next one's (the last into the open post).
          expect(at.lines).toHaveLength(8);
          for (const line of at.lines) {
            expect(line.top).toBeGreaterThanOrEqual(line.avatarBottom);
            expect(line.bottom).toBeLessThanOrEqual(line.nextAvatarTop);
            expect(line.nextAvatarTop - line.bottom).toBeLessThan(12);
            expect(line.left).toBeGreaterThan(line.avatarLeft);
            expect(line.left).toBeLessThan(line.avatarRight);
          }
          // The thread reads top to bottom when scrolled up.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.getByText(textOf(0)).waitFor();
          expect(await page.locator('.post-detail__ancestors article').first().innerText()).toContain(textOf(0));

          // Back and forward keep their own position: away to the author's profile and back.
          await page.evaluate(() => window.scrollTo(0, 300));
          await page.waitForFunction(() => window.scrollY === 300);
          await page.locator('.post-card--detail .post-card__name').click();
          await page.waitForURL(/\/profile\//);
          await page.goBack();
          await page.locator('.post-card--detail').getByText(textOf(8)).waitFor();
          await page.waitForFunction(() => window.scrollY === 300, undefined, { timeout: 5_000 });
        });
      } finally {
        await context.close();
      }
    });
  });
});

